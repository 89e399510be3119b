-- Messages in and out, their outbox, the signed receipts about them, and refused equivocations.
CREATE TABLE messages (
  id            BLOB PRIMARY KEY,             -- 16 bytes: the obligation id
  hash          BLOB NOT NULL,                -- sha256 of the signed envelope bytes
  envelope      BLOB NOT NULL,                -- the signed message, exactly as received or sent
  from_handle   TEXT NOT NULL,
  to_handle     TEXT NOT NULL,
  local_from    INTEGER NOT NULL DEFAULT 0,   -- 1: sent by a seat hosted here
  local_to      INTEGER NOT NULL DEFAULT 0,   -- 1: addressed to a seat hosted here
  sent_at_ms    INTEGER NOT NULL,
  expires_at_ms INTEGER,
  stored_at_ms  INTEGER NOT NULL,
  state         TEXT NOT NULL DEFAULT 'DELIVERY_PENDING'  -- cache of deriveState(receipts), rewritten with every receipt
);
CREATE INDEX messages_inbox ON messages (to_handle, local_to, sent_at_ms);

CREATE TABLE receipts (
  hash           BLOB PRIMARY KEY,            -- sha256 of the signed receipt envelope
  message_id     BLOB NOT NULL,
  state          TEXT NOT NULL,
  actor          TEXT NOT NULL,
  envelope       BLOB NOT NULL,
  at_ms          INTEGER NOT NULL,
  received_at_ms INTEGER NOT NULL,
  UNIQUE (message_id, state, actor)
);
CREATE INDEX receipts_message ON receipts (message_id);

CREATE TABLE outbox (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  kind            TEXT NOT NULL,              -- 'message' or 'receipt'
  ref             BLOB NOT NULL,              -- message id, or receipt hash
  dest            TEXT NOT NULL,              -- the handle whose node must get it
  status          TEXT NOT NULL DEFAULT 'pending',  -- pending | failed | expired
  next_attempt_ms INTEGER NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  last_error      TEXT,
  created_at_ms   INTEGER NOT NULL,
  UNIQUE (kind, ref, dest)
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_ms);
CREATE INDEX outbox_dest ON outbox (dest, status);

CREATE TABLE equivocations (
  message_id  BLOB NOT NULL,
  hash        BLOB NOT NULL,                  -- the other content's hash
  from_handle TEXT NOT NULL,
  peer_id     TEXT,
  seen_at_ms  INTEGER NOT NULL,
  PRIMARY KEY (message_id, hash)
);
