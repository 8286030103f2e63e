-- A citation's chunk id is stored under "nodeId", the key the API sends it
-- with (generation.Citation): rewrite the "node_id" of citations saved before,
-- once, so every reader sees one shape. Citations are written by Go's encoder,
-- without spaces; a "node_id" inside a quoted text would read \"node_id\":,
-- which the pattern does not match. In node outputs only the citations of
-- cited-answer and agent steps carry the key. Run events keep the words they
-- were sent with.
UPDATE messages SET citations = replace(citations, '"node_id":', '"nodeId":')
 WHERE citations LIKE '%"node_id":%';
UPDATE generation_records SET citations = replace(citations, '"node_id":', '"nodeId":')
 WHERE citations LIKE '%"node_id":%';
UPDATE node_executions SET outputs = replace(outputs, '"node_id":', '"nodeId":')
 WHERE node_type IN ('cited-answer', 'agent') AND outputs LIKE '%"node_id":%';
