package library

import (
	"context"
	"hash/fnv"
	"sync"
)

// docGuard serialises all work on one document — ingesting, re-indexing,
// deleting — so a delete can never interleave with an ingestion that would
// put the document's chunks back into the index after the delete removed them.
// Locks are striped: bounded memory, and each operation holds exactly one.
type docGuard struct {
	stripes [64]sync.Mutex

	mu       sync.Mutex
	inflight map[string]context.CancelFunc
}

func newDocGuard() *docGuard { return &docGuard{inflight: map[string]context.CancelFunc{}} }

func (g *docGuard) lock(docID string) func() {
	h := fnv.New32a()
	h.Write([]byte(docID))
	m := &g.stripes[h.Sum32()%uint32(len(g.stripes))]
	m.Lock()
	return m.Unlock
}

// ingesting registers a cancellable ingestion of docID; done unregisters it.
func (g *docGuard) ingesting(ctx context.Context, docID string) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	g.mu.Lock()
	g.inflight[docID] = cancel
	g.mu.Unlock()
	return ctx, func() {
		g.mu.Lock()
		delete(g.inflight, docID)
		g.mu.Unlock()
		cancel()
	}
}

// interrupt cancels an ingestion of docID in progress, if any.
func (g *docGuard) interrupt(docID string) {
	g.mu.Lock()
	cancel := g.inflight[docID]
	g.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}
