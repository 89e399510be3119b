-- A receipt's hash is no longer a key of the receipts table. As the primary key of a rowid table it was an index of
-- its own, on a random key: every new receipt wrote into a leaf of its own there, so a commit of a few hundred
-- messages wrote a few hundred pages of that index alone. Receipts are found by their message, through the unique
-- (message_id, state, actor), whose keys follow the time order of message ids; a receipt named only by its hash is
-- found through the fact log, which holds every receipt under its hash. The rows keep their rowids: retention reads
-- the table in rowid order from where it stopped.
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
