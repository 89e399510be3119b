-- Seats hosted here, every known card, the meshes this home trusts, and revocations.
CREATE TABLE actors (
  handle        TEXT PRIMARY KEY,
  actor_key     TEXT NOT NULL UNIQUE,
  carrier       TEXT NOT NULL,
  model         TEXT,
  pane          TEXT,
  tmux_socket   TEXT,
  require_env   TEXT NOT NULL DEFAULT '[]',   -- JSON list of variable names the carrier needs
  endorsement   BLOB,                         -- SignedEnvelope bytes; NULL until the mesh owner endorses
  hosted        INTEGER NOT NULL DEFAULT 1,   -- 0 once the seat moved away
  created_at_ms INTEGER NOT NULL
);

CREATE TABLE cards (
  handle         TEXT PRIMARY KEY,            -- newest accepted card per handle
  actor_key      TEXT NOT NULL,
  seq            INTEGER NOT NULL,
  peer_id        TEXT NOT NULL,
  json           TEXT NOT NULL,               -- the exact signed JSON text
  updated_at_ms  INTEGER NOT NULL,
  received_at_ms INTEGER NOT NULL
);

CREATE TABLE meshes (
  mesh_key    TEXT PRIMARY KEY,
  owned       INTEGER NOT NULL DEFAULT 0,     -- 1 when this home holds the mesh owner key
  added_at_ms INTEGER NOT NULL
);

CREATE TABLE revocations (
  actor_key TEXT PRIMARY KEY,
  mesh_key  TEXT NOT NULL,
  handle    TEXT,
  envelope  BLOB NOT NULL,                    -- the signed revocation
  at_ms     INTEGER NOT NULL
);

CREATE TABLE handle_conflicts (
  handle     TEXT NOT NULL,
  actor_key  TEXT NOT NULL,
  card_json  TEXT NOT NULL,                   -- the refused card, for the operator
  seen_at_ms INTEGER NOT NULL,
  PRIMARY KEY (handle, actor_key)
);
