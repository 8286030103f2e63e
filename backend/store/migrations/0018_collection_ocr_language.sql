-- The Tesseract language a collection's scanned pages are read in: "ara",
-- "eng", or several joined with "+" ("ara+eng"). Empty means automatic: the
-- language is told from each scan's script, as it was before this column.
ALTER TABLE collections ADD COLUMN ocr_language TEXT NOT NULL DEFAULT '';
