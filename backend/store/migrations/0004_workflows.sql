-- Apps: a chatflow or a workflow, stored as its DSL.
CREATE TABLE apps (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    mode        TEXT NOT NULL CHECK (mode IN ('chatflow', 'workflow')),
    description TEXT NOT NULL DEFAULT '',
    dsl         TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);

-- One row per run; the DSL it ran is kept so the run can be understood after the app changes.
CREATE TABLE workflow_runs (
    id              TEXT PRIMARY KEY,
    app_id          TEXT REFERENCES apps (id) ON DELETE SET NULL,
    mode            TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'cancelled', 'interrupted')),
    inputs          TEXT NOT NULL DEFAULT '{}',
    outputs         TEXT NOT NULL DEFAULT '{}',
    error           TEXT NOT NULL DEFAULT '',
    dsl             TEXT NOT NULL DEFAULT '',
    conversation_id TEXT,
    message_id      TEXT,
    prompt_tokens     INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    started_at      TEXT NOT NULL,
    finished_at     TEXT,
    elapsed_ms      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX workflow_runs_app ON workflow_runs (app_id, started_at);

-- Node executions with real timings; virtual (extraction) nodes nest under their parent.
CREATE TABLE node_executions (
    id                  TEXT PRIMARY KEY,
    run_id              TEXT NOT NULL REFERENCES workflow_runs (id) ON DELETE CASCADE,
    node_id             TEXT NOT NULL,
    node_type           TEXT NOT NULL,
    title               TEXT NOT NULL DEFAULT '',
    position            INTEGER NOT NULL,            -- order in which nodes started
    predecessor_node_id TEXT NOT NULL DEFAULT '',
    status              TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'exception', 'failed', 'skipped', 'retrying', 'cancelled', 'interrupted')),
    inputs              TEXT NOT NULL DEFAULT '{}',
    process_data        TEXT NOT NULL DEFAULT '{}',
    outputs             TEXT NOT NULL DEFAULT '{}',
    error               TEXT NOT NULL DEFAULT '',
    retries             INTEGER NOT NULL DEFAULT 0,
    prompt_tokens       INTEGER NOT NULL DEFAULT 0,
    completion_tokens   INTEGER NOT NULL DEFAULT 0,
    is_virtual          INTEGER NOT NULL DEFAULT 0,
    parent_node_id      TEXT NOT NULL DEFAULT '',
    started_at          TEXT NOT NULL,
    finished_at         TEXT,
    elapsed_ms          INTEGER NOT NULL DEFAULT 0,
    UNIQUE (run_id, node_id)
);

-- Every event of a run, so its stream can be replayed from any sequence number.
CREATE TABLE run_events (
    run_id     TEXT NOT NULL REFERENCES workflow_runs (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    type       TEXT NOT NULL,
    node_id    TEXT NOT NULL DEFAULT '',
    payload    TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;

-- Generation detail (content, reasoning and tool calls in stream order): one row per
-- chat message, or per LLM node execution of a workflow run. Offsets in sequence
-- count Unicode code points of the final content.
CREATE TABLE llm_generation_details (
    id                TEXT PRIMARY KEY,
    app_id            TEXT,
    message_id        TEXT UNIQUE,
    workflow_run_id   TEXT REFERENCES workflow_runs (id) ON DELETE CASCADE,
    node_id           TEXT,
    reasoning_content TEXT NOT NULL DEFAULT '[]',
    tool_calls        TEXT NOT NULL DEFAULT '[]',
    sequence          TEXT NOT NULL DEFAULT '[]',
    created_at        TEXT NOT NULL,
    UNIQUE (workflow_run_id, node_id),
    CHECK (message_id IS NOT NULL OR (workflow_run_id IS NOT NULL AND node_id IS NOT NULL))
);
