-- Collections of documents (knowledge bases).
CREATE TABLE collections (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    description TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);

-- One row per ingested file. SQLite is the source of truth: the Bleve index is
-- rebuilt from the chunks below whenever the two could disagree (see library).
CREATE TABLE documents (
    id            TEXT PRIMARY KEY,
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    format        TEXT NOT NULL,
    language      TEXT NOT NULL DEFAULT '',
    hash          TEXT NOT NULL,                 -- SHA-256 of the original bytes
    size          INTEGER NOT NULL,
    pages         INTEGER NOT NULL DEFAULT 0,
    chunk_count   INTEGER NOT NULL DEFAULT 0,
    file_path     TEXT NOT NULL,                 -- relative to the data directory
    status        TEXT NOT NULL CHECK (status IN ('queued', 'parsing', 'indexing', 'ready', 'failed', 'deleting')),
    stage_percent INTEGER NOT NULL DEFAULT 0,
    error         TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    UNIQUE (collection_id, hash)
);
CREATE INDEX documents_collection ON documents (collection_id, name);
CREATE INDEX documents_status ON documents (status);

-- The extracted text, apart from the document row so listings stay light.
CREATE TABLE document_texts (
    document_id TEXT PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
    text        TEXT NOT NULL
);

-- Chunks with their locators; offsets count Unicode code points into the text.
CREATE TABLE chunks (
    id           TEXT PRIMARY KEY,
    document_id  TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    ordinal      INTEGER NOT NULL,
    page_start   INTEGER NOT NULL DEFAULT 0,
    page_end     INTEGER NOT NULL DEFAULT 0,
    heading_path TEXT NOT NULL DEFAULT '[]',     -- JSON array of strings
    start_offset INTEGER NOT NULL,
    end_offset   INTEGER NOT NULL,
    text         TEXT NOT NULL,
    language     TEXT NOT NULL DEFAULT '',
    UNIQUE (document_id, ordinal)
);
