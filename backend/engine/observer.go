package engine

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// Observer receives a run's events in sequence order. Persistence, UI
// forwarding and logging are observers; the engine knows none of them.
//
// Isolation: each observer has its own goroutine fed by an unbounded queue.
// The dispatcher never waits for an observer, so a slow one cannot slow a
// run; no event is ever dropped, which persistence needs; a panic is
// recovered (reported to RunOptions.OnObserverPanic) and delivery continues
// with the next event. Run and Execution.Wait return only after every
// observer has seen the terminal event, so a persisted run is complete when
// Run returns. The price is memory: an observer far slower than the run
// queues events until it catches up.
type Observer interface {
	Observe(Event)
}

// ObserverFunc adapts a function.
type ObserverFunc func(Event)

func (f ObserverFunc) Observe(e Event) { f(e) }

// ChanObserver forwards every event to ch and closes it after the terminal
// event. It blocks on ch like any slow observer: read ch until it is closed.
func ChanObserver(ch chan<- Event) Observer {
	return ObserverFunc(func(e Event) {
		ch <- e
		if e.Kind.IsTerminal() {
			close(ch)
		}
	})
}

// observerQueue delivers events to one observer from its own goroutine.
type observerQueue struct {
	obs     Observer
	onPanic func(error)
	mu      sync.Mutex
	queue   []Event
	closed  bool
	wake    chan struct{}
	done    chan struct{}
}

func newObserverQueue(o Observer, onPanic func(error)) *observerQueue {
	q := &observerQueue{obs: o, onPanic: onPanic, wake: make(chan struct{}, 1), done: make(chan struct{}),
		queue: takeQueueBuffer()}
	go q.loop()
	return q
}

// queueBuffers keeps the emptied event buffers of finished observer queues
// for the next ones: an observer that lags its run by hundreds of events
// grows each of its two buffers to that size, and every run's queue grew
// its own again, the largest allocation of a recorded run.
var queueBuffers sync.Pool // of *[]Event

func takeQueueBuffer() []Event {
	if b, ok := queueBuffers.Get().(*[]Event); ok {
		return *b
	}
	return nil
}

func putQueueBuffer(b []Event) {
	if cap(b) > 0 {
		b = b[:0]
		queueBuffers.Put(&b)
	}
}

// push enqueues without blocking the dispatcher and returns the backlog.
func (q *observerQueue) push(e Event) int {
	q.mu.Lock()
	q.queue = append(q.queue, e)
	n := len(q.queue)
	q.mu.Unlock()
	q.signal()
	return n
}

// close marks the end of the stream; the loop drains and exits.
func (q *observerQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.signal()
}

func (q *observerQueue) signal() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *observerQueue) loop() {
	defer close(q.done)
	batch := takeQueueBuffer()
	for {
		q.mu.Lock()
		batch, q.queue = q.queue, batch[:0]
		closed := q.closed
		q.mu.Unlock()
		for i := range batch {
			q.deliver(batch[i])
			batch[i] = Event{} // release payloads early
		}
		if closed && len(batch) == 0 {
			q.mu.Lock() // both buffers are empty: nothing is pushed after close
			putQueueBuffer(batch)
			putQueueBuffer(q.queue)
			q.queue = nil
			q.mu.Unlock()
			return
		}
		if len(batch) == 0 {
			<-q.wake
		}
	}
}

func (q *observerQueue) deliver(e Event) {
	defer func() {
		if r := recover(); r != nil && q.onPanic != nil {
			q.onPanic(fmt.Errorf("observe event %d (%s): %v\n%s", e.Seq, e.Kind, r, debug.Stack()))
		}
	}()
	q.obs.Observe(e)
}

// observers fans events out to every queue.
type observers []*observerQueue

func newObservers(list []Observer, onPanic func(error)) observers {
	out := make(observers, 0, len(list))
	for _, o := range list {
		if o != nil {
			out = append(out, newObserverQueue(o, onPanic))
		}
	}
	return out
}

// backlogYield is the queue length past which the dispatcher yields its
// processor after each event, so observers that fall behind catch up
// instead of letting their queues grow; it never waits for them.
const backlogYield = 256

func (os observers) push(e Event) {
	behind := false
	for _, q := range os {
		behind = q.push(e) > backlogYield || behind
	}
	if behind {
		runtime.Gosched()
	}
}

// closeAndWait ends every stream and waits until each observer has seen it all.
func (os observers) closeAndWait() {
	for _, q := range os {
		q.close()
	}
	for _, q := range os {
		<-q.done
	}
}
