package store

import (
	"context"
	"fmt"
)

// ExtractionBegun counts an extraction of the document as begun; the count
// stays raised if the process dies before ExtractionDone.
func (db *DB) ExtractionBegun(ctx context.Context, id string) error {
	if _, err := db.sql.ExecContext(ctx, `UPDATE documents SET unfinished_extractions = unfinished_extractions + 1
		WHERE id = ?`, id); err != nil {
		return fmt.Errorf("count extraction: %w", err)
	}
	return nil
}

// ExtractionDone clears the document's count of unfinished extractions: the
// last one ended, well or with an error, or the user asked to try again.
func (db *DB) ExtractionDone(ctx context.Context, id string) error {
	if _, err := db.sql.ExecContext(ctx, `UPDATE documents SET unfinished_extractions = 0 WHERE id = ?`, id); err != nil {
		return fmt.Errorf("clear extraction count: %w", err)
	}
	return nil
}

// UnfinishedExtractions is how many extractions of the document began and
// never ended: each is a process that died reading it.
func (db *DB) UnfinishedExtractions(ctx context.Context, id string) (int, error) {
	var n int
	if err := db.sql.QueryRowContext(ctx, `SELECT unfinished_extractions FROM documents WHERE id = ?`, id).Scan(&n); err != nil {
		return 0, fmt.Errorf("read extraction count: %w", err)
	}
	return n, nil
}
