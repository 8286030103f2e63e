package api

import (
	"context"
	"sync"
	"time"

	"lexflow/backend/engine"
	"lexflow/backend/runs"
)

// Hub fans events out to whoever listens: SSE clients in the browser face, the
// Wails event forwarder in the desktop face. Each topic keeps a bounded log so
// a client that reconnects with the last seq it saw misses nothing.
type Hub struct {
	mu       sync.Mutex
	topics   map[string]*topicLog
	watchers map[int]func(Event)
	nextID   int
	now      func() time.Time
	keep     int           // events kept per topic
	idle     time.Duration // a topic unused this long is forgotten
}

type topicLog struct {
	seq    int64
	events []Event
	subs   map[int]chan Event
	used   time.Time
}

// NewHub returns a hub keeping up to keep events per topic.
func NewHub(now func() time.Time, keep int) *Hub {
	if now == nil {
		now = time.Now
	}
	return &Hub{topics: map[string]*topicLog{}, watchers: map[int]func(Event){}, now: now,
		keep: keep, idle: 15 * time.Minute}
}

// Publish appends an event to topic and delivers it to every subscriber. A
// subscriber too slow to keep up is dropped (its channel closed); it resumes
// from the log by reconnecting with its last seq.
func (h *Hub) Publish(topic, typ string, data any) Event {
	h.mu.Lock()
	t := h.topic(topic)
	t.seq++
	ev := Event{Seq: t.seq, Topic: topic, Type: typ, Time: h.now().UTC(), Data: data}
	t.events = append(t.events, ev)
	if len(t.events) > h.keep {
		t.events = t.events[len(t.events)-h.keep:]
	}
	t.used = ev.Time
	for id, ch := range t.subs {
		select {
		case ch <- ev:
		default:
			close(ch)
			delete(t.subs, id)
		}
	}
	watchers := make([]func(Event), 0, len(h.watchers))
	for _, w := range h.watchers {
		watchers = append(watchers, w)
	}
	h.mu.Unlock()
	for _, w := range watchers {
		w(ev)
	}
	return ev
}

// Since returns the logged events of topic with seq greater than after.
func (h *Hub) Since(topic string, after int64) []Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.since(topic, after)
}

func (h *Hub) since(topic string, after int64) []Event {
	out := []Event{}
	t, ok := h.topics[topic]
	if !ok {
		return out
	}
	for _, ev := range t.events {
		if ev.Seq > after {
			out = append(out, ev)
		}
	}
	return out
}

// Subscribe returns the logged events after seq `after` and a channel of the
// live ones that follow, with no gap and no duplicate between the two.
func (h *Hub) Subscribe(topic string, after int64) (replay []Event, live <-chan Event, cancel func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t := h.topic(topic)
	ch := make(chan Event, 256)
	h.nextID++
	id := h.nextID
	t.subs[id] = ch
	cancel = func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if c, ok := t.subs[id]; ok {
			close(c)
			delete(t.subs, id)
		}
	}
	return h.since(topic, after), ch, cancel
}

// Watch calls fn for every event of every topic, in publish order per topic.
// fn runs on the publisher's goroutine and must not block.
func (h *Hub) Watch(fn func(Event)) (cancel func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.nextID++
	id := h.nextID
	h.watchers[id] = fn
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.watchers, id)
	}
}

// PublishRun forwards a run's events to the hub, and forgets the run's log
// once it ends with every event stored: replay then reads the finished run
// from SQLite. A run whose events could not all be written keeps its log
// here, for replay to find what SQLite lacks, until it is swept as idle.
func PublishRun(hub *Hub) runs.Publisher {
	return func(topic string, ev engine.Event, stored bool) {
		hub.Publish(topic, string(ev.Kind), ev)
		if ev.Kind.IsTerminal() && stored {
			hub.Finish(topic)
		}
	}
}

// Finish forgets the log of a topic whose stream is complete and kept
// elsewhere (a run's events are in SQLite before its last one is published),
// so a finished run holds no memory here. Subscribers still attached keep
// what they were sent; a later subscriber starts an empty log.
func (h *Hub) Finish(topic string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.topics, topic)
}

// SweepEvery forgets idle topics every interval until ctx ends, so memory
// is returned on a quiet server too, not only when a new topic starts.
func (h *Hub) SweepEvery(ctx context.Context, interval time.Duration) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			h.Sweep()
		}
	}
}

// Sweep forgets the topics nobody listens to that were unused for the idle
// time.
func (h *Hub) Sweep() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sweep()
}

func (h *Hub) sweep() {
	now := h.now()
	for n, t := range h.topics {
		if len(t.subs) == 0 && now.Sub(t.used) > h.idle {
			delete(h.topics, n)
		}
	}
}

// topic returns the log of a topic, creating it, and forgets idle topics nobody
// listens to. Callers hold h.mu.
func (h *Hub) topic(name string) *topicLog {
	if t, ok := h.topics[name]; ok {
		return t
	}
	h.sweep()
	t := &topicLog{subs: map[int]chan Event{}, used: h.now()}
	h.topics[name] = t
	return t
}

// Topics is how many topics hold a log.
func (h *Hub) Topics() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.topics)
}
