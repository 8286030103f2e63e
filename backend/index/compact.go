package index

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
// have stopped for compactIdle, one shard at a time so a core stays free,
// and gives way to the next write: a write cancels a compaction under way,
// and the wait starts again.

// compactIdle is how long the index waits after opening or after its last
// write before it compacts: long enough that an ingestion still running
// never waits for it. Tests shorten it.
var compactIdle = 15 * time.Second

// compactPlan merges a shard into one segment, but leaves segments of more
// than maxCompactChunks as they are, so a very large library is not
// rewritten whole each time a few documents are added.
var compactPlan = func() mergeplan.MergePlanOptions {
	p := mergeplan.SingleSegmentMergePlanOptions
	p.MaxSegmentSize = maxCompactChunks
	return p
}()

const maxCompactChunks = 2_000_000

// compactor schedules compactions after writes. The zero value never
// compacts until idle is set.
type compactor struct {
	idle   time.Duration // 0: never compact on its own
	mu     sync.Mutex
	timer  *time.Timer
	cancel context.CancelFunc // of the compaction under way
	closed bool
	runs   sync.WaitGroup
	run    func(context.Context) // what a compaction does
}

// wrote cancels a compaction under way and restarts the wait.
func (c *compactor) wrote() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancel != nil {
		c.cancel()
	}
	if c.closed || c.idle <= 0 {
		return
	}
	if c.timer == nil {
		c.timer = time.AfterFunc(c.idle, c.start)
		return
	}
	c.timer.Reset(c.idle)
}

// start runs a compaction unless the index is closing.
func (c *compactor) start() {
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
	c.run(ctx)
}

// stop cancels the compaction under way, waits for it and schedules no more.
func (c *compactor) stop() {
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

// Compact merges each shard's segments into one (see compactPlan), one
// shard after another. It returns when done or when ctx is cancelled; a
// cancelled compaction leaves the index as it was, or merged in part.
func (x *Index) Compact(ctx context.Context) {
	for _, s := range x.shards {
		if ctx.Err() != nil {
			return
		}
		s.compact(ctx)
	}
}

// compact force-merges the shard if it holds more than one segment.
func (s *shard) compact(ctx context.Context) {
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

// segments counts the shard's segments, in memory and on disk.
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
