-- Evidence of COMPLETE receipts, kept beside (never inside) the signed receipts, which every node may hold. On the
-- recipient's node a row says which file a local seat acked with (re-hashed there); on the sender's node it holds
-- the content that came beside the receipt, checked against the receipt's sha256. No other node has a row.
CREATE TABLE evidence (
  receipt_hash BLOB PRIMARY KEY,               -- the COMPLETE receipt this evidence backs
  message_id   BLOB NOT NULL,
  origin       TEXT NOT NULL,                  -- issued: a seat here acked with this file | received: the sender's copy
  path         TEXT NOT NULL,                  -- the file on the recipient's machine (read only where origin = issued)
  sha256       BLOB NOT NULL,
  size         INTEGER NOT NULL,
  content      BLOB,                           -- the file's bytes when small enough to travel; NULL otherwise
  stored_at_ms INTEGER NOT NULL
);
