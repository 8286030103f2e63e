-- Conversations: the backend is the only source of chat history.
CREATE TABLE conversations (
    id         TEXT PRIMARY KEY,
    app_id     TEXT REFERENCES apps (id) ON DELETE SET NULL,
    title      TEXT NOT NULL DEFAULT '',
    settings   TEXT NOT NULL DEFAULT '{}',   -- the turn settings last used: collections, model
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX conversations_updated ON conversations (updated_at);

-- Messages in order: seq_id is per conversation, the next one MAX(seq_id)+1 in the
-- same transaction. turn_key makes saving a turn idempotent.
CREATE TABLE messages (
    id              TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    seq_id          INTEGER NOT NULL,
    role            TEXT NOT NULL CHECK (role IN ('human', 'ai', 'tool', 'system')),
    content         TEXT NOT NULL DEFAULT '',
    tool_calls      TEXT NOT NULL DEFAULT '[]',
    citations       TEXT NOT NULL DEFAULT '[]',
    run_id          TEXT REFERENCES workflow_runs (id) ON DELETE SET NULL,
    status          TEXT NOT NULL CHECK (status IN ('streaming', 'done', 'interrupted', 'failed')),
    error           TEXT NOT NULL DEFAULT '',
    turn_key        TEXT NOT NULL DEFAULT '',
    is_ask_user     INTEGER NOT NULL DEFAULT 0,   -- the answer is a clarifying question
    pending_intent  TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    UNIQUE (conversation_id, seq_id)
);
CREATE UNIQUE INDEX messages_turn ON messages (conversation_id, turn_key, role) WHERE turn_key <> '';

-- A conversation waiting for the user's answer to a clarifying question: the
-- next message restores the intent and the original query (SQLite stands in
-- for a key-value store with expiry: expired rows are ignored, then swept).
CREATE TABLE ask_user_states (
    conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
    message_id      TEXT NOT NULL,
    pending_intent  TEXT NOT NULL DEFAULT '',
    original_query  TEXT NOT NULL DEFAULT '',
    question        TEXT NOT NULL DEFAULT '',
    ask_user_count  INTEGER NOT NULL DEFAULT 1,
    expires_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE INDEX ask_user_states_expiry ON ask_user_states (expires_at);

-- What a retrieval searched for and found, ranked, with scores and locators.
CREATE TABLE retrieval_records (
    id          TEXT PRIMARY KEY,
    message_id  TEXT,
    run_id      TEXT,  -- no foreign key: audit records outlive the runs they came from
    node_id     TEXT NOT NULL DEFAULT '',
    query       TEXT NOT NULL,
    parameters  TEXT NOT NULL DEFAULT '{}',
    hits        TEXT NOT NULL DEFAULT '[]',
    created_at  TEXT NOT NULL
);

-- One evidence-grounded generation: everything needed to audit and replay it.
-- message_id is 1-1 with a chat message; replays point at the record they re-ran.
CREATE TABLE generation_records (
    id                  TEXT PRIMARY KEY,
    message_id          TEXT UNIQUE,
    run_id              TEXT,  -- no foreign key: audit records outlive the runs they came from
    node_id             TEXT NOT NULL DEFAULT '',
    retrieval_record_id TEXT NOT NULL REFERENCES retrieval_records (id) ON DELETE CASCADE,
    replay_of           TEXT REFERENCES generation_records (id) ON DELETE SET NULL,
    trace_id            TEXT NOT NULL DEFAULT '',
    request_id          TEXT NOT NULL DEFAULT '',
    prompt_name         TEXT NOT NULL,
    prompt_version      TEXT NOT NULL,
    model_provider      TEXT NOT NULL DEFAULT '',
    model_name          TEXT NOT NULL DEFAULT '',
    provider_snapshot   TEXT NOT NULL DEFAULT '{}',
    messages_snapshot   TEXT NOT NULL DEFAULT '[]',
    output_raw          TEXT NOT NULL DEFAULT '',
    output_reasoning    TEXT NOT NULL DEFAULT '',
    output_structured   TEXT NOT NULL DEFAULT '{}',
    citations           TEXT NOT NULL DEFAULT '[]',
    verification        TEXT NOT NULL DEFAULT '{}',  -- the answer shown, checks and claims
    status              TEXT NOT NULL CHECK (status IN ('success', 'partial', 'failed', 'no_evidence')),
    error_message       TEXT NOT NULL DEFAULT '',
    timing_ms           TEXT NOT NULL DEFAULT '{}',
    prompt_tokens       INTEGER NOT NULL DEFAULT 0,
    completion_tokens   INTEGER NOT NULL DEFAULT 0,
    created_at          TEXT NOT NULL
);
CREATE INDEX generation_records_run ON generation_records (run_id, node_id);
CREATE INDEX generation_records_replay ON generation_records (replay_of);
