-- Retention: what an obligation leaves behind once its history is archived, and the ids of those purged since.
-- Safe to run again on a database that has it.
--
-- An archived obligation keeps one compact row: who sent what to whom, its final state and the final receipt's
-- signed envelope (which carries the sender-signed header), so `status OB` still verifies what it claims. Its body,
-- its other receipts, its leases, its evidence content and its fact-log entries are gone.
CREATE TABLE IF NOT EXISTS archived (
  message_id      BLOB PRIMARY KEY,     -- 16 bytes: the obligation id
  hash            BLOB NOT NULL,        -- sha256 of the signed message envelope (what every receipt names)
  from_handle     TEXT NOT NULL,
  to_handle       TEXT NOT NULL,
  state           TEXT NOT NULL,        -- COMPLETE | REJECTED | CANCELED | EXPIRED | FAILED
  final_receipt   BLOB,                 -- the signed receipt of that state; NULL for EXPIRED and FAILED (nobody signed one)
  signer_key      BLOB,                 -- the key that signed it, as this node checked it when it archived
  evidence_sha256 BLOB,                 -- a COMPLETE's evidence hash
  sent_at_ms      INTEGER,
  final_at_ms     INTEGER NOT NULL,     -- when it became final (the final receipt's time, or the expiry)
  archived_at_ms  INTEGER NOT NULL,
  local           INTEGER NOT NULL DEFAULT 0  -- 1: sent from or to a seat hosted here
); -- a rowid table: rows of a kilobyte or more in a WITHOUT ROWID table spill into an overflow page each
CREATE INDEX IF NOT EXISTS archived_final ON archived (final_at_ms);

-- A purged obligation leaves only its id: a receipt or lease about it that an old peer still holds is never taken
-- back in (16 bytes and a time per obligation, against ~1-2 KB for its archived row).
CREATE TABLE IF NOT EXISTS forgotten (
  message_id   BLOB PRIMARY KEY,
  purged_at_ms INTEGER NOT NULL
) WITHOUT ROWID;

-- A wake history bounded by time: the compaction drops attempts older than the archive horizon.
CREATE INDEX IF NOT EXISTS wakes_at ON wakes (at_ms);
-- Card facts by kind, so superseded cards are found without reading the whole log.
CREATE INDEX IF NOT EXISTS facts_kind ON facts (kind, seq);
-- Evidence by obligation, so an archived obligation's evidence is found without reading every row.
CREATE INDEX IF NOT EXISTS evidence_message ON evidence (message_id);
-- Messages with a time to live, by when it runs out: expired ones are found without a scan of every message.
CREATE INDEX IF NOT EXISTS messages_expiry ON messages (expires_at_ms) WHERE expires_at_ms IS NOT NULL;
