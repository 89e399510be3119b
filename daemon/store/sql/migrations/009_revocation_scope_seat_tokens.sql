-- A revocation belongs to the mesh that signed it: one row per (actor key, mesh), so that one trusted mesh's
-- revocation of a key can never hide or replace another mesh's. And isolated seats, which act only with a token.
CREATE TABLE revocations_by_mesh (
  actor_key TEXT NOT NULL,
  mesh_key  TEXT NOT NULL,
  handle    TEXT,
  envelope  BLOB NOT NULL,                    -- the signed revocation
  at_ms     INTEGER NOT NULL,
  PRIMARY KEY (actor_key, mesh_key)
);
INSERT INTO revocations_by_mesh (actor_key, mesh_key, handle, envelope, at_ms)
  SELECT actor_key, mesh_key, handle, envelope, at_ms FROM revocations;
DROP TABLE revocations;
ALTER TABLE revocations_by_mesh RENAME TO revocations;


-- An isolated seat: acting as it needs its token. Only a hash is kept; the token lives in a 0600 file.
CREATE TABLE seat_tokens (
  handle        TEXT PRIMARY KEY,
  token_hash    BLOB NOT NULL,                -- SHA-256 of the token (32 random bytes: no slow hash needed)
  created_at_ms INTEGER NOT NULL
);
