-- Safe to re-run: the tables every version has. Everything else comes from numbered migrations.
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
