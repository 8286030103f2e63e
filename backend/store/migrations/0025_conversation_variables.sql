-- A chatflow's conversation variables as its last turn left them, for the
-- next turn to start from: JSON {name: {"type": declared type, "value": ...}}.
-- A value whose app has since changed the variable's type is ignored.
ALTER TABLE conversations ADD COLUMN variables TEXT NOT NULL DEFAULT '{}';
