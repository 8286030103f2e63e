-- Extractions of a document begun and not finished: a process that dies while
-- reading a file (out of memory, killed) leaves it raised, so the library
-- stops re-queueing a document that keeps taking the program down.
ALTER TABLE documents ADD COLUMN unfinished_extractions INTEGER NOT NULL DEFAULT 0;
