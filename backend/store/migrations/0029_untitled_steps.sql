-- A step recorded without a title of its own was given its node id as title;
-- it is now recorded with none, and each face names it by its kind ("LLM").
-- Earlier records are brought to the same shape.
UPDATE node_executions SET title = '' WHERE title = node_id;
