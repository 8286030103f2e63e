-- Near-duplicate documents: the same text in another file of the same
-- collection (a statute loaded as PDF, DOCX and HTML). duplicate_of is the
-- id of the copy searches keep (the canonical document), empty for a
-- canonical document or one without copies; a copy never points at
-- another copy. text_sketch is the MinHash sketch of the document's text
-- (library/sametext.go), what later documents are compared against; NULL
-- for documents ingested before this column, sketched from their stored
-- text when first needed.
ALTER TABLE documents ADD COLUMN duplicate_of TEXT NOT NULL DEFAULT '';
ALTER TABLE documents ADD COLUMN text_sketch BLOB;
CREATE INDEX documents_duplicate_of ON documents (duplicate_of) WHERE duplicate_of != '';
