package main

import (
	"context"
	"sync"
)

// queue hands items from any goroutine to one consumer, in order, in batches
// of what has arrived meanwhile. It is unbounded: an item dropped (an event,
// a file to open) would be lost to the window for good.
type queue[T any] struct {
	mu    sync.Mutex
	items []T
	wake  chan struct{}
}

func newQueue[T any]() *queue[T] { return &queue[T]{wake: make(chan struct{}, 1)} }

// push appends items (none still wakes the consumer) without waiting for it.
func (q *queue[T]) push(items ...T) {
	q.mu.Lock()
	q.items = append(q.items, items...)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// drain calls take with each batch until ctx ends.
func (q *queue[T]) drain(ctx context.Context, take func([]T)) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-q.wake:
		}
		q.mu.Lock()
		batch := q.items
		q.items = nil
		q.mu.Unlock()
		take(batch)
	}
}
