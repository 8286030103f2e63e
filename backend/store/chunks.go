package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"lexflow/backend/evidence"
)

// Extraction is what parsing a document produced.
type Extraction struct {
	Title    string // found in the document (ingest.Title); empty when none
	Text     string
	Language string
	Pages    []evidence.PageSpan // one per page; empty when the format has no pages
	Chunks   []evidence.Chunk
}

// SaveExtraction replaces a document's text, pages and chunks and moves it
// to "indexing", all in one transaction: after a crash either the old chunks
// or the new ones are there, never a mix.
func (db *DB) SaveExtraction(ctx context.Context, docID string, ex Extraction) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save extraction: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM chunks WHERE document_id = ?`, docID); err != nil {
		return fmt.Errorf("save extraction: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO document_texts (document_id, text) VALUES (?, ?)
		ON CONFLICT (document_id) DO UPDATE SET text = excluded.text`, docID, ex.Text); err != nil {
		return fmt.Errorf("save extraction text: %w", err)
	}
	if err := insertChunks(ctx, tx, docID, ex.Chunks); err != nil {
		return err
	}
	if err := replacePages(ctx, tx, docID, ex.Pages); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET title = ?, language = ?, pages = ?, chunk_count = ?, status = 'indexing',
		stage_percent = 0, error = '', updated_at = ? WHERE id = ?`, ex.Title, ex.Language, len(ex.Pages), len(ex.Chunks), now(), docID); err != nil {
		return fmt.Errorf("save extraction: %w", err)
	}
	return tx.Commit()
}

func insertChunks(ctx context.Context, tx *sql.Tx, docID string, chunks []evidence.Chunk) error {
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO chunks (id, document_id, ordinal, page_start, page_end,
		heading_path, units, start_offset, end_offset, text, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("insert chunks: %w", err)
	}
	defer stmt.Close()
	for _, c := range chunks {
		path, _ := json.Marshal(nonNil(c.Locator.HeadingPath))
		units, _ := json.Marshal(nonNil(c.Locator.Units))
		l := c.Locator
		if _, err := stmt.ExecContext(ctx, c.ID, docID, c.Ordinal, l.PageStart, l.PageEnd, string(path), string(units),
			l.Start, l.End, c.Text, c.Language); err != nil {
			return fmt.Errorf("insert chunk %s: %w", c.ID, err)
		}
	}
	return nil
}

// DocumentChunks returns a document's chunks in order, locators filled in
// with the document's file name and current title; a chunk is marked OCR
// when one of its pages was read by OCR.
func (db *DB) DocumentChunks(ctx context.Context, docID string) ([]evidence.Chunk, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT c.id, c.ordinal, c.page_start, c.page_end, c.heading_path, c.units,
		c.start_offset, c.end_offset, c.text, c.language, d.collection_id, d.name, d.title, d.user_title,
		EXISTS (SELECT 1 FROM document_pages p WHERE p.document_id = c.document_id AND p.ocr
			AND p.page BETWEEN c.page_start AND c.page_end)
		FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.document_id = ? ORDER BY c.ordinal`, docID)
	if err != nil {
		return nil, fmt.Errorf("list chunks: %w", err)
	}
	defer rows.Close()
	out := []evidence.Chunk{}
	for rows.Next() {
		c := evidence.Chunk{DocID: docID}
		var path, units, found, user string
		l := &c.Locator
		if err := rows.Scan(&c.ID, &c.Ordinal, &l.PageStart, &l.PageEnd, &path, &units, &l.Start, &l.End, &c.Text,
			&c.Language, &c.CollectionID, &l.DocName, &found, &user, &l.OCR); err != nil {
			return nil, fmt.Errorf("list chunks: %w", err)
		}
		l.DocID = docID
		l.DocTitle, _ = documentTitle(l.DocName, found, user)
		_ = json.Unmarshal([]byte(path), &l.HeadingPath)
		if units != "[]" {
			// A chunk of one unit keeps nil Units, as the chunker made it.
			_ = json.Unmarshal([]byte(units), &l.Units)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// ChunkIDs returns a document's chunk ids, sorted.
func (db *DB) ChunkIDs(ctx context.Context, docID string) ([]string, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT id FROM chunks WHERE document_id = ? ORDER BY id`, docID)
	if err != nil {
		return nil, fmt.Errorf("list chunk ids: %w", err)
	}
	defer rows.Close()
	ids := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// DocumentText returns a document's extracted text.
func (db *DB) DocumentText(ctx context.Context, docID string) (string, error) {
	var text string
	err := db.sql.QueryRowContext(ctx, `SELECT text FROM document_texts WHERE document_id = ?`, docID).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("text of document %q: %w", docID, ErrNotFound)
	}
	return text, err
}

// nonNil makes a nil list an empty one, so JSON has [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
