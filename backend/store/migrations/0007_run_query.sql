-- A run keeps the question it answered (sys.query), so run history can say what
-- each chat turn was about without opening its trace.
ALTER TABLE workflow_runs ADD COLUMN query TEXT NOT NULL DEFAULT '';
