-- A run's events stored in pages: one row per stretch of a run's events
-- written together (a recorder batch), instead of one row per event. Each
-- event was an insert of its own, about two fifths of what recording a run
-- cost the database; a page is one insert for hundreds of events.
--
-- events is a JSON array with one array per event, in seq order:
-- [seq, type, node_id, created_at, payload], every member but seq a JSON
-- string (the payload too, so it comes back byte for byte whatever it holds).
-- Pages of a run do not share a last_seq, the key replay seeks by; their seq
-- ranges overlap only when a later batch filled a gap in an earlier one.
-- created_at is the latest of the page's events, so the last moment a run was
-- known alive is one index lookup.
CREATE TABLE run_event_pages (
    run_id     TEXT NOT NULL REFERENCES workflow_runs (id) ON DELETE CASCADE,
    last_seq   INTEGER NOT NULL,
    first_seq  INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    events     TEXT NOT NULL,
    PRIMARY KEY (run_id, last_seq)
);
-- Existing events, 256 to a page, as the recorder writes them.
INSERT INTO run_event_pages (run_id, last_seq, first_seq, created_at, events)
SELECT run_id, MAX(seq), MIN(seq), MAX(created_at),
    json_group_array(json_array(seq, type, node_id, created_at, payload) ORDER BY seq)
FROM (SELECT *, (row_number() OVER (PARTITION BY run_id ORDER BY seq) - 1) / 256 AS page FROM run_events)
GROUP BY run_id, page;
DROP TABLE run_events;
