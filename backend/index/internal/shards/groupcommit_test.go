package shards

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"lexflow/backend/index/internal/analysis"
)

// Writers arriving while a batch is written go together in the next one:
// sixteen single-chunk commits while the first is held make two writes.
func TestConcurrentCommitsShareOneWrite(t *testing.T) {
	s, err := Create(filepath.Join(t.TempDir(), "shard-0"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var ids []string
	for i := range 16 {
		ids = append(ids, fmt.Sprintf("c%03d", i))
	}
	before := s.gen.n
	s.gen.mu.Lock() // the first write waits here, holding the shard's writing turn
	var wg sync.WaitGroup
	errs := make([]error, len(ids))
	for i, id := range ids {
		wg.Go(func() {
			b := s.NewBatch()
			if errs[i] = b.Index(id, map[string]any{analysis.FieldTextEN: "Notice of termination " + id}); errs[i] == nil {
				errs[i] = s.Commit(b)
			}
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
			t.Fatalf("commit %s: %v", ids[i], err)
		}
	}
	if got := s.gen.n - before; got != 2 {
		t.Errorf("%d writes for %d concurrent commits, want 2", got, len(ids))
	}
	if n, err := s.Count(); err != nil || n != uint64(len(ids)) {
		t.Errorf("%d chunks in the shard (%v), want %d", n, err, len(ids))
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
