-- Start-up reads nothing proportional to the store. Every message for a local seat now gets its wake-queue row in
-- the commit that stores it, so a start need not look for messages never queued: those an earlier version left
-- unqueued (a crash between its two commits) are queued here, once.
INSERT OR IGNORE INTO wake_queue (message_id, handle, queued_at_ms)
  SELECT id, to_handle, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM messages
  WHERE local_to = 1 AND state = 'DELIVERED' ORDER BY sent_at_ms, id;
