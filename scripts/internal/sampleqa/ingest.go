package sampleqa

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"lexflow/backend/index"
	"lexflow/backend/ingest"
	"lexflow/backend/library"
	"lexflow/backend/store"
	"lexflow/examples"
	"lexflow/scripts/internal/datadir"
)

// Sample is the ingested sample corpus: the database and the index on disk,
// and the library that filled them.
type Sample struct {
	DB           *store.DB
	Index        *index.Index
	lib          *library.Library
	Docs         []store.Document
	Chunks       int
	Seconds      float64 // ingestion, end to end
	CollectionID string
}

func (s *Sample) Close() {
	s.lib.Close()
	s.Index.Close()
	s.DB.Close()
}

// Open ingests examples.Corpus() (every file but README.md, as "load
// sample library" does) into a new data directory under dir, through the
// real path: library → ingest → SQLite → Bleve index on disk, with the
// product's default limits and chunking, and waits until every document is
// ready.
func Open(ctx context.Context, dir string, workers int) (*Sample, error) {
	db, idx, err := datadir.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	lib := library.New(library.Options{DB: db, Index: idx, DataDir: dir, Workers: workers,
		Extract: library.Ingest(ingest.DefaultLimits(), ingest.DefaultChunkOptions())})
	s := &Sample{DB: db, Index: idx, lib: lib}
	if err := s.load(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *Sample) load(ctx context.Context) error {
	start := time.Now()
	if err := s.lib.Start(ctx); err != nil {
		return err
	}
	col, err := s.DB.CreateCollection(ctx, "Sample library", "the bundled sample corpus")
	if err != nil {
		return err
	}
	s.CollectionID = col.ID
	files := examples.Corpus()
	names, err := fs.Glob(files, "*")
	if err != nil {
		return err
	}
	for _, name := range names {
		if strings.EqualFold(name, "README.md") {
			continue
		}
		f, err := files.Open(name)
		if err != nil {
			return err
		}
		_, err = s.lib.AddFile(ctx, col.ID, name, f)
		f.Close()
		if err != nil {
			return fmt.Errorf("add %s: %w", name, err)
		}
	}
	if err := waitIdle(ctx, s.DB); err != nil {
		return err
	}
	s.Seconds = time.Since(start).Seconds()
	s.Docs, err = s.DB.CollectionDocuments(ctx, col.ID)
	if err != nil {
		return err
	}
	var failed []string
	for _, d := range s.Docs {
		s.Chunks += d.Chunks
		if d.Status != store.DocReady {
			failed = append(failed, fmt.Sprintf("%s: %s %s", d.Name, d.Status, d.Error))
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("not every sample document is ready: %s", strings.Join(failed, "; "))
	}
	return nil
}

// waitIdle waits for ingestion, for at most 5 minutes.
func waitIdle(ctx context.Context, db *store.DB) error {
	deadline := time.Now().Add(5 * time.Minute)
	return datadir.WaitIdle(ctx, db, 100*time.Millisecond, func(busy int) error {
		if time.Now().After(deadline) {
			return fmt.Errorf("ingestion did not finish in 5 minutes: %d documents still busy", busy)
		}
		return nil
	})
}
