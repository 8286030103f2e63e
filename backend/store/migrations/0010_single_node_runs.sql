-- A run of one node alone names the node and the run whose recorded
-- variables it started from; both are '' for a run of the whole app.
ALTER TABLE workflow_runs ADD COLUMN single_node_id TEXT NOT NULL DEFAULT '';
ALTER TABLE workflow_runs ADD COLUMN source_run_id TEXT NOT NULL DEFAULT '';
