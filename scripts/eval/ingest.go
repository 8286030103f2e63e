package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"lexflow/backend/index"
	"lexflow/backend/ingest"
	"lexflow/backend/library"
	"lexflow/backend/store"
	"lexflow/scripts/internal/datadir"
)

// build ingests every file of c into a new data directory through the
// real pipeline, exactly as `lexflow ingest` does, and describes the result.
// The time covers storing the files, parsing, chunking, SQLite and the index.
func build(ctx context.Context, dir, collection string, workers int, chunk ingest.ChunkOptions, c *corpus) (m manifest, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return m, fmt.Errorf("create cache: %w", err)
	}
	db, err := store.Open(ctx, filepath.Join(dir, "lexflow.db"))
	if err != nil {
		return m, err
	}
	defer db.Close()
	idx, err := index.Open(filepath.Join(dir, "index"))
	if err != nil {
		return m, err
	}
	defer idx.Close()
	lib := library.New(library.Options{DB: db, Index: idx, DataDir: dir, Workers: workers,
		Extract: library.Ingest(ingest.DefaultLimits(), chunk)})
	start := time.Now()
	m, err = ingestAll(ctx, db, lib, collection, c)
	lib.Close()
	if err != nil {
		return m, err
	}
	m.IngestSeconds, m.Workers, m.BuiltAt = time.Since(start).Seconds(), workers, time.Now()
	m.Chunking = (&chunkFlag{chunk}).String()
	if err := idx.Close(); err != nil {
		return m, err
	}
	return m, lib.MarkClean(ctx)
}

// ingestAll adds the files, waits for every document to finish and reads the outcome.
func ingestAll(ctx context.Context, db *store.DB, lib *library.Library, collection string, c *corpus) (manifest, error) {
	m := manifest{CorpusHash: c.hash, DocIDs: map[string]string{}}
	if err := lib.Start(ctx); err != nil {
		return m, err
	}
	col, err := db.CreateCollection(ctx, collection, "retrieval benchmark")
	if err != nil {
		return m, err
	}
	m.CollectionID = col.ID
	for _, name := range c.names {
		added, err := addFile(ctx, lib, col.ID, c.path(name))
		if err != nil {
			return m, fmt.Errorf("add %s: %w", name, err)
		}
		m.DocIDs[name] = added.Document.ID
		if added.Duplicate {
			m.Duplicates = append(m.Duplicates, name)
		}
	}
	if err := waitIdle(ctx, db, len(c.names)-len(m.Duplicates)); err != nil {
		return m, err
	}
	return m, describe(ctx, db, &m)
}

func addFile(ctx context.Context, lib *library.Library, collectionID, path string) (library.Added, error) {
	f, err := os.Open(path)
	if err != nil {
		return library.Added{}, err
	}
	defer f.Close()
	return lib.AddFile(ctx, collectionID, filepath.Base(path), f)
}

// waitIdle waits for ingestion, logging progress every 5 s.
func waitIdle(ctx context.Context, db *store.DB, total int) error {
	start, last := time.Now(), time.Now()
	return datadir.WaitIdle(ctx, db, 250*time.Millisecond, func(busy int) error {
		if time.Since(last) >= 5*time.Second {
			logf("ingesting: %d of %d documents done (%.0f s)", total-busy, total, time.Since(start).Seconds())
			last = time.Now()
		}
		return nil
	})
}

// describe counts the documents and chunks and lists the failures.
func describe(ctx context.Context, db *store.DB, m *manifest) error {
	docs, err := db.CollectionDocuments(ctx, m.CollectionID)
	if err != nil {
		return err
	}
	m.Documents = len(docs)
	for _, d := range docs {
		m.Chunks += d.Chunks
		m.Pages += d.Pages
		if d.Status != store.DocReady {
			m.Failed = append(m.Failed, fmt.Sprintf("%s: %s %s", d.Name, d.Status, d.Error))
		}
	}
	for _, f := range m.Failed {
		logf("WARNING: not ingested: %s", f)
	}
	return nil
}
