-- A Studio preview asks through a conversation of its own, a scratch pad: it
-- is not listed among the Chat's conversations, and it is deleted once it
-- has been left alone for a while (chat.Service.Sweep), so that a preview
-- whose page was reloaded or closed leaves nothing behind. Previews made
-- before this column existed are recognised by the title they were given.
ALTER TABLE conversations ADD COLUMN preview INTEGER NOT NULL DEFAULT 0;
UPDATE conversations SET preview = 1 WHERE title LIKE 'Studio preview · %';
