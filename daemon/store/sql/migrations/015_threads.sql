-- A message's thread beside it, so a conversation is one indexed query: '' for a message without one, NULL for a
-- message stored before this column (filled in from its envelope the first time a conversation is asked for).
ALTER TABLE messages ADD COLUMN thread TEXT;
CREATE INDEX messages_thread ON messages (thread, sent_at_ms);
CREATE INDEX messages_unthreaded ON messages (id) WHERE thread IS NULL;
-- A seat's sent messages, newest first (the outbox of obligations).
CREATE INDEX messages_sent ON messages (from_handle, local_from, sent_at_ms);
