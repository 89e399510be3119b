-- Invitations: a one-time secret (stored hashed) that lets a new home join through this owner node.
CREATE TABLE invites (
  secret_hash   BLOB PRIMARY KEY,
  created_at_ms INTEGER NOT NULL,
  expires_at_ms INTEGER NOT NULL,
  used_at_ms    INTEGER,
  used_by       TEXT                           -- the peer id that used it
);
