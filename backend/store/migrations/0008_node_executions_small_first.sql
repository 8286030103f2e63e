-- Node executions again, laid out for reading a run's steps together: the
-- rows of a run are stored side by side (the table is keyed by run and node),
-- and the large JSON columns (inputs, process data, outputs) come last. A long
-- conversation opens with the timelines of hundreds of runs, thousands of
-- steps: keyed by a random id, each step was a separate lookup, and a column
-- after a large one meant walking its overflow pages.
CREATE TABLE node_executions_v2 (
    id                  TEXT NOT NULL UNIQUE,
    run_id              TEXT NOT NULL REFERENCES workflow_runs (id) ON DELETE CASCADE,
    node_id             TEXT NOT NULL,
    node_type           TEXT NOT NULL,
    title               TEXT NOT NULL DEFAULT '',
    position            INTEGER NOT NULL,            -- order in which nodes started
    predecessor_node_id TEXT NOT NULL DEFAULT '',
    status              TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'exception', 'failed', 'skipped', 'retrying', 'cancelled', 'interrupted')),
    error               TEXT NOT NULL DEFAULT '',
    retries             INTEGER NOT NULL DEFAULT 0,
    prompt_tokens       INTEGER NOT NULL DEFAULT 0,
    completion_tokens   INTEGER NOT NULL DEFAULT 0,
    is_virtual          INTEGER NOT NULL DEFAULT 0,
    parent_node_id      TEXT NOT NULL DEFAULT '',
    started_at          TEXT NOT NULL,
    finished_at         TEXT,
    elapsed_ms          INTEGER NOT NULL DEFAULT 0,
    inputs              TEXT NOT NULL DEFAULT '{}',
    process_data        TEXT NOT NULL DEFAULT '{}',
    outputs             TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (run_id, node_id)
) WITHOUT ROWID;
INSERT INTO node_executions_v2 (id, run_id, node_id, node_type, title, position, predecessor_node_id, status, error,
    retries, prompt_tokens, completion_tokens, is_virtual, parent_node_id, started_at, finished_at, elapsed_ms,
    inputs, process_data, outputs)
SELECT id, run_id, node_id, node_type, title, position, predecessor_node_id, status, error,
    retries, prompt_tokens, completion_tokens, is_virtual, parent_node_id, started_at, finished_at, elapsed_ms,
    inputs, process_data, outputs
FROM node_executions;
DROP TABLE node_executions;
ALTER TABLE node_executions_v2 RENAME TO node_executions;
