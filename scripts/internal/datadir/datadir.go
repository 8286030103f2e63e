// Package datadir opens a Lexflow data directory the way the app does (the
// SQLite database and the Bleve index on disk) and waits for ingestion, for
// the benchmark scripts that ingest through the real path.
package datadir

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"lexflow/backend/index"
	"lexflow/backend/store"
)

// Open opens dir's database and index.
func Open(ctx context.Context, dir string) (*store.DB, *index.Index, error) {
	db, err := store.Open(ctx, filepath.Join(dir, "lexflow.db"))
	if err != nil {
		return nil, nil, err
	}
	idx, err := index.Open(filepath.Join(dir, "index"))
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return db, idx, nil
}

// WaitIdle polls every interval until no document is queued, parsing or
// indexing. After each poll that finds work left, busy is called with how
// many documents are still busy; an error it returns stops the wait.
func WaitIdle(ctx context.Context, db *store.DB, every time.Duration, busy func(n int) error) error {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		docs, err := db.DocumentsWithStatus(ctx, store.DocQueued, store.DocParsing, store.DocIndexing)
		if err != nil {
			return err
		}
		if len(docs) == 0 {
			return nil
		}
		if err := busy(len(docs)); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("ingestion interrupted: %w", ctx.Err())
		case <-tick.C:
		}
	}
}
