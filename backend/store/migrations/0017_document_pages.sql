-- Where each page of a document lies in its extracted text, so a cited span
-- can be found again on the original page: code points [start_offset,
-- end_offset) of document_texts.text. header and footer keep the running
-- heads, page numbers and stamps taken out of the text flow (JSON arrays of
-- lines, top to bottom); ocr says the page's text was read from its image.
-- Documents ingested before this table have no rows until they are re-indexed.
CREATE TABLE document_pages (
    document_id  TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    page         INTEGER NOT NULL,              -- 1-based
    start_offset INTEGER NOT NULL,
    end_offset   INTEGER NOT NULL,
    header       TEXT NOT NULL DEFAULT '[]',
    footer       TEXT NOT NULL DEFAULT '[]',
    ocr          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (document_id, page)
) WITHOUT ROWID;
