-- The fact log (every accepted signed fact, with a local sequence number: the sync feed) and, per peer, how far
-- into that peer's log this node has read.
CREATE TABLE facts (
  seq      INTEGER PRIMARY KEY AUTOINCREMENT,
  hash     BLOB NOT NULL UNIQUE,               -- sha256 of bytes: the fact's id everywhere (gossip message id too)
  kind     TEXT NOT NULL,                      -- card | receipt | revocation | endorsement
  bytes    BLOB NOT NULL,                      -- card JSON, or the signed envelope
  at_ms    INTEGER NOT NULL
);

CREATE TABLE peer_checkpoints (
  peer_id       TEXT PRIMARY KEY,
  seq           INTEGER NOT NULL,              -- the last seq of that peer's log applied here
  updated_at_ms INTEGER NOT NULL
);

-- Receipts about messages this node does not hold (learned by gossip) need no message row; index by message.
CREATE INDEX IF NOT EXISTS receipts_state ON receipts (message_id, state);

-- When a seat moves, its old node stays a trusted peer for a while, so it can hand the seat's messages over.
ALTER TABLE cards ADD COLUMN prev_peer_id TEXT;
ALTER TABLE cards ADD COLUMN prev_until_ms INTEGER;
