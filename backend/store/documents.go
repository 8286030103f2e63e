package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"lexflow/backend/evidence"
)

// DocStatus is where a document is in its ingestion.
type DocStatus string

const (
	DocQueued   DocStatus = "queued"
	DocParsing  DocStatus = "parsing"
	DocIndexing DocStatus = "indexing"
	DocReady    DocStatus = "ready"
	DocFailed   DocStatus = "failed"
	DocDeleting DocStatus = "deleting"
)

// Document is a stored document row.
type Document struct {
	ID           string
	CollectionID string
	Name         string
	Title        string // as shown: the user's title, else the one found in it, else the file name made readable
	Renamed      bool   // Title is the user's
	Format       string
	Language     string
	Hash         string
	Size         int64
	Pages        int
	Chunks       int
	FilePath     string // relative to the data directory
	Status       DocStatus
	Percent      int
	Error        string
	CreatedAt    time.Time
	UpdatedAt    time.Time
	// DuplicateOf is the document of the same collection whose text this
	// one repeats in another file (its canonical copy); empty when none.
	DuplicateOf string
}

const documentColumns = `id, collection_id, name, format, language, hash, size, pages, chunk_count,
	file_path, status, stage_percent, error, created_at, updated_at, title, user_title, duplicate_of`

// InsertDocument stores a new queued document. The same bytes twice in one
// collection is ErrConflict: callers report the duplicate instead.
func (db *DB) InsertDocument(ctx context.Context, d Document) (Document, error) {
	if d.ID == "" {
		d.ID = newID()
	}
	d.Status = DocQueued
	d.CreatedAt = time.Now().UTC().Truncate(time.Millisecond)
	d.UpdatedAt = d.CreatedAt
	_, err := db.sql.ExecContext(ctx, `INSERT INTO documents (`+documentColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, 0, '', ?, ?, '', '', '')`,
		d.ID, d.CollectionID, d.Name, d.Format, d.Language, d.Hash, d.Size, d.FilePath, d.Status,
		formatTime(d.CreatedAt), formatTime(d.UpdatedAt))
	if isUnique(err) {
		return Document{}, fmt.Errorf("document %q: %w", d.Name, ErrConflict)
	}
	if err != nil {
		return Document{}, fmt.Errorf("insert document: %w", err)
	}
	d.Title, d.Renamed = documentTitle(d.Name, "", "")
	return d, nil
}

// GetDocument returns one document.
func (db *DB) GetDocument(ctx context.Context, id string) (Document, error) {
	d, err := scanDocument(db.sql.QueryRowContext(ctx, `SELECT `+documentColumns+` FROM documents WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Document{}, fmt.Errorf("document %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return Document{}, fmt.Errorf("get document: %w", err)
	}
	return d, nil
}

// DocumentByHash finds the document with these bytes in a collection.
func (db *DB) DocumentByHash(ctx context.Context, collectionID, hash string) (Document, error) {
	d, err := scanDocument(db.sql.QueryRowContext(ctx, `SELECT `+documentColumns+` FROM documents
		WHERE collection_id = ? AND hash = ?`, collectionID, hash))
	if errors.Is(err, sql.ErrNoRows) {
		return Document{}, fmt.Errorf("document with hash %s: %w", hash, ErrNotFound)
	}
	if err != nil {
		return Document{}, fmt.Errorf("find document: %w", err)
	}
	return d, nil
}

// ListDocuments returns a collection's documents by name (all collections when empty).
func (db *DB) ListDocuments(ctx context.Context, collectionID string) ([]Document, error) {
	return db.queryDocuments(ctx, `SELECT `+documentColumns+` FROM documents
		WHERE (?1 = '' OR collection_id = ?1) AND status != 'deleting' ORDER BY name COLLATE NOCASE, created_at`, collectionID)
}

// DocumentsNamed returns a collection's documents of one name, oldest first:
// the versions of one file.
func (db *DB) DocumentsNamed(ctx context.Context, collectionID, name string) ([]Document, error) {
	return db.queryDocuments(ctx, `SELECT `+documentColumns+` FROM documents
		WHERE collection_id = ? AND name = ? AND status != 'deleting' ORDER BY created_at`, collectionID, name)
}

// FinishedDocuments returns those of the documents ids that are ready or
// failed, in no particular order.
func (db *DB) FinishedDocuments(ctx context.Context, ids []string) ([]Document, error) {
	var out []Document
	for part := range slices.Chunk(ids, maxQueryIDs) {
		marks, args := idArgs(part)
		docs, err := db.queryDocuments(ctx, `SELECT `+documentColumns+` FROM documents
			WHERE id IN (`+marks+`) AND status IN ('ready', 'failed')`, args...)
		if err != nil {
			return nil, err
		}
		out = append(out, docs...)
	}
	return out, nil
}

