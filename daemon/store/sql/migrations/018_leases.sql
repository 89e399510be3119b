-- Leases on obligations addressed to a role: every signed LEASE fact held (grants, renewals, releases), by the
-- message's sender. The sender's node writes them as the authority; every other node learns them by gossip and sync.
-- Safe to run again on a database that has it (a test that sets user_version back runs it twice).
CREATE TABLE IF NOT EXISTS leases (
  hash           BLOB PRIMARY KEY,   -- sha256 of the signed lease envelope: its fact id
  message_id     BLOB NOT NULL,
  fence          INTEGER NOT NULL,
  kind           TEXT NOT NULL,      -- GRANTED | RELEASED
  holder         TEXT NOT NULL,
  at_ms          INTEGER NOT NULL,
  expires_at_ms  INTEGER NOT NULL,
  envelope       BLOB NOT NULL,
  received_at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS leases_message ON leases (message_id, fence, at_ms);

-- A message addressed to a role is offered to each of the role's seats here: one wake-queue row per message and seat
-- (it was one per message). An offer made again after a lease expired queues its row anew.
CREATE TABLE wake_queue_by_seat (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id   BLOB NOT NULL,
  handle       TEXT NOT NULL,
  queued_at_ms INTEGER NOT NULL,
  woken_at_ms  INTEGER,
  UNIQUE (message_id, handle)
);
INSERT INTO wake_queue_by_seat (seq, message_id, handle, queued_at_ms, woken_at_ms)
  SELECT seq, message_id, handle, queued_at_ms, woken_at_ms FROM wake_queue ORDER BY seq;
DROP TABLE wake_queue;
ALTER TABLE wake_queue_by_seat RENAME TO wake_queue;
CREATE INDEX wake_queue_open ON wake_queue (handle, woken_at_ms);
