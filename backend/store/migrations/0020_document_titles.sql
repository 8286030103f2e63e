-- A document's title. title is the one ingestion found in the document (its
-- title line, else its metadata title); empty when it found none, and for
-- documents ingested before this column until they are indexed again.
-- user_title is the one the user gave it: it wins, survives re-indexing,
-- and setting it empty gives the found title back.
--
-- Nothing is filled here: a document without either is shown by its file
-- name made readable (evidence.NameTitle), computed when the row is read.
-- SQL cannot run those rules, a stored copy would go stale when they
-- improve, and it costs only string work on rows already being read.
ALTER TABLE documents ADD COLUMN title TEXT NOT NULL DEFAULT '';
ALTER TABLE documents ADD COLUMN user_title TEXT NOT NULL DEFAULT '';
