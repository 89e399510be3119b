-- Two indexes on a random key, written by every receipt: the receipts table's primary key (the receipt's hash; in a
-- rowid table, an index of its own) and the fact log's unique hash. Once a store is large, each receipt in a commit
-- writes into a leaf of its own in both, so a commit of a few hundred messages wrote several hundred pages of them
-- alone. Both tables are built again with keys that lead with the message id, whose keys follow the time order of
-- message ids: a receipt is found by its message, through (message_id, state, actor), and a fact by (ref, hash),
-- where ref is a receipt's message id and empty for every other kind. Both keep their rowids and seqs (retention
-- reads receipts in rowid order; peers read the log by seq).

-- The outbox names the message of each receipt it sends, read while the receipts' hash is still a key.
ALTER TABLE outbox ADD COLUMN message_id BLOB;
UPDATE outbox SET message_id = (SELECT r.message_id FROM receipts r WHERE r.hash = outbox.ref) WHERE kind IN ('receipt', 'audit');

CREATE TABLE facts_log (
  seq      INTEGER PRIMARY KEY AUTOINCREMENT,
  hash     BLOB NOT NULL,                      -- sha256 of bytes: the fact's id everywhere (gossip message id too)
  kind     TEXT NOT NULL,                      -- card | receipt | revocation | endorsement | lease
  bytes    BLOB NOT NULL,                      -- card JSON, or the signed envelope
  at_ms    INTEGER NOT NULL,
  ref      BLOB NOT NULL DEFAULT X'',          -- a receipt's message id; empty for every other kind
  UNIQUE (ref, hash)
);
INSERT INTO facts_log (seq, hash, kind, bytes, at_ms, ref)
  SELECT f.seq, f.hash, f.kind, f.bytes, f.at_ms,
    CASE WHEN f.kind = 'receipt' THEN coalesce((SELECT r.message_id FROM receipts r WHERE r.hash = f.hash), X'') ELSE X'' END
  FROM facts f ORDER BY f.seq;
-- a seq is never given twice, not even one whose fact is gone: the log's counter carries over
DELETE FROM sqlite_sequence WHERE name = 'facts_log';
INSERT INTO sqlite_sequence (name, seq) SELECT 'facts_log', seq FROM sqlite_sequence WHERE name = 'facts';
DROP TABLE facts;
ALTER TABLE facts_log RENAME TO facts;

CREATE TABLE receipts_rows (
  hash           BLOB NOT NULL,               -- sha256 of the signed receipt envelope (the fact's hash)
  message_id     BLOB NOT NULL,
  state          TEXT NOT NULL,
  actor          TEXT NOT NULL,
  envelope       BLOB NOT NULL,
  at_ms          INTEGER NOT NULL,
  received_at_ms INTEGER NOT NULL,
  UNIQUE (message_id, state, actor)
);
INSERT INTO receipts_rows (rowid, hash, message_id, state, actor, envelope, at_ms, received_at_ms)
  SELECT rowid, hash, message_id, state, actor, envelope, at_ms, received_at_ms FROM receipts ORDER BY rowid;
DROP TABLE receipts;
ALTER TABLE receipts_rows RENAME TO receipts;
