-- The capabilities a seat states in its signed card (cards/skills.ts): its own skills and the MCP servers it has,
-- as JSON {"skills": [...], "mcp": [...]}; '{}' states none.
ALTER TABLE actors ADD COLUMN capabilities TEXT NOT NULL DEFAULT '{}';
