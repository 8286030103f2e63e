-- Opening a conversation builds its messages from their records every time:
-- at 500 turns that stays well inside the time a user notices, so the store
-- of encoded message bodies (0014) and the versions that guarded it (0015)
-- cost more to keep right than they saved.
DROP TRIGGER message_bodies_message_update;
DROP TRIGGER message_bodies_generation_insert;
DROP TRIGGER message_bodies_generation_update;
DROP TRIGGER message_bodies_generation_delete;
DROP TRIGGER message_bodies_detail_insert;
DROP TRIGGER message_bodies_detail_update;
DROP TRIGGER message_bodies_detail_delete;
DROP TABLE message_bodies;

DROP TRIGGER message_version_update;
DROP TRIGGER message_version_generation_insert;
DROP TRIGGER message_version_generation_update;
DROP TRIGGER message_version_generation_delete;
DROP TRIGGER message_version_detail_insert;
DROP TRIGGER message_version_detail_update;
DROP TRIGGER message_version_detail_delete;
ALTER TABLE messages DROP COLUMN body_version;
