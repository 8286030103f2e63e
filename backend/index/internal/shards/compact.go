package shards

import (
	"context"
	"sync"
	"time"

	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/index/scorch/mergeplan"
)

// A shard that has just taken a bulk load is spread over several segments,
// and every query pays for each one: it opens each clause's postings once
// per segment and advances through each. Bleve's own merging stops at about
// ten segments a tier; merging a shard into one segment takes a quarter off
// the CPU of a query at 100,000 chunks. The index does it itself once writes
// have stopped for a while (a Compactor), one shard at a time so a core
// stays free, and gives way to the next write: a write cancels a compaction
// under way, and the wait starts again.

// compactPlan merges a shard into one segment, but leaves segments of more
// than maxCompactChunks as they are, so a very large library is not
// rewritten whole each time a few documents are added.
var compactPlan = func() mergeplan.MergePlanOptions {
	p := mergeplan.SingleSegmentMergePlanOptions
	p.MaxSegmentSize = maxCompactChunks
	return p
}()

const maxCompactChunks = 2_000_000

// A Compactor schedules compactions after writes: Run once writes have
// stopped for Idle. The zero value never compacts until Idle is set.
type Compactor struct {
	Idle   time.Duration         // 0: never compact on its own
	Run    func(context.Context) // what a compaction does
	mu     sync.Mutex
	timer  *time.Timer
	cancel context.CancelFunc // of the compaction under way
	closed bool
	runs   sync.WaitGroup
}

// Wrote cancels a compaction under way and restarts the wait.
func (c *Compactor) Wrote() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancel != nil {
		c.cancel()
	}
	if c.closed || c.Idle <= 0 {
		return
	}
	if c.timer == nil {
		c.timer = time.AfterFunc(c.Idle, c.start)
		return
	}
	c.timer.Reset(c.Idle)
}

// start runs a compaction unless the index is closing.
func (c *Compactor) start() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	c.runs.Add(1)
	c.mu.Unlock()
	defer c.runs.Done()
	defer cancel()
	c.Run(ctx)
}

// Stop cancels the compaction under way, waits for it and schedules no more.
func (c *Compactor) Stop() {
	c.mu.Lock()
	c.closed = true
	if c.timer != nil {
		c.timer.Stop()
	}
	if c.cancel != nil {
		c.cancel()
	}
	c.mu.Unlock()
	c.runs.Wait()
}

// Compact force-merges the shard if it holds more than one segment (see
// compactPlan). A cancelled compaction leaves the shard as it was, or
// merged in part.
func (s *Shard) Compact(ctx context.Context) {
	adv, err := s.bleve.Advanced()
	if err != nil {
		return
	}
	sc, ok := adv.(*scorch.Scorch)
	if !ok {
		return
	}
	plan := compactPlan
	// A segment the last write left in memory can reach the disk while the
	// merge runs, and stay beside the merged one: merge again, a few times
	// at most (a segment over maxCompactChunks is never merged).
	for range 3 {
		if segments(sc) <= 1 || ctx.Err() != nil {
			return
		}
		// ForceMerge fails only when a merge is already forced on this
		// shard, which only Compact asks for: that one will do.
		_ = sc.ForceMerge(ctx, &plan)
	}
}

// Segments counts the shard's segments, in memory and on disk.
func (s *Shard) Segments() uint64 {
	if sc := s.scorch(); sc != nil {
		return segments(sc)
	}
	return 0
}

// Busy tells whether Bleve is merging or persisting the shard's segments
// in the background.
func (s *Shard) Busy() bool {
	sc := s.scorch()
	return sc != nil && sc.StatsMap()["index_bgthreads_active"] == true
}

func (s *Shard) scorch() *scorch.Scorch {
	adv, err := s.bleve.Advanced()
	if err != nil {
		return nil
	}
	sc, _ := adv.(*scorch.Scorch)
	return sc
}

func segments(sc *scorch.Scorch) uint64 {
	stats := sc.StatsMap()
	n := uint64(0)
	for _, key := range []string{"TotMemorySegmentsAtRoot", "TotFileSegmentsAtRoot"} {
		if v, ok := stats[key].(uint64); ok {
			n += v
		}
	}
	return n
}
