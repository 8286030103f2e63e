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
	Documents   int // filled by ListCollections and GetCollection
	Chunks      int
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

const collectionSelect = `SELECT c.id, c.name, c.description, c.created_at, c.updated_at,
	COUNT(d.id), COALESCE(SUM(d.chunk_count), 0)
	FROM collections c LEFT JOIN documents d ON d.collection_id = c.id AND d.status != 'deleting'`

// CreateCollection stores a new collection; names are unique, ignoring case.
func (db *DB) CreateCollection(ctx context.Context, name, description string) (Collection, error) {
	c := Collection{ID: newID(), Name: name, Description: description, CreatedAt: time.Now().UTC().Truncate(time.Millisecond)}
	c.UpdatedAt = c.CreatedAt
	_, err := db.sql.ExecContext(ctx, `INSERT INTO collections (id, name, description, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?)`, c.ID, c.Name, c.Description, formatTime(c.CreatedAt), formatTime(c.UpdatedAt))
	if isUnique(err) {
		return Collection{}, fmt.Errorf("collection named %q: %w", name, ErrConflict)
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

// UpdateCollection renames a collection or changes its description.
func (db *DB) UpdateCollection(ctx context.Context, id, name, description string) error {
	res, err := db.sql.ExecContext(ctx, `UPDATE collections SET name = ?, description = ?, updated_at = ? WHERE id = ?`,
		name, description, now(), id)
	if isUnique(err) {
		return fmt.Errorf("collection named %q: %w", name, ErrConflict)
	}
	if err != nil {
		return fmt.Errorf("update collection: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("collection %q: %w", id, ErrNotFound)
	}
	return nil
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
	if err := s.Scan(&c.ID, &c.Name, &c.Description, &created, &updated, &c.Documents, &c.Chunks); err != nil {
		return Collection{}, err
	}
	c.CreatedAt, c.UpdatedAt = parseTime(created), parseTime(updated)
	return c, nil
}
