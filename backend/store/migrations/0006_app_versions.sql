-- Every save of an app's DSL is a new version: the editor sends the version it
-- started from, so a save over a newer one (another window) is refused, not lost.
ALTER TABLE apps ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
