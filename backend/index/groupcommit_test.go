package index

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"lexflow/backend/evidence"
)

// Writers arriving while a batch is written go together in the next one:
// sixteen single-chunk adds while the first is held make two writes.
func TestConcurrentAddsShareOneWrite(t *testing.T) {
	x, err := Open(filepath.Join(t.TempDir(), "index"))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	s := x.shards[0]
	var ids []string
	for i := 0; len(ids) < 16; i++ { // chunk IDs that land on the first shard
		if id := fmt.Sprintf("c%03d", i); x.shardOf(id) == 0 {
			ids = append(ids, id)
		}
	}
	before := s.gen.n
	s.gen.mu.Lock() // the first write waits here, holding the shard's writing turn
	var wg sync.WaitGroup
	errs := make([]error, len(ids))
	for i, id := range ids {
		wg.Go(func() {
			errs[i] = x.Add(context.Background(), []evidence.Chunk{chunk(id, "d"+id, "c", "en", "Notice of termination "+id)})
		})
		if i == 0 {
			waitFor(t, func() bool {
				s.committer.mu.Lock()
				defer s.committer.mu.Unlock()
				return s.committer.writing && s.committer.next == nil
			})
		}
	}
	waitFor(t, func() bool {
		s.committer.mu.Lock()
		defer s.committer.mu.Unlock()
		return s.committer.next != nil && s.committer.next.batch.Size() == len(ids)-1
	})
	s.gen.mu.Unlock()
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("add %s: %v", ids[i], err)
		}
	}
	if got := s.gen.n - before; got != 2 {
		t.Errorf("%d writes for %d concurrent adds, want 2", got, len(ids))
	}
	if hits := mustSearch(t, x, Query{Text: "termination", TopK: 50}); len(hits) != len(ids) {
		t.Errorf("%d chunks found, want %d", len(hits), len(ids))
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
	}
}
