-- The variables a node read when it started ({"node.var": value}), so the
-- node can be run again alone with exactly those; NULL for executions
-- recorded before they were kept.
ALTER TABLE node_executions ADD COLUMN variables TEXT;
