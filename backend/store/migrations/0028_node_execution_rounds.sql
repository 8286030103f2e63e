-- A step inside an iteration or a loop runs once per round of its container:
-- each round's execution is a row of its own, keyed by the round (from 0;
-- -1 for a step that is in no container), so a run's record keeps them all.
CREATE TABLE node_executions_v4 (
    id                  TEXT NOT NULL,
    run_id              TEXT NOT NULL REFERENCES workflow_runs (id) ON DELETE CASCADE,
    node_id             TEXT NOT NULL,
    round               INTEGER NOT NULL DEFAULT -1,
    node_type           TEXT NOT NULL,
    title               TEXT NOT NULL DEFAULT '',
    position            INTEGER NOT NULL,            -- order in which nodes started
    predecessor_node_id TEXT NOT NULL DEFAULT '',
    status              TEXT NOT NULL CHECK (status = 'succeeded' OR status = 'running' OR status = 'failed'
                            OR status = 'skipped' OR status = 'exception' OR status = 'retrying'
                            OR status = 'cancelled' OR status = 'interrupted'),
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
    variables           TEXT,
    PRIMARY KEY (run_id, node_id, round)
) WITHOUT ROWID;
INSERT INTO node_executions_v4 (id, run_id, node_id, node_type, title, position, predecessor_node_id, status, error,
    retries, prompt_tokens, completion_tokens, is_virtual, parent_node_id, started_at, finished_at, elapsed_ms,
    inputs, process_data, outputs, variables)
SELECT id, run_id, node_id, node_type, title, position, predecessor_node_id, status, error,
    retries, prompt_tokens, completion_tokens, is_virtual, parent_node_id, started_at, finished_at, elapsed_ms,
    inputs, process_data, outputs, variables
FROM node_executions;
DROP TABLE node_executions;
ALTER TABLE node_executions_v4 RENAME TO node_executions;
