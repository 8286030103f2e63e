package api

import (
	"context"
	"sync"
	"testing"
	"time"

	"lexflow/backend/engine"
)

func seqs(evs []Event) []int64 {
	out := []int64{}
	for _, e := range evs {
		out = append(out, e.Seq)
	}
	return out
}

func TestHubSeqIsPerTopic(t *testing.T) {
	h := NewHub(nil, 100)
	h.Publish("a", "x", nil)
	h.Publish("b", "x", nil)
	if ev := h.Publish("a", "x", nil); ev.Seq != 2 {
		t.Errorf("second event on a has seq %d, want 2", ev.Seq)
	}
}

// Subscribing mid-stream yields the missed events and then the live ones,
// with no gap and no duplicate, even while a publisher races the subscriber.
func TestHubSubscribeReplaysThenStreams(t *testing.T) {
	h := NewHub(nil, 10000)
	const total = 2000
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < total; i++ {
			h.Publish("t", "tick", i)
		}
	}()
	time.Sleep(time.Millisecond)
	replay, live, cancel := h.Subscribe("t", 0)
	defer cancel()
	got := seqs(replay)
	for len(got) < total {
		select {
		case ev, ok := <-live:
			if !ok {
				// Dropped as slow: resume from the log, as a client would.
				var more []Event
				more, live, cancel = h.Subscribe("t", got[len(got)-1])
				got = append(got, seqs(more)...)
				continue
			}
			got = append(got, ev.Seq)
		case <-time.After(5 * time.Second):
			t.Fatalf("stalled after %d events", len(got))
		}
	}
	wg.Wait()
	for i, s := range got {
		if s != int64(i+1) {
			t.Fatalf("event %d has seq %d: gap or duplicate", i, s)
		}
	}
}

func TestHubSinceAndBoundedLog(t *testing.T) {
	h := NewHub(nil, 3)
	for i := 0; i < 5; i++ {
		h.Publish("t", "x", i)
	}
	if got := seqs(h.Since("t", 0)); len(got) != 3 || got[0] != 3 {
		t.Errorf("Since(0) = %v, want the last 3 (3,4,5)", got)
	}
	if got := seqs(h.Since("t", 4)); len(got) != 1 || got[0] != 5 {
		t.Errorf("Since(4) = %v", got)
	}
	if got := h.Since("unknown", 0); len(got) != 0 {
		t.Errorf("unknown topic = %v", got)
	}
}

func TestHubWatchSeesEveryTopic(t *testing.T) {
	h := NewHub(nil, 10)
	var seen []string
	cancel := h.Watch(func(e Event) { seen = append(seen, e.Topic) })
	h.Publish("a", "x", nil)
	h.Publish("b", "x", nil)
	cancel()
	h.Publish("c", "x", nil)
	if len(seen) != 2 || seen[0] != "a" || seen[1] != "b" {
		t.Errorf("watched %v", seen)
	}
}

func TestHubForgetsIdleTopics(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h := NewHub(func() time.Time { return now }, 10)
	h.Publish("old", "x", nil)
	now = now.Add(time.Hour)
	h.Publish("new", "x", nil)
	if got := h.Since("old", 0); len(got) != 0 {
		t.Errorf("idle topic kept: %v", got)
	}
}

func TestCoalescerBatchesByKindInOrder(t *testing.T) {
	var mu sync.Mutex
	var got []Delta
	c := newCoalescer(time.Hour, func(d Delta) { mu.Lock(); got = append(got, d); mu.Unlock() })
	for _, p := range []struct{ k, t string }{{"reasoning", "th"}, {"reasoning", "ink"}, {"content", "Hel"}, {"content", "lo"}, {"reasoning", "!"}} {
		c.Add(p.k, p.t)
	}
	c.Flush()
	want := []Delta{{"reasoning", "think"}, {"content", "Hello"}, {"reasoning", "!"}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("delta %d = %v, want %v", i, got[i], want[i])
		}
	}
}

func TestCoalescerFlushesOnInterval(t *testing.T) {
	done := make(chan Delta, 1)
	c := newCoalescer(10*time.Millisecond, func(d Delta) { done <- d })
	c.Add("content", "hi")
	select {
	case d := <-done:
		if d.Text != "hi" {
			t.Errorf("flushed %q", d.Text)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("pending text never flushed")
	}
}

func TestMaskKey(t *testing.T) {
	for key, want := range map[string]string{"": "", "short": "••••", "sk-abcdefghijkl9f2c": "…9f2c"} {
		if got := MaskKey(key); got != want {
			t.Errorf("MaskKey(%q) = %q, want %q", key, got, want)
		}
	}
}

func TestHubSweepForgetsIdleTopicsWithoutANewOne(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h := NewHub(func() time.Time { return now }, 10)
	h.Publish("old", "x", nil)
	_, _, cancel := h.Subscribe("watched", 0)
	defer cancel()
	now = now.Add(time.Hour)
	h.Sweep()
	if got := h.Since("old", 0); len(got) != 0 {
		t.Errorf("idle topic kept: %v", got)
	}
	if h.Topics() != 1 {
		t.Errorf("%d topics after the sweep, want only the one with a subscriber", h.Topics())
	}
}

func TestPublishRunForgetsAFinishedRun(t *testing.T) {
	h := NewHub(nil, 100)
	publish := PublishRun(h)
	replay, live, cancel := h.Subscribe("run:1", 0)
	defer cancel()
	publish("run:1", engine.Event{Kind: engine.NodeRunStarted}, false)
	publish("run:1", engine.Event{Kind: engine.RunSucceeded}, true)
	if len(replay) != 0 {
		t.Fatalf("replayed %d events before any was published", len(replay))
	}
	var kinds []string
	for range 2 {
		kinds = append(kinds, (<-live).Type)
	}
	if kinds[1] != string(engine.RunSucceeded) {
		t.Errorf("live subscriber saw %v, want the run's end last", kinds)
	}
	if got := h.Since("run:1", 0); len(got) != 0 || h.Topics() != 0 {
		t.Errorf("a finished run keeps %d events in %d topics", len(got), h.Topics())
	}
}

// A run whose events did not all reach SQLite keeps them in the hub when
// it ends, for replay, until it is idle long enough to be swept.
func TestPublishRunKeepsARunNotStored(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h := NewHub(func() time.Time { return now }, 100)
	publish := PublishRun(h)
	publish("run:1", engine.Event{Kind: engine.NodeRunStarted}, false)
	publish("run:1", engine.Event{Kind: engine.RunSucceeded}, false)
	if got := h.Since("run:1", 0); len(got) != 2 {
		t.Fatalf("the hub keeps %d events of a run not stored, want both", len(got))
	}
	now = now.Add(time.Hour)
	h.Sweep()
	if h.Topics() != 0 {
		t.Errorf("%d topics after the idle sweep, want none", h.Topics())
	}
}

// The sweep runs by itself on a quiet hub: no new topic needs to start.
func TestHubSweepEveryRunsOnItsOwn(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h := NewHub(func() time.Time { mu.Lock(); defer mu.Unlock(); return now }, 10)
	h.Publish("old", "x", nil)
	mu.Lock()
	now = now.Add(time.Hour)
	mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go h.SweepEvery(ctx, time.Millisecond)
	for deadline := time.Now().Add(10 * time.Second); h.Topics() != 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the idle topic is still there")
		}
	}
}
