-- The articles (sections, clauses) a chunk holds when short siblings share
-- it, so a citation can name the one its quote lies in: a JSON array of
-- {start, end, headingPath, number, follows} (evidence.Unit), empty when the
-- chunk lies in one unit. Documents ingested before this column have none
-- until they are re-indexed; their citations name the chunk's heading path.
ALTER TABLE chunks ADD COLUMN units TEXT NOT NULL DEFAULT '[]';
