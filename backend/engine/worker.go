package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"
)

// execution is one real node's run on a worker, retries and virtual
// sub-nodes included. Workers read only immutable plan data and talk to the
// dispatcher through reports.
type execution struct {
	d   *dispatcher // for the plan, the reports channel, clock and options only
	idx int
	n   *planNode
	in  NodeInput
	// virtualBase is the snapshot for virtual sub-nodes; virtualOut collects the
	// outputs of those that finished, for their later siblings.
	virtualBase Vars
	mu          sync.Mutex
	virtualOut  map[string]map[string]Value
	// bodyConv holds the conversation variables its body's rounds wrote.
	bodyConv map[string]Value
}

// attempt is one try of one node (real or virtual); stream chunks are tagged
// with it so the dispatcher can drop a superseded attempt's leftovers.
type attempt struct {
	x             *execution
	idx           int
	n             int
	parentAttempt int
	ctx           context.Context
}

type outcome struct {
	res NodeResult
	err error
}

func newExecution(d *dispatcher, idx int, in NodeInput) *execution {
	x := &execution{d: d, idx: idx, n: &d.p.nodes[idx], in: in}
	if len(x.n.children) > 0 {
		var refs []ref
		for _, c := range x.n.children {
			refs = append(refs, d.p.nodes[c].inputs...)
		}
		x.virtualBase = d.pool.view(refs)
		if d.single != nil {
			x.virtualBase = d.single.vars
		}
	}
	return x
}

func (d *dispatcher) worker() {
	for x := range d.work {
		res, err := x.retrying(d.ctx, x.idx, x.in, 0)
		d.reports <- report{kind: repDone, node: x.idx, exec: x, res: res, err: err, at: d.clock.Now()}
	}
}

// retrying runs attempts until one succeeds, retries are used up or the run
// stops. Virtual nodes use their parent's retry settings.
func (x *execution) retrying(ctx context.Context, idx int, in NodeInput, parentAttempt int) (NodeResult, error) {
	settings := x.n.settings
	for k := 1; ; k++ {
		res, err := x.attempt(ctx, idx, in, k, parentAttempt)
		if err == nil {
			res, err = checkResult(&x.d.p.nodes[idx], res)
		}
		if err == nil || k > settings.MaxRetries || ctx.Err() != nil || x.virtualFailed(idx, err) {
			return res, err
		}
		x.send(ctx, report{kind: repRetry, node: idx, exec: x, attempt: k, parentAttempt: parentAttempt,
			err: err, retryIn: settings.RetryInterval})
		if !sleep(ctx, settings.RetryInterval) {
			return res, err
		}
	}
}

// attempt runs the node once in its own goroutine, so that a node that
// ignores cancellation is abandoned after a grace period instead of hanging
// the run. A panic becomes a *PanicError.
func (x *execution) attempt(ctx context.Context, idx int, in NodeInput, k, parentAttempt int) (NodeResult, error) {
	n := &x.d.p.nodes[idx]
	actx, cancel := attemptContext(ctx, n.settings.Timeout)
	defer cancel()
	in.Attempt, in.att = k, &attempt{x: x, idx: idx, n: k, parentAttempt: parentAttempt, ctx: actx}
	done := make(chan outcome, 1)
	go func() { done <- safeRun(actx, n.node, in) }()
	select {
	case o := <-done:
		return o.res, timeoutError(actx, n.settings.Timeout, o.err)
	case <-actx.Done():
	}
	grace := time.NewTimer(x.d.abandon)
	defer grace.Stop()
	select {
	case o := <-done:
		return o.res, timeoutError(actx, n.settings.Timeout, o.err)
	case <-grace.C:
		return NodeResult{}, fmt.Errorf("%w after %s: %w", ErrNodeAbandoned, x.d.abandon, context.Cause(actx))
	}
}

func attemptContext(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, timeout, fmt.Errorf("%w after %s", ErrNodeTimeout, timeout))
}

// timeoutError makes a node's own error say that its timeout caused it.
func timeoutError(actx context.Context, timeout time.Duration, err error) error {
	if err == nil || timeout <= 0 || actx.Err() != context.DeadlineExceeded {
		return err
	}
	return fmt.Errorf("%w: %w", context.Cause(actx), err)
}