// CollectionDocuments returns every document of a collection, whatever its state.
func (db *DB) CollectionDocuments(ctx context.Context, collectionID string) ([]Document, error) {
	return db.queryDocuments(ctx, `SELECT `+documentColumns+` FROM documents WHERE collection_id = ? ORDER BY created_at`, collectionID)
}

// DocumentsWithStatus returns every document in one of the given states, oldest first.
func (db *DB) DocumentsWithStatus(ctx context.Context, statuses ...DocStatus) ([]Document, error) {
	marks := strings.TrimSuffix(strings.Repeat("?,", len(statuses)), ",")
	args := make([]any, len(statuses))
	for i, s := range statuses {
		args[i] = string(s)
	}
	return db.queryDocuments(ctx, `SELECT `+documentColumns+` FROM documents WHERE status IN (`+marks+`) ORDER BY created_at`, args...)
}

func (db *DB) queryDocuments(ctx context.Context, query string, args ...any) ([]Document, error) {
	return queryAll(ctx, db.sql, "list documents", scanDocument, query, args...)
}

// SetDocumentStatus records a document's stage, percent and error (empty clears it).
func (db *DB) SetDocumentStatus(ctx context.Context, id string, status DocStatus, percent int, errMsg string) error {
	res, err := db.sql.ExecContext(ctx, `UPDATE documents SET status = ?, stage_percent = ?, error = ?, updated_at = ?
		WHERE id = ?`, status, percent, errMsg, now(), id)
	if err != nil {
		return fmt.Errorf("set document status: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("document %q: %w", id, ErrNotFound)
	}
	return nil
}

// DeleteDocument removes a document row with its text and chunks.
func (db *DB) DeleteDocument(ctx context.Context, id string) error {
	if _, err := db.sql.ExecContext(ctx, `DELETE FROM documents WHERE id = ?`, id); err != nil {
		return fmt.Errorf("delete document: %w", err)
	}
	return nil
}

// FileInUse reports whether any document still refers to a stored file.
func (db *DB) FileInUse(ctx context.Context, path string) (bool, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, `SELECT COUNT(*) FROM documents WHERE file_path = ? AND status != 'deleting'`, path).Scan(&n)
	return n > 0, err
}

func scanDocument(s scanner) (Document, error) {
	var d Document
	var created, updated, found, user string
	err := s.Scan(&d.ID, &d.CollectionID, &d.Name, &d.Format, &d.Language, &d.Hash, &d.Size, &d.Pages, &d.Chunks,
		&d.FilePath, &d.Status, &d.Percent, &d.Error, &created, &updated, &found, &user,
		&d.DuplicateOf)
	if err != nil {
		return Document{}, err
	}
	d.CreatedAt, d.UpdatedAt = parseTime(created), parseTime(updated)
	d.Title, d.Renamed = documentTitle(d.Name, found, user)
	return d, nil
}

// documentTitle is the title a document is shown by: the user's, else the
// one ingestion found in it, else its file name made readable (see
// migration 0020); renamed says it is the user's.
func documentTitle(name, found, user string) (title string, renamed bool) {
	switch {
	case user != "":
		return user, true
	case found != "":
		return found, false
	}
	return evidence.NameTitle(name), false
}

// RenameDocument sets the title the user gives a document; an empty title
// gives back the one found in it (or its file name).
func (db *DB) RenameDocument(ctx context.Context, id, title string) (Document, error) {
	res, err := db.sql.ExecContext(ctx, `UPDATE documents SET user_title = ?, updated_at = ? WHERE id = ? AND status != 'deleting'`,
		title, now(), id)
	if err != nil {
		return Document{}, fmt.Errorf("rename document: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Document{}, fmt.Errorf("document %q: %w", id, ErrNotFound)
	}
	return db.GetDocument(ctx, id)
}

// DocumentTitles returns the title each of the documents ids is shown by,
// by id; ids not found are left out.
func (db *DB) DocumentTitles(ctx context.Context, ids []string) (map[string]string, error) {
	out := make(map[string]string, len(ids))
	for part := range slices.Chunk(ids, maxQueryIDs) {
		marks, args := idArgs(part)
		rows, err := db.sql.QueryContext(ctx, `SELECT id, name, title, user_title FROM documents WHERE id IN (`+marks+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("document titles: %w", err)
		}
		for rows.Next() {
			var id, name, found, user string
			if err := rows.Scan(&id, &name, &found, &user); err != nil {
				rows.Close()
				return nil, fmt.Errorf("document titles: %w", err)
			}
			out[id], _ = documentTitle(name, found, user)
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// maxQueryIDs is how many ids one IN (...) query takes, well below
// SQLite's limit on bound parameters.
const maxQueryIDs = 500

// idArgs is the placeholders and arguments of an IN (...) list of ids.
func idArgs(ids []string) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return strings.TrimSuffix(strings.Repeat("?,", len(ids)), ","), args
}
