package shards

import (
	"sync"

	"github.com/blevesearch/bleve/v2"
)

// Every write batch is durable when it returns: Bleve writes a segment and
// syncs it. Small documents ingested side by side would each pay for that,
// and leave the shard a heap of tiny segments to merge. So writers that
// arrive while a batch is being written wait and go together in the next
// one (group commit): one segment, one sync, for all of them.

// group is the batch the next write takes, and who waits for it.
type group struct {
	batch *bleve.Batch
	err   error
	done  chan struct{}
}

// committer gathers a shard's concurrent batches into groups.
type committer struct {
	mu      sync.Mutex
	next    *group // nil when no batch waits
	writing bool   // a writer is writing groups
}

// Commit writes b together with the batches of writers arriving meanwhile,
// and returns once the group holding it is durable. The first writer to find
// none writing writes groups until none waits.
func (s *Shard) Commit(b *bleve.Batch) error {
	c := &s.committer
	c.mu.Lock()
	if c.next == nil {
		c.next = &group{batch: s.bleve.NewBatch(), done: make(chan struct{})}
	}
	g := c.next
	g.batch.Merge(b)
	lead := !c.writing
	c.writing = true
	c.mu.Unlock()
	if lead {
		s.writeGroups()
	}
	<-g.done
	return g.err
}

// writeGroups writes the waiting groups one after another until none is left.
func (s *Shard) writeGroups() {
	c := &s.committer
	for {
		c.mu.Lock()
		g := c.next
		c.next = nil
		if g == nil {
			c.writing = false
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		g.err = s.gen.commit(s.bleve, g.batch)
		close(g.done)
	}
}
