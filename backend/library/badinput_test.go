package library

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"lexflow/backend/ingest"
	"lexflow/backend/store"
)

func startReal(t *testing.T, maxBytes int64) (*store.DB, *Library, string) {
	t.Helper()
	dir := t.TempDir()
	db, idx, _ := openReal(t, dir)
	lib := New(Options{DB: db, Index: idx, DataDir: dir, Workers: 2, MaxBytes: maxBytes,
		Extract: Ingest(ingest.DefaultLimits(), ingest.DefaultChunkOptions())})
	if err := lib.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lib.Close(); idx.Close(); db.Close() })
	c, err := db.CreateCollection(context.Background(), "C", "")
	if err != nil {
		t.Fatal(err)
	}
	return db, lib, c.ID
}

// A file over the limit is refused with a clear message, and leaves nothing
// behind: no document, no stored file, no temporary file.
func TestOversizedFileIsRefusedAndLeavesNothing(t *testing.T) {
	db, lib, coll := startReal(t, 1024)
	_, err := lib.AddFile(context.Background(), coll, "huge.txt", strings.NewReader(strings.Repeat("x", 4096)))
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "1 KB") {
		t.Fatalf("err = %v, want ErrTooLarge naming the limit", err)
	}
	if docs, _ := db.ListDocuments(context.Background(), coll); len(docs) != 0 {
		t.Errorf("%d documents after a refused file", len(docs))
	}
	filepath.WalkDir(filepath.Join(lib.opts.DataDir, "files"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			t.Errorf("left behind: %s", path)
		}
		return nil
	})
}

// The same file added twice at the same moment is ingested once.
func TestSameFileTwiceAtOnceIsIngestedOnce(t *testing.T) {
	db, lib, coll := startReal(t, 0)
	text := statute(99, 6)
	var wg sync.WaitGroup
	results := make([]Added, 8)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r, err := lib.AddFile(context.Background(), coll, "act.md", strings.NewReader(text))
			if err != nil {
				t.Error(err)
			}
			results[i] = r
		}(i)
	}
	wg.Wait()
	fresh := 0
	for _, r := range results {
		if !r.Duplicate {
			fresh++
		}
	}
	docs, _ := db.ListDocuments(context.Background(), coll)
	if fresh != 1 || len(docs) != 1 {
		t.Fatalf("%d adds were new and %d documents exist; want 1 and 1", fresh, len(docs))
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		d, _ := db.GetDocument(context.Background(), docs[0].ID)
		if d.Status == store.DocReady {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("document ended %s: %s", d.Status, d.Error)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if bad, _ := lib.Verify(context.Background()); len(bad) != 0 {
		t.Errorf("index disagrees for %v", bad)
	}
}
