-- Facts from a peer's log that could not be checked yet because a card they need had not arrived (a compacted log
-- keeps only each seat's newest card, which may come after the receipts signed under it). The sync checkpoint moves
-- past them with the page that brought them, so they are kept here, in that page's transaction, until the card is
-- held: a restart between two pages of a catch-up must not lose them.
CREATE TABLE IF NOT EXISTS deferred_facts (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,  -- arrival order: past the bound, the oldest goes first
  hash      BLOB NOT NULL UNIQUE,               -- sha256 of bytes
  kind      TEXT NOT NULL,
  bytes     BLOB NOT NULL,
  awaiting  TEXT NOT NULL,                      -- the handle whose card it waits for
  at_ms     INTEGER NOT NULL
);
