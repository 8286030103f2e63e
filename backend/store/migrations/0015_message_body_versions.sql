-- A message's body_version counts the changes to what its body (migration
-- 0014) is made from. A body is encoded from one read of its message and
-- stored later, after the response it went into has been written; it is
-- stored only while the message is still at the version read, so a change
-- that lands in between wins over it, as 0014's triggers make a change
-- after it win. See messagebodies.go.
ALTER TABLE messages ADD COLUMN body_version INTEGER NOT NULL DEFAULT 0;

-- Any change to a message moves its version. The update this trigger makes
-- does not fire it again: that one moved the version.
CREATE TRIGGER message_version_update AFTER UPDATE ON messages
WHEN NEW.body_version = OLD.body_version BEGIN
    UPDATE messages SET body_version = body_version + 1 WHERE id = OLD.id;
END;

CREATE TRIGGER message_version_generation_insert AFTER INSERT ON generation_records
WHEN NEW.message_id IS NOT NULL BEGIN
    UPDATE messages SET body_version = body_version + 1 WHERE id = NEW.message_id;
END;
CREATE TRIGGER message_version_generation_update AFTER UPDATE ON generation_records
WHEN OLD.message_id IS NOT NULL OR NEW.message_id IS NOT NULL BEGIN
    UPDATE messages SET body_version = body_version + 1 WHERE id IN (OLD.message_id, NEW.message_id);
END;
CREATE TRIGGER message_version_generation_delete AFTER DELETE ON generation_records
WHEN OLD.message_id IS NOT NULL BEGIN
    UPDATE messages SET body_version = body_version + 1 WHERE id = OLD.message_id;
END;

CREATE TRIGGER message_version_detail_insert AFTER INSERT ON llm_generation_details
WHEN NEW.message_id IS NOT NULL BEGIN
    UPDATE messages SET body_version = body_version + 1 WHERE id = NEW.message_id;
END;
CREATE TRIGGER message_version_detail_update AFTER UPDATE ON llm_generation_details
WHEN OLD.message_id IS NOT NULL OR NEW.message_id IS NOT NULL BEGIN
    UPDATE messages SET body_version = body_version + 1 WHERE id IN (OLD.message_id, NEW.message_id);
END;
CREATE TRIGGER message_version_detail_delete AFTER DELETE ON llm_generation_details
WHEN OLD.message_id IS NOT NULL BEGIN
    UPDATE messages SET body_version = body_version + 1 WHERE id = OLD.message_id;
END;
