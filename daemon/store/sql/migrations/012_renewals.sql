-- Renewed endorsements: the mesh owner signs a seat's handle and key again with a later expiry, and the renewal
-- spreads as an endorsement fact. One row per (mesh, handle, key): the one that expires last.
CREATE TABLE renewals (
  mesh_key       TEXT NOT NULL,
  handle         TEXT NOT NULL,
  actor_key      TEXT NOT NULL,
  expires_at_ms  INTEGER NOT NULL,
  envelope       BLOB NOT NULL,                -- the signed endorsement
  received_at_ms INTEGER NOT NULL,
  PRIMARY KEY (mesh_key, handle, actor_key)
);
