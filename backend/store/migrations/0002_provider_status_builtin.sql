-- Remember the outcome of the last connection test, and mark built-in providers.
ALTER TABLE providers ADD COLUMN built_in INTEGER NOT NULL DEFAULT 0;
ALTER TABLE providers ADD COLUMN last_checked_at TEXT;
ALTER TABLE providers ADD COLUMN last_status TEXT NOT NULL DEFAULT '';

-- The extractive provider needs no model, so a fresh install can answer at once.
INSERT INTO providers (id, name, kind, default_model, built_in, created_at, updated_at)
VALUES ('extractive', 'Built-in (extractive)', 'extractive', 'extractive', 1,
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
ON CONFLICT (name) DO NOTHING;
