package shards

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// A compaction starts only after writes have stopped for Idle, a write
// cancels the one under way, and none runs after Stop.
func TestCompactionGivesWayToWrites(t *testing.T) {
	const idle = 30 * time.Millisecond
	var (
		c       *Compactor
		runs    atomic.Int32
		started chan context.Context
	)
	// Writes closer together than idle put compaction off. The check means
	// something only if the writes, and the look after them, did come that
	// close: a stalled machine can space them further apart, and then
	// compacting in a gap is right. So it is tried afresh until they do.
	for attempt := 0; ; attempt++ {
		runs.Store(0)
		started = make(chan context.Context, 16)
		c = &Compactor{Idle: idle, Run: func(ctx context.Context) {
			runs.Add(1)
			started <- ctx
			<-ctx.Done()
		}}
		// Each write's wait must end within idle: by the next write, or by the look.
		var writes, ends []time.Time
		for i := range 10 { // for longer than idle in all
			writes = append(writes, time.Now())
			c.Wrote()
			if i > 0 {
				ends = append(ends, time.Now())
			}
			time.Sleep(5 * time.Millisecond)
		}
		compacted := runs.Load() != 0
		if closeTogether(writes, append(ends, time.Now()), idle) {
			if compacted {
				t.Fatal("compaction started while writes kept coming")
			}
			break
		}
		c.Stop()
		if attempt == 20 {
			t.Fatal("the writes never came closer together than the idle time")
		}
	}
	ctx := <-started
	c.Wrote()
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("a write did not cancel the compaction under way")
	}
	next := <-started // the wait started again after the write
	c.Stop()
	if next.Err() == nil {
		t.Error("Stop left a compaction running")
	}
	c.Wrote()
	time.Sleep(100 * time.Millisecond)
	if n := runs.Load(); n != 2 {
		t.Errorf("%d compactions, want 2 (none after Stop)", n)
	}
}

// closeTogether says whether each of the waits from starts[i] to ends[i]
// was shorter than d.
func closeTogether(starts, ends []time.Time, d time.Duration) bool {
	for i := range starts {
		if ends[i].Sub(starts[i]) >= d {
			return false
		}
	}
	return true
}
