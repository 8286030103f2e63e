package store

import (
	"context"
	"fmt"
	"slices"
)

// Near-duplicate documents (migration 0021): a document whose text repeats
// another's of the same collection in another file is a copy, and its
// duplicate_of names the canonical document searches keep. Which document
// is canonical, and when two texts are the same, is the library's to say.

// SetDocumentSketch stores the sketch of a document's text.
func (db *DB) SetDocumentSketch(ctx context.Context, id string, sketch []byte) error {
	if _, err := db.sql.ExecContext(ctx, `UPDATE documents SET text_sketch = ? WHERE id = ?`, sketch, id); err != nil {
		return fmt.Errorf("store text sketch: %w", err)
	}
	return nil
}

// EachSketch calls fn with the id and stored sketch (nil when it has none)
// of each ready document of a collection that is not a copy, but the
// document except, one row at a time.
func (db *DB) EachSketch(ctx context.Context, collectionID, except string, fn func(id string, sketch []byte)) error {
	rows, err := db.sql.QueryContext(ctx, `SELECT id, text_sketch FROM documents
		WHERE collection_id = ? AND id != ? AND status = 'ready' AND duplicate_of = '' ORDER BY created_at`, collectionID, except)
	if err != nil {
		return fmt.Errorf("read text sketches: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var sketch []byte
		if err := rows.Scan(&id, &sketch); err != nil {
			return fmt.Errorf("read text sketches: %w", err)
		}
		fn(id, sketch)
	}
	return rows.Err()
}

// CopiesOf returns the copies of a canonical document, oldest first.
func (db *DB) CopiesOf(ctx context.Context, id string) ([]Document, error) {
	return db.queryDocuments(ctx, `SELECT `+documentColumns+` FROM documents
		WHERE duplicate_of = ? AND status != 'deleting' ORDER BY created_at`, id)
}

// SetCopies makes canonical the canonical document of copies, in one
// transaction: canonical is no copy, each of copies becomes its copy, and
// so do the copies each of them had. SetCopies(id, nil) makes a copy
// stand alone.
func (db *DB) SetCopies(ctx context.Context, canonical string, copies []string) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("set copies: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET duplicate_of = '' WHERE id = ?`, canonical); err != nil {
		return fmt.Errorf("set copies: %w", err)
	}
	for part := range slices.Chunk(copies, maxQueryIDs/2) {
		marks, args := idArgs(part)
		if _, err := tx.ExecContext(ctx, `UPDATE documents SET duplicate_of = ? WHERE id IN (`+marks+`) OR duplicate_of IN (`+marks+`)`,
			append(append([]any{canonical}, args...), args...)...); err != nil {
			return fmt.Errorf("set copies: %w", err)
		}
	}
	return tx.Commit()
}

// Copy is a document that repeats the text of another, its canonical
// document, with both their file names.
type Copy struct {
	ID, Name                   string
	CanonicalID, CanonicalName string
}

// CopiesIn returns the copies of the given collections (of all when none),
// except those being deleted.
func (db *DB) CopiesIn(ctx context.Context, collectionIDs []string) ([]Copy, error) {
	query := `SELECT c.id, c.name, k.id, k.name FROM documents c JOIN documents k ON k.id = c.duplicate_of
		WHERE c.duplicate_of != '' AND c.status != 'deleting' AND k.status != 'deleting'`
	var args []any
	if len(collectionIDs) > 0 {
		var marks string
		marks, args = idArgs(collectionIDs)
		query += ` AND c.collection_id IN (` + marks + `)`
	}
	query += ` ORDER BY k.id, c.created_at`
	return queryAll(ctx, db.sql, "list copies", func(s scanner) (Copy, error) {
		var c Copy
		err := s.Scan(&c.ID, &c.Name, &c.CanonicalID, &c.CanonicalName)
		return c, err
	}, query, args...)
}
