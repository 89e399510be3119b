-- A message's sender-signed header (id, from, to, payload hash) beside the message: every receipt the recipient
-- signs carries it, so a node that holds only receipts can check who sent what to whom.
ALTER TABLE messages ADD COLUMN header BLOB;
