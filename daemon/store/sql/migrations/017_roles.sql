-- The roles a seat holds (cards/role.ts), stated in its signed card: JSON list of role names, sorted, each once.
ALTER TABLE actors ADD COLUMN roles TEXT NOT NULL DEFAULT '[]';
