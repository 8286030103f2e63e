-- A node execution whose id is only its key, run_id:node_id (every id the
-- recorder gives; older rows may have random ones), stores '' for it, and
-- readers derive it again: a recorded run inserts a row per node, and the
-- id was a text bound, copied and stored for each. The same schema version
-- marks run event pages that may hold a payload object as it is (see
-- eventpages.go), which builds before it cannot read.
UPDATE node_executions SET id = '' WHERE id = run_id || ':' || node_id;