func safeRun(ctx context.Context, node Node, in NodeInput) (o outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = outcome{err: &PanicError{Value: r, Stack: debug.Stack()}}
		}
	}()
	res, err := node.Run(ctx, in)
	return outcome{res: res, err: err}
}

// checkResult validates the handle and declared output types.
func checkResult(n *planNode, res NodeResult) (NodeResult, error) {
	switch {
	case len(n.spec.Handles) > 0 && (res.Handle == HandleFailBranch || !n.handles[res.Handle]):
		return res, fmt.Errorf("%w: branch %q is not one of %q", ErrBadResult, res.Handle, n.spec.Handles)
	case len(n.spec.Handles) == 0 && res.Handle != "" && res.Handle != HandleSource:
		return res, fmt.Errorf("%w: branch %q from a node without branches", ErrBadResult, res.Handle)
	}
	for name, v := range res.Outputs {
		if t, ok := n.outputs[name]; ok && !conforms(v, t) {
			return res, fmt.Errorf("%w: output %q is %s, declared %s", ErrBadResult, name, v.Type(), t)
		}
	}
	return res, nil
}

// sleep waits d or until ctx ends; it reports whether the wait completed.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// send delivers a report unless ctx ends first (then the run is stopping and
// the report no longer matters).
func (x *execution) send(ctx context.Context, r report) {
	select {
	case x.d.reports <- r:
	case <-ctx.Done():
	}
}

func (a *attempt) stream(output, chunk string) error {
	if err := a.ctx.Err(); err != nil {
		return err
	}
	r := report{kind: repChunk, node: a.idx, exec: a.x, attempt: a.n, parentAttempt: a.parentAttempt, output: output, chunk: chunk}
	select {
	case a.x.d.reports <- r:
		return nil
	case <-a.ctx.Done():
		return a.ctx.Err()
	}
}

// runVirtual runs a declared virtual sub-node of this attempt's node.
func (a *attempt) runVirtual(ctx context.Context, id string) (NodeResult, error) {
	x := a.x
	vidx := x.child(id)
	if vidx < 0 || a.idx != x.idx {
		return NodeResult{}, fmt.Errorf("run virtual node %s of %s: %w", id, x.n.id, ErrNoVirtualNode)
	}
	v := &x.d.p.nodes[vidx]
	in := NodeInput{RunID: x.in.RunID, NodeID: v.id, Title: v.title, Mode: x.in.Mode, Vars: x.virtualVars(), RunInputs: x.in.RunInputs,
		Overrides: x.in.Overrides}
	x.send(ctx, report{kind: repVirtualStart, node: vidx, exec: x, parentAttempt: a.n, at: x.d.clock.Now()})
	res, err := x.retrying(ctx, vidx, in, a.n)
	x.send(ctx, report{kind: repVirtualDone, node: vidx, exec: x, parentAttempt: a.n, res: res, err: err, at: x.d.clock.Now()})
	if err != nil {
		return res, &NodeError{NodeID: v.id, NodeType: v.typ, Err: err}
	}
	x.addVirtualOutputs(v.id, res.Outputs)
	return res, nil
}

// virtualFailed reports whether the parent's error is one of its virtual
// nodes failing: they already retried with the parent's settings, so
// retrying the parent would only multiply the attempts.
func (x *execution) virtualFailed(idx int, err error) bool {
	var ne *NodeError
	return idx == x.idx && errors.As(err, &ne) && x.child(ne.NodeID) >= 0
}

func (x *execution) child(id string) int {
	for _, c := range x.n.children {
		if x.d.p.nodes[c].id == id {
			return c
		}
	}
	return -1
}

func (x *execution) virtualVars() Vars {
	x.mu.Lock()
	defer x.mu.Unlock()
	vars := x.virtualBase
	for id, out := range x.virtualOut {
		vars = vars.with(id, out)
	}
	return vars
}

func (x *execution) addVirtualOutputs(id string, out map[string]Value) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.virtualOut == nil {
		x.virtualOut = map[string]map[string]Value{}
	}
	x.virtualOut[id] = out
}
