-- The seat a message names as its auditor (require AUDITED), NULL for none: the auditor's node wakes it and lists
-- what it has to judge by this column, and the recipient's node sends each COMPLETE of such a message to it.
ALTER TABLE messages ADD COLUMN auditor TEXT;
CREATE INDEX messages_auditor ON messages (auditor, state) WHERE auditor IS NOT NULL;
