-- A finished message as the API returns it, encoded once: opening a long
-- conversation writes these bytes as they are, rather than reading each
-- answer's generation record, detail and timeline, converting them and
-- encoding the result again (a 500-turn conversation in 50 ms).
--
-- format names the build that encoded the body; a body of another format is
-- ignored and encoded again. A body is stored only once its message and run
-- have ended (see messagebodies.go); the triggers drop it when anything it
-- was made from changes afterwards: the message itself (an ask-user flag
-- set after it finished, an interruption, ...), its generation record or its
-- generation detail. A message's deletion takes its body with it.
CREATE TABLE message_bodies (
    message_id TEXT PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
    format     TEXT NOT NULL,
    body       BLOB NOT NULL
);

CREATE TRIGGER message_bodies_message_update AFTER UPDATE ON messages BEGIN
    DELETE FROM message_bodies WHERE message_id = OLD.id;
END;

CREATE TRIGGER message_bodies_generation_insert AFTER INSERT ON generation_records
WHEN NEW.message_id IS NOT NULL BEGIN
    DELETE FROM message_bodies WHERE message_id = NEW.message_id;
END;
CREATE TRIGGER message_bodies_generation_update AFTER UPDATE ON generation_records
WHEN OLD.message_id IS NOT NULL OR NEW.message_id IS NOT NULL BEGIN
    DELETE FROM message_bodies WHERE message_id IN (OLD.message_id, NEW.message_id);
END;
CREATE TRIGGER message_bodies_generation_delete AFTER DELETE ON generation_records
WHEN OLD.message_id IS NOT NULL BEGIN
    DELETE FROM message_bodies WHERE message_id = OLD.message_id;
END;

CREATE TRIGGER message_bodies_detail_insert AFTER INSERT ON llm_generation_details
WHEN NEW.message_id IS NOT NULL BEGIN
    DELETE FROM message_bodies WHERE message_id = NEW.message_id;
END;
CREATE TRIGGER message_bodies_detail_update AFTER UPDATE ON llm_generation_details
WHEN OLD.message_id IS NOT NULL OR NEW.message_id IS NOT NULL BEGIN
    DELETE FROM message_bodies WHERE message_id IN (OLD.message_id, NEW.message_id);
END;
CREATE TRIGGER message_bodies_detail_delete AFTER DELETE ON llm_generation_details
WHEN OLD.message_id IS NOT NULL BEGIN
    DELETE FROM message_bodies WHERE message_id = OLD.message_id;
END;
