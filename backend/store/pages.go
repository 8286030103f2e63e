package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"lexflow/backend/evidence"
)

// replacePages writes a document's page spans in place of the old ones.
func replacePages(ctx context.Context, tx *sql.Tx, docID string, pages []evidence.PageSpan) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM document_pages WHERE document_id = ?`, docID); err != nil {
		return fmt.Errorf("replace pages: %w", err)
	}
	if len(pages) == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO document_pages (document_id, page, start_offset, end_offset,
		header, footer, ocr) VALUES (?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("insert pages: %w", err)
	}
	defer stmt.Close()
	for _, p := range pages {
		header, _ := json.Marshal(nonNil(p.Header))
		footer, _ := json.Marshal(nonNil(p.Footer))
		if _, err := stmt.ExecContext(ctx, docID, p.Page, p.Start, p.End, string(header), string(footer), p.OCR); err != nil {
			return fmt.Errorf("insert page %d: %w", p.Page, err)
		}
	}
	return nil
}

const pageColumns = `page, start_offset, end_offset, header, footer, ocr`

// DocumentPages returns where each page of a document lies in its text, in
// page order; empty for a format without pages, or a document ingested
// before pages were kept.
func (db *DB) DocumentPages(ctx context.Context, docID string) ([]evidence.PageSpan, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT `+pageColumns+` FROM document_pages
		WHERE document_id = ? ORDER BY page`, docID)
	if err != nil {
		return nil, fmt.Errorf("list pages: %w", err)
	}
	defer rows.Close()
	out := []evidence.PageSpan{}
	for rows.Next() {
		p, err := scanPage(rows)
		if err != nil {
			return nil, fmt.Errorf("list pages: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// DocumentPage returns one page's span; ErrNotFound when it was not kept.
func (db *DB) DocumentPage(ctx context.Context, docID string, page int) (evidence.PageSpan, error) {
	p, err := scanPage(db.sql.QueryRowContext(ctx, `SELECT `+pageColumns+` FROM document_pages
		WHERE document_id = ? AND page = ?`, docID, page))
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("page %d of document %q: %w", page, docID, ErrNotFound)
	}
	return p, err
}

func scanPage(s scanner) (evidence.PageSpan, error) {
	var p evidence.PageSpan
	var header, footer string
	if err := s.Scan(&p.Page, &p.Start, &p.End, &header, &footer, &p.OCR); err != nil {
		return p, err
	}
	_ = json.Unmarshal([]byte(header), &p.Header)
	_ = json.Unmarshal([]byte(footer), &p.Footer)
	if len(p.Header) == 0 {
		p.Header = nil
	}
	if len(p.Footer) == 0 {
		p.Footer = nil
	}
	return p, nil
}

// DocumentTextSpan returns code points [start, end) of a document's text,
// cut by the database so a long text is not read whole.
func (db *DB) DocumentTextSpan(ctx context.Context, docID string, start, end int) (string, error) {
	if start < 0 {
		start = 0
	}
	if end < start {
		end = start
	}
	var text string
	// substr counts characters (code points) of UTF-8 text, from 1.
	err := db.sql.QueryRowContext(ctx, `SELECT substr(text, ?, ?) FROM document_texts WHERE document_id = ?`,
		start+1, end-start, docID).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("text of document %q: %w", docID, ErrNotFound)
	}
	return text, err
}
