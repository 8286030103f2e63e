-- What a question searched, kept with it: JSON {"collections": [{id, name}],
-- "documents": [{id, name}]}, names as they were when it was asked (a
-- document's name is its title). Empty for answers, and for questions asked
-- before this column or over the whole library.
ALTER TABLE messages ADD COLUMN scope TEXT NOT NULL DEFAULT '';
