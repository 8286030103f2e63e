package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Collection is a named set of documents.
type Collection struct {
	ID          string
	Name        string
	Description string
	// OCRLanguage is the Tesseract language its scanned pages are read in
	// ("ara", "ara+eng"); empty means told from each scan.
	OCRLanguage string
	Documents   int // filled by ListCollections and GetCollection
	Chunks      int
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

const collectionSelect = `SELECT c.id, c.name, c.description, c.ocr_language, c.created_at, c.updated_at,
	COUNT(d.id), COALESCE(SUM(d.chunk_count), 0)
	FROM collections c LEFT JOIN documents d ON d.collection_id = c.id AND d.status != 'deleting'`

// CreateCollection stores a new collection with default settings.
func (db *DB) CreateCollection(ctx context.Context, name, description string) (Collection, error) {
	return db.InsertCollection(ctx, Collection{Name: name, Description: description})
}

// InsertCollection stores a new collection from c's name, description and
// settings, and returns it with its id and times; names are unique, ignoring case.
func (db *DB) InsertCollection(ctx context.Context, c Collection) (Collection, error) {
	c = Collection{ID: newID(), Name: c.Name, Description: c.Description, OCRLanguage: c.OCRLanguage,
		CreatedAt: time.Now().UTC().Truncate(time.Millisecond)}
	c.UpdatedAt = c.CreatedAt
	_, err := db.sql.ExecContext(ctx, `INSERT INTO collections (id, name, description, ocr_language, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?)`, c.ID, c.Name, c.Description, c.OCRLanguage, formatTime(c.CreatedAt), formatTime(c.UpdatedAt))
	if isUnique(err) {
		return Collection{}, fmt.Errorf("collection named %q: %w", c.Name, ErrConflict)
	}
	if err != nil {
		return Collection{}, fmt.Errorf("create collection: %w", err)
	}
	return c, nil
}

// ListCollections returns every collection by name, with document and chunk counts.
func (db *DB) ListCollections(ctx context.Context) ([]Collection, error) {
	return queryAll(ctx, db.sql, "list collections", scanCollection, collectionSelect+` GROUP BY c.id ORDER BY c.name COLLATE NOCASE`)
}

// GetCollection finds a collection by id or, failing that, by name.
func (db *DB) GetCollection(ctx context.Context, idOrName string) (Collection, error) {
	row := db.sql.QueryRowContext(ctx, collectionSelect+` WHERE c.id = ?1 OR c.name = ?1 COLLATE NOCASE
		GROUP BY c.id ORDER BY c.id = ?1 DESC LIMIT 1`, idOrName)
	c, err := scanCollection(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Collection{}, fmt.Errorf("collection %q: %w", idOrName, ErrNotFound)
	}
	if err != nil {
		return Collection{}, fmt.Errorf("get collection: %w", err)
	}
	return c, nil
}

// UpdateCollection sets the name, description and settings of collection c.ID.
func (db *DB) UpdateCollection(ctx context.Context, c Collection) error {
	res, err := db.sql.ExecContext(ctx, `UPDATE collections SET name = ?, description = ?, ocr_language = ?, updated_at = ?
		WHERE id = ?`, c.Name, c.Description, c.OCRLanguage, now(), c.ID)
	if isUnique(err) {
		return fmt.Errorf("collection named %q: %w", c.Name, ErrConflict)
	}
	if err != nil {
		return fmt.Errorf("update collection: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("collection %q: %w", c.ID, ErrNotFound)
	}
	return nil
}

// CollectionOCRLanguage is the OCR language of collection id, without the
// document counts GetCollection adds up.
func (db *DB) CollectionOCRLanguage(ctx context.Context, id string) (string, error) {
	var lang string
	err := db.sql.QueryRowContext(ctx, `SELECT ocr_language FROM collections WHERE id = ?`, id).Scan(&lang)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("collection %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("get collection OCR language: %w", err)
	}
	return lang, nil
}

// DeleteCollection removes a collection row and, by cascade, its documents'
// rows. Callers remove index entries and files first.
func (db *DB) DeleteCollection(ctx context.Context, id string) error {
	res, err := db.sql.ExecContext(ctx, `DELETE FROM collections WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("delete collection: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("collection %q: %w", id, ErrNotFound)
	}
	return nil
}

func scanCollection(s scanner) (Collection, error) {
	var c Collection
	var created, updated string
	if err := s.Scan(&c.ID, &c.Name, &c.Description, &c.OCRLanguage, &created, &updated, &c.Documents, &c.Chunks); err != nil {
		return Collection{}, err
	}
	c.CreatedAt, c.UpdatedAt = parseTime(created), parseTime(updated)
	return c, nil
}
