package api

import (
	"sync"
	"time"
)

// coalescer batches streamed text so the UI gets a few updates per 50 ms rather
// than one per token: pieces of the same kind are joined, a change of kind or
// the interval elapsing flushes them, in order.
type coalescer struct {
	mu       sync.Mutex
	kind     string
	text     []byte
	timer    *time.Timer
	interval time.Duration
	emit     func(Delta)
}

func newCoalescer(interval time.Duration, emit func(Delta)) *coalescer {
	return &coalescer{interval: interval, emit: emit}
}

// Add queues a piece of text of the given kind.
func (c *coalescer) Add(kind, text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.text) > 0 && kind != c.kind {
		c.flushLocked()
	}
	c.kind = kind
	c.text = append(c.text, text...)
	if c.timer == nil {
		c.timer = time.AfterFunc(c.interval, c.Flush)
	}
}

// Flush emits whatever is queued.
func (c *coalescer) Flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flushLocked()
}

func (c *coalescer) flushLocked() {
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
	if len(c.text) == 0 {
		return
	}
	c.emit(Delta{Kind: c.kind, Text: string(c.text)})
	c.text = c.text[:0]
}
