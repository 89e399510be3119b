-- Idempotency keys: a client's key names, per sending seat, the obligation it created, for a window (24 h, see
-- daemon/messaging/idempotency.ts). Written in the commit that stores the message, so a crash cannot keep one without
-- the other; rows older than the window are pruned as new ones are written.
CREATE TABLE idempotency_keys (
  seat          TEXT NOT NULL,                -- the sending seat: a key is that seat's own
  key           TEXT NOT NULL,                -- the client's key (printable ASCII, at most 256 bytes)
  request_hash  BLOB NOT NULL,                -- sha256 of the request it named: the same key for another request is refused
  message_id    BLOB NOT NULL,                -- the obligation the key returns
  created_at_ms INTEGER NOT NULL,
  PRIMARY KEY (seat, key)
);
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at_ms);
