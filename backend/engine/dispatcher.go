package engine

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"
	"time"
)

// The dispatcher is the one goroutine that owns a run's state: readiness,
// edge states, the variable pool, the answer coordinator and the event
// sequence. Workers only run nodes and report back on one channel, so none
// of that state needs a lock (ARCHITECTURE: "one goroutine owns a run's state").
type dispatcher struct {
	p       *Plan
	runID   string
	in      RunInput
	clock   Clock
	workers int
	abandon time.Duration
	obs     observers

	ctx     context.Context
	cancel  context.CancelCauseFunc
	work    chan *execution
	reports chan report

	seq      int64
	pool     *pool
	nodes    []nodeState // by plan index
	edges    []int8      // edgePending, edgeTaken, edgeUntaken
	ready    []int
	next     *execution // the head of the ready queue, prepared
	inflight int
	stopping bool
	failure  error // the error that ends the run, if any
	coord    *coordinator
	result   RunResult
	ended    map[int]bool // End nodes that succeeded, for the run's outputs
	// single is set when the run executes one node alone (StartNode).
	single *singleNode
	// broke is set when a RoleBreak node finished: the run is a round of a
	// body whose container should stop.
	broke bool
}

const (
	edgePending int8 = iota
	edgeTaken
	edgeUntaken
)

type nodeState struct {
	status      Status // "" until started or skipped
	pendingIn   int    // incoming edges not yet resolved
	anyTaken    bool
	predecessor int
	attempt     int
	started     time.Time
	exec        *execution
}

func (p *Plan) newDispatcher(in RunInput, opts RunOptions) (*dispatcher, error) {
	env, err := overrides("environment", p.env, in.Env)
	if err != nil {
		return nil, err
	}
	conv, err := overrides("conversation", p.conv, in.Conversation)
	if err != nil {
		return nil, err
	}
	d := &dispatcher{p: p, in: in, runID: cmpOr(in.RunID, newRunID()), clock: opts.Clock,
		workers: opts.Workers, abandon: opts.AbandonAfter, ended: map[int]bool{}}
	d.pool = newPool(len(p.nodes), in.Sys.values(p.mode, d.runID), env, conv)
	d.applyDefaults()
	d.obs = newObservers(opts.Observers, opts.OnObserverPanic)
	d.nodes = make([]nodeState, len(p.nodes))
	for i := range d.nodes {
		d.nodes[i] = nodeState{pendingIn: len(p.nodes[i].in), predecessor: -1}
	}
	d.edges = make([]int8, len(p.edges))
	d.coord = newCoordinator(d)
	return d, nil
}

func (d *dispatcher) applyDefaults() {
	if d.clock == nil {
		d.clock = realClock{}
	}
	if d.workers <= 0 {
		d.workers = DefaultWorkers
	}
	if d.abandon <= 0 {
		d.abandon = DefaultAbandonAfter
	}
}

// run is the dispatcher loop; it returns when nothing is in flight and
// nothing more can start.
func (d *dispatcher) run(ctx context.Context, cancel context.CancelCauseFunc) *RunResult {
	d.ctx, d.cancel = ctx, cancel
	d.work, d.reports = make(chan *execution), make(chan report, 4*d.workers)
	var wg sync.WaitGroup
	for range d.workers {
		wg.Add(1)
		go func() { defer wg.Done(); d.worker() }()
	}
	d.begin()
	d.loop()
	close(d.work)
	wg.Wait()
	d.end()
	return &d.result
}

func (d *dispatcher) begin() {
	d.result = RunResult{RunID: d.runID, StartedAt: d.clock.Now(), Outputs: map[string]Value{}}
	d.emit(Event{Kind: RunStarted, Inputs: d.in.Inputs})
	if d.single != nil {
		d.enqueue(d.single.idx, -1)
		return
	}
	d.coord.markCertain(d.p.start)
	d.enqueue(d.p.start, -1)
}

func (d *dispatcher) loop() {
	done := d.ctx.Done()
	for d.inflight > 0 || (!d.stopping && len(d.ready) > 0) {
		var work chan *execution
		if !d.stopping && len(d.ready) > 0 {
			if d.next == nil {
				d.next = d.prepare(d.ready[0])
			}
			work = d.work
		}
		select {
		case work <- d.next:
			d.started(d.next)
		case r := <-d.reports:
			d.handle(r)
		case <-done:
			done = nil
			d.stop(context.Cause(d.ctx))
		}
	}
}

