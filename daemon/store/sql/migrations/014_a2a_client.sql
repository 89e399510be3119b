-- The A2A client: obligations a local seat sent to an outside A2A agent, the receipts the seat signed as a witness
-- of the agent's answers, and the agent card key pinned per agent URL on first use. These rows stay on this node:
-- nothing here enters the fact log, the outbox or a handover, so no peer ever receives them.
CREATE TABLE a2a_pins (
  url          TEXT PRIMARY KEY,               -- the agent URL as the user gave it, normalized
  thumbprint   TEXT NOT NULL,                  -- RFC 7638 SHA-256 thumbprint of the card's signing key, base64url
  jwk          TEXT NOT NULL,                  -- that public key as JSON
  card_name    TEXT NOT NULL,
  pinned_at_ms INTEGER NOT NULL,
  seen_at_ms   INTEGER NOT NULL
);

CREATE TABLE a2a_obligations (
  message_id     BLOB PRIMARY KEY,             -- 16 bytes: the obligation id
  hash           BLOB NOT NULL,                -- sha256 of the signed envelope bytes
  envelope       BLOB NOT NULL,                -- the message the seat signed
  header         BLOB NOT NULL,                -- its sender-signed header (carried by the witness receipts)
  from_handle    TEXT NOT NULL,
  recipient      TEXT NOT NULL,                -- a2a:<card name>: never a mesh handle (a colon is not allowed in one)
  url            TEXT NOT NULL,
  card_name      TEXT NOT NULL,
  key_thumbprint TEXT,                         -- NULL: the card was unsigned and sent to with --allow-unsigned
  task_id        TEXT,                         -- the remote task, once the agent named one
  context_id     TEXT,
  task_state     TEXT,                         -- the A2A task state last seen (TASK_STATE_…)
  state          TEXT NOT NULL DEFAULT 'DELIVERY_PENDING',  -- cache of deriveState(a2a_receipts)
  last_error     TEXT,                         -- why no answer is recorded (a timeout, an oversized answer)
  sent_at_ms     INTEGER NOT NULL,
  updated_at_ms  INTEGER NOT NULL
);
CREATE INDEX a2a_obligations_open ON a2a_obligations (state, sent_at_ms);

CREATE TABLE a2a_receipts (
  hash       BLOB PRIMARY KEY,                 -- sha256 of the signed receipt envelope
  message_id BLOB NOT NULL,
  state      TEXT NOT NULL,
  envelope   BLOB NOT NULL,                    -- signed by the sending seat, code A2A_WITNESS
  at_ms      INTEGER NOT NULL,
  UNIQUE (message_id, state)
);
