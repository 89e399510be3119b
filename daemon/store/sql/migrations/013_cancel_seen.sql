-- A message its sender withdrew (CANCELED) stays in its recipient seat's open inbox until the seat has read it once
-- after the withdrawal: when that read happened. Only for messages addressed to a seat here; NULL until then.
ALTER TABLE messages ADD COLUMN cancel_seen_at_ms INTEGER;