// prepare builds the execution for a ready node: its variable snapshot is
// taken now, when every live predecessor has finished.
func (d *dispatcher) prepare(idx int) *execution {
	n := &d.p.nodes[idx]
	in := NodeInput{RunID: d.runID, NodeID: n.id, Title: n.title, Mode: d.p.mode,
		Vars: d.pool.view(n.inputs), RunInputs: d.in.Inputs, Overrides: d.in.Overrides}
	if d.single != nil {
		in.Vars = d.single.vars
	}
	return newExecution(d, idx, in)
}

func (d *dispatcher) started(x *execution) {
	d.ready, d.next = d.ready[1:], nil
	d.inflight++
	st := &d.nodes[x.idx]
	st.status, st.attempt, st.started, st.exec = StatusRunning, 1, d.clock.Now(), x
	e := d.nodeEvent(NodeRunStarted, x.idx)
	e.Attempt, e.Vars = 1, x.in.Vars.merged(x.virtualBase)
	if st.predecessor >= 0 {
		e.PredecessorID = d.p.nodes[st.predecessor].id
	}
	d.emit(e)
}

func (d *dispatcher) enqueue(idx, predecessor int) {
	d.nodes[idx].predecessor = predecessor
	d.ready = append(d.ready, idx)
}

// stop ends a run early: nothing new starts and in-flight nodes are
// cancelled through the run context.
func (d *dispatcher) stop(cause error) {
	if d.stopping {
		return
	}
	d.stopping = true
	if d.failure == nil {
		d.failure = cause
	}
	d.cancel(cause)
}

// end emits the terminal event and waits for the observers.
func (d *dispatcher) end() {
	r := &d.result
	r.FinishedAt, r.Answer = d.clock.Now(), d.coord.answer.String() // partial when the run failed
	e := Event{StartedAt: r.StartedAt, FinishedAt: r.FinishedAt, Elapsed: r.FinishedAt.Sub(r.StartedAt)}
	switch {
	case d.failure == nil:
		d.coord.flush()
		r.Status, r.Answer = StatusSucceeded, d.coord.answer.String()
		e.Kind, e.Outputs, e.Answer, e.Usage = RunSucceeded, r.Outputs, r.Answer, &r.Usage
	case errors.Is(d.failure, ErrRunCancelled) || errors.Is(d.failure, context.Canceled):
		cause := d.failure
		if c := context.Cause(d.ctx); errors.Is(c, ErrRunCancelled) {
			cause = c // a node that saw the cancel first reported it as its own failure
		}
		r.Status, r.Err = StatusCancelled, fmt.Errorf("run %s: %w", d.runID, cause)
		e.Kind, e.Error = RunCancelled, r.Err.Error()
	default:
		r.Status, r.Err = StatusFailed, d.runError()
		e.Kind, e.Error, e.ErrorType = RunFailed, r.Err.Error(), errorType(r.Err)
	}
	if len(d.p.conv) > 0 {
		r.Conversation = maps.Clone(d.pool.ns[NamespaceConversation])
		e.Conversation = r.Conversation
	}
	e.Status, e.Err = r.Status, r.Err
	d.emit(e)
	d.obs.closeAndWait()
}

// runError wraps the failure; a parent context's deadline counts as a timeout.
func (d *dispatcher) runError() error {
	err := d.failure
	if errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, ErrRunTimeout) {
		err = fmt.Errorf("%w: %w", ErrRunTimeout, err)
	}
	var nodeErr *NodeError
	if errors.As(err, &nodeErr) {
		return err
	}
	return fmt.Errorf("run %s: %w", d.runID, err)
}

// emit stamps an event with the next sequence number and the time, and
// hands it to every observer.
func (d *dispatcher) emit(e Event) {
	d.seq++
	e.Seq, e.RunID = d.seq, d.runID
	if e.Time.IsZero() {
		e.Time = d.clock.Now()
	}
	d.obs.push(e)
}

// nodeEvent fills the node fields of an event.
func (d *dispatcher) nodeEvent(kind EventKind, idx int) Event {
	n := &d.p.nodes[idx]
	e := Event{Kind: kind, NodeID: n.id, NodeType: n.typ, Title: n.title}
	if n.parent >= 0 {
		e.IsVirtual, e.ParentNodeID = true, d.p.nodes[n.parent].id
		e.ExtractionSource, e.ExtractionPrompt = n.extractionSource, n.extractionPrompt
	}
	return e
}
