-- Mailboxes. On a mailbox node: the signed messages and receipts it holds for members whose node is away, until
-- their destination's node has durably stored them. On a sender's node: which mailbox an outbox item was handed to.
CREATE TABLE mailbox (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  kind            TEXT NOT NULL,              -- 'message' or 'receipt'
  ref             BLOB NOT NULL,              -- message id, or receipt hash
  dest            TEXT NOT NULL,              -- the handle whose node must get it
  envelope        BLOB NOT NULL,              -- the signed bytes, exactly as handed over
  header          BLOB,                       -- a message's sender-signed header
  reply_to        TEXT,                       -- a message's sender: where its DELIVERED receipt goes back
  from_peer       TEXT NOT NULL,              -- the peer that handed it here (its quota)
  bytes           INTEGER NOT NULL,
  received_at_ms  INTEGER NOT NULL,
  next_attempt_ms INTEGER NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  last_error      TEXT,
  UNIQUE (kind, ref)
);
CREATE INDEX mailbox_dest ON mailbox (dest);
CREATE INDEX mailbox_from ON mailbox (from_peer);
ALTER TABLE outbox ADD COLUMN held_at TEXT;          -- the mailbox peer that holds a copy
ALTER TABLE outbox ADD COLUMN held_since_ms INTEGER; -- since when
