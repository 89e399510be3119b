-- receipts_message (message_id) and receipts_state (message_id, state) are prefixes of the UNIQUE
-- (message_id, state, actor) index every receipts row already writes: every query by message uses that one.
DROP INDEX IF EXISTS receipts_message;
DROP INDEX IF EXISTS receipts_state;
