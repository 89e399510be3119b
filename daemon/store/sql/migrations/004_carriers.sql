-- Carrier contracts (what a seat's carrier needs, checked at start and before every wake), the wake queue and
-- every wake attempt. The contract's variables stay in actors.require_env (001); these columns add the rest.
ALTER TABLE actors ADD COLUMN require_files      TEXT NOT NULL DEFAULT '[]'; -- JSON list of absolute paths (files or folders) that must exist
ALTER TABLE actors ADD COLUMN probe              TEXT;                       -- a shell command that must exit 0 before a wake
ALTER TABLE actors ADD COLUMN wake_command       TEXT;                       -- carrier `command`: the program run instead of tmux
ALTER TABLE actors ADD COLUMN command_timeout_ms INTEGER;                    -- NULL: the carrier kind's default
ALTER TABLE actors ADD COLUMN wake_delay_ms      INTEGER;                    -- between the line and Enter; NULL: the carrier kind's default

-- One row per message for a local seat; a wake naming it sets woken_at_ms. Kept (not deleted) so that a restart
-- can tell which DELIVERED messages were never woken.
CREATE TABLE wake_queue (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT, -- arrival order: the newest obligation has the highest seq
  message_id   BLOB NOT NULL UNIQUE,
  handle       TEXT NOT NULL,
  queued_at_ms INTEGER NOT NULL,
  woken_at_ms  INTEGER
);
CREATE INDEX wake_queue_open ON wake_queue (handle, woken_at_ms);

CREATE TABLE wakes (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  handle      TEXT NOT NULL,
  carrier     TEXT NOT NULL,
  pane        TEXT,
  tmux_socket TEXT,
  at_ms       INTEGER NOT NULL,
  count       INTEGER NOT NULL,                  -- obligations the wake named
  newest      BLOB NOT NULL,                     -- the obligation the line points at
  result      TEXT NOT NULL,                     -- ok | failed
  code        TEXT,                              -- CONTRACT_… when the contract refused it, WAKE_… when the wake itself failed
  error       TEXT,
  duration_ms INTEGER NOT NULL
);
CREATE INDEX wakes_handle ON wakes (handle, id);
