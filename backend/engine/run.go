package engine

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"lexflow/backend/llm"
)

// RunInput is what one run starts from.
type RunInput struct {
	RunID  string         // generated when empty
	Inputs map[string]any // the Start node's inputs
	Sys    Sys
	// Env and Conversation override the declared defaults by name.
	Env          map[string]any
	Conversation map[string]any
	// Overrides are the run's choices that stand in for what node data says
	// without changing the app (a chat turn's model and what it searches).
	// The engine hands them to every node as they are; each node type reads
	// what concerns it.
	Overrides any
}

// RunOptions tune one run. The zero value is usable.
type RunOptions struct {
	// Workers bounds how many nodes run at once (default DefaultWorkers).
	Workers   int
	Observers []Observer
	Clock     Clock
	// RunTimeout bounds the whole run; the run fails with ErrRunTimeout.
	RunTimeout time.Duration
	// AbandonAfter is how long a cancelled node may take to return before
	// the run stops waiting for it (default DefaultAbandonAfter).
	AbandonAfter time.Duration
	// OnObserverPanic hears about observers that panicked.
	OnObserverPanic func(error)
}

// Defaults for RunOptions.
const (
	DefaultWorkers      = 8
	DefaultAbandonAfter = 2 * time.Second
)

// RunResult is a finished run.
type RunResult struct {
	RunID  string
	Status Status // succeeded, failed or cancelled
	// Outputs are the End nodes' outputs.
	Outputs map[string]Value
	// Answer is every Response node's stream, in order (chatflows).
	Answer string
	// Conversation holds the conversation variables as the run left them
	// (nil when the app declares none), for the caller to keep for the
	// conversation's next turn.
	Conversation map[string]Value
	Usage        llm.Usage // summed over node executions
	StartedAt    time.Time
	FinishedAt   time.Time
	Err          error
}

// Execution is a started run.
type Execution struct {
	runID  string
	cancel context.CancelCauseFunc
	done   chan struct{}
	result *RunResult
}

// Run executes the plan and returns when the run has ended and every observer
// has seen its last event. A failed or cancelled run returns its result and
// the error (a *NodeError for a node failure, wrapping ErrRunTimeout or
// ErrRunCancelled otherwise).
func (p *Plan) Run(ctx context.Context, in RunInput, opts RunOptions) (*RunResult, error) {
	x, err := p.Start(ctx, in, opts)
	if err != nil {
		return nil, err
	}
	return x.Wait()
}

// Start begins a run in the background. Only bad input (unknown env or
// conversation variables, wrongly typed values) fails here, before any event.
func (p *Plan) Start(ctx context.Context, in RunInput, opts RunOptions) (*Execution, error) {
	if p.only != "" {
		return nil, fmt.Errorf("start run: the plan holds step %s alone: %w", p.only, ErrNodeNotFound)
	}
	return p.launch(ctx, in, opts, nil)
}

func (p *Plan) launch(ctx context.Context, in RunInput, opts RunOptions, single *singleNode) (*Execution, error) {
	d, err := p.newDispatcher(in, opts)
	if err != nil {
		return nil, err
	}
	if single != nil {
		d.single, d.coord.off = single, true // no Response session: the node renders its own answer
	}
	runCtx, cancel := context.WithCancelCause(ctx)
	stopTimer := func() bool { return false }
	if opts.RunTimeout > 0 {
		timeout := fmt.Errorf("%w after %s: %w", ErrRunTimeout, opts.RunTimeout, context.DeadlineExceeded)
		timer := time.AfterFunc(opts.RunTimeout, func() { cancel(timeout) })
		stopTimer = timer.Stop
	}
	x := &Execution{runID: d.runID, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(x.done)
		x.result = d.run(runCtx, cancel)
		stopTimer()
		cancel(context.Canceled) // release stray goroutines of abandoned nodes
	}()
	return x, nil
}

// RunID is the run's id.
func (x *Execution) RunID() string { return x.runID }

// Cancel stops the run: in-flight nodes' contexts are cancelled and the run
// ends with RunCancelled. Cancelling a finished run does nothing.
func (x *Execution) Cancel() { x.cancel(ErrRunCancelled) }

// Done is closed when the run has ended and observers have drained.
func (x *Execution) Done() <-chan struct{} { return x.done }

// Wait blocks until Done and returns the result and the run's error.
func (x *Execution) Wait() (*RunResult, error) {
	<-x.done
	return x.result, x.result.Err
}

func newRunID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// overrides applies a run's env or conversation values over the declared ones.
func overrides(what string, declared map[string]Value, given map[string]any) (map[string]Value, error) {
	out := make(map[string]Value, len(declared))
	for k, v := range declared {
		out[k] = v
	}
	for name, x := range given {
		def, ok := declared[name]
		if !ok {
			return nil, fmt.Errorf("start run: no %s variable %q is declared", what, name)
		}
		v := coerce(ValueOf(x), def.Type())
		if !conforms(v, def.Type()) {
			return nil, fmt.Errorf("start run: %s variable %q is %s, declared %s: %w", what, name, v.Type(), def.Type(), ErrTypeMismatch)
		}
		out[name] = v
	}
	return out, nil
}
