-- Frozen: a database as Lexflow schema version 1 left it, with user data.
-- Never edit; newer migrations must upgrade it without loss.
CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);
CREATE TABLE settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE providers (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE COLLATE NOCASE,
    kind          TEXT NOT NULL CHECK (kind IN ('ollama', 'openai', 'extractive')),
    base_url      TEXT NOT NULL DEFAULT '',
    api_key       TEXT NOT NULL DEFAULT '',
    default_model TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);
INSERT INTO schema_migrations VALUES (1, '0001_settings_providers', '2026-01-05T10:00:00.000Z');
INSERT INTO settings VALUES ('defaults', '{"defaultProviderId":"p1","defaultModel":"qwen3:8b"}', '2026-01-05T10:00:00.000Z');
INSERT INTO providers VALUES ('p1', 'Office Ollama', 'ollama', 'http://127.0.0.1:11434', '', 'qwen3:8b',
    '2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00.000Z');
INSERT INTO providers VALUES ('p2', 'LM Studio', 'openai', 'http://127.0.0.1:1234/v1', 'sk-secret', 'llama',
    '2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00.000Z');
