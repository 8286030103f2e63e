package engine

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"
)

// report is what workers tell the dispatcher. Reports about a node are
// matched against its current execution and attempt, so anything late from
// an abandoned attempt is dropped.
type report struct {
	kind          reportKind
	node          int        // plan index the report is about (a virtual node's own)
	exec          *execution // the real node's execution
	attempt       int        // the reported node's attempt
	parentAttempt int        // for virtual nodes: the parent's attempt running them
	output, chunk string
	res           NodeResult
	err           error
	retryIn       time.Duration
	at            time.Time
	// body events: the round and the event of a container's body.
	round int
	event *Event
}

type reportKind uint8

const (
	repChunk reportKind = iota
	repRetry
	repVirtualStart
	repVirtualDone
	repBody
	repBodyWrites
	repDone
)

func (d *dispatcher) handle(r report) {
	if r.kind == repDone {
		d.onDone(r) // always the live execution's: a worker sends it once
		return
	}
	if !d.current(r) {
		return
	}
	switch r.kind {
	case repChunk:
		d.onChunk(r)
	case repRetry:
		d.onRetry(r)
	case repVirtualStart:
		d.onVirtualStart(r)
	case repVirtualDone:
		d.onVirtualDone(r)
	case repBody:
		d.onBodyEvent(r)
	case repBodyWrites:
		d.onBodyWrites(r)
	}
}

// current drops reports from attempts that are no longer the live one.
func (d *dispatcher) current(r report) bool {
	owner := r.node
	if p := d.p.nodes[r.node].parent; p >= 0 {
		owner = p
		if d.nodes[p].attempt != r.parentAttempt {
			return false
		}
	}
	st := &d.nodes[owner]
	if st.exec != r.exec || st.status != StatusRunning {
		return false
	}
	if r.kind == repChunk || r.kind == repRetry || r.kind == repBody || r.kind == repBodyWrites {
		return d.nodes[r.node].attempt == r.attempt && d.nodes[r.node].status == StatusRunning
	}
	return r.kind != repVirtualDone || d.nodes[r.node].status == StatusRunning
}

func (d *dispatcher) onChunk(r report) {
	e := d.nodeEvent(NodeRunStreamChunk, r.node)
	e.Selector, e.Chunk = Selector{e.NodeID, r.output}, r.chunk
	d.emit(e)
	d.coord.chunk(r.node, r.output, r.chunk)
}

func (d *dispatcher) onRetry(r report) {
	d.nodes[r.node].attempt = r.attempt + 1
	e := d.nodeEvent(NodeRunRetry, r.node)
	e.Attempt, e.RetryIn, e.Status = r.attempt, r.retryIn, StatusRunning
	setError(&e, r.err)
	d.emit(e)
}

func (d *dispatcher) onVirtualStart(r report) {
	st := &d.nodes[r.node]
	st.status, st.attempt, st.started = StatusRunning, 1, r.at
	e := d.nodeEvent(NodeRunStarted, r.node)
	e.Attempt, e.Time = 1, r.at
	e.PredecessorID = e.ParentNodeID
	d.emit(e)
}

func (d *dispatcher) onVirtualDone(r report) {
	if r.err != nil {
		d.finishFailed(r.node, r, d.nodeError(r.node, r.err), StatusFailed)
		return
	}
	d.pool.nodes[r.node] = r.res.Outputs
	d.finishSucceeded(r.node, r, StatusSucceeded, nil)
}

// onDone applies a node's outcome: outputs into the pool, the error strategy,
// then the edges.
func (d *dispatcher) onDone(r report) {
	d.inflight--
	d.closeVirtuals(r)
	n := &d.p.nodes[r.node]
	if r.err == nil && !d.stopping {
		r.err = d.applyWrites(r.res.Writes, n.spec.Writes)
	}
	switch {
	case d.stopping:
		d.finishWhileStopping(r)
	case r.err == nil:
		d.complete(r, r.res, StatusSucceeded, nil, cmpOr(r.res.Handle, HandleSource))
	case n.settings.ErrorStrategy == StrategyDefaultValue:
		err := d.nodeError(r.node, r.err)
		d.complete(r, d.defaultResult(r, err), StatusException, err, defaultHandle(n))
	case n.settings.ErrorStrategy == StrategyFailBranch:
		err := d.nodeError(r.node, r.err)
		res := NodeResult{Outputs: errorOutputs(err), Inputs: r.res.Inputs, ProcessData: r.res.ProcessData, Usage: r.res.Usage}
		d.complete(r, res, StatusException, err, HandleFailBranch)
	default:
		err := d.nodeError(r.node, r.err)
		d.finishFailed(r.node, r, err, StatusFailed)
		d.failure = err
		d.stop(err)
	}
}

// complete records a finished node and routes its edges.
func (d *dispatcher) complete(r report, res NodeResult, status Status, err error, handle string) {
	res.Handle = handle
	r.res = res
	d.pool.nodes[r.node] = res.Outputs
	if d.p.nodes[r.node].spec.Role == RoleBreak {
		d.broke = true
	}
	if d.p.nodes[r.node].spec.Role == RoleEnd {
		for k, v := range res.Outputs {
			d.result.Outputs[k] = v
		}
	}
	d.finishSucceeded(r.node, r, status, err)
	if d.single != nil {
		maps.Copy(d.result.Outputs, res.Outputs) // a node run alone: its outputs are the run's
		return
	}
	d.route(r.node, handle)
}

func (d *dispatcher) finishSucceeded(idx int, r report, status Status, err error) {
	st := &d.nodes[idx]
	st.status = status
	e := d.finishEvent(NodeRunSucceeded, idx, r)
	e.Status, e.Outputs, e.Handle = status, r.res.Outputs, r.res.Handle
	setError(&e, err)
	d.addUsage(r.res)
	d.emit(e)
	d.coord.resolved(idx)
}

func (d *dispatcher) finishFailed(idx int, r report, err error, status Status) {
	d.nodes[idx].status = status
	e := d.finishEvent(NodeRunFailed, idx, r)
	e.Status = status
	setError(&e, err)
	d.addUsage(r.res)
	d.emit(e)
	d.coord.resolved(idx)
}

// finishWhileStopping records a node that returned after the run began to
// stop: its outcome is kept but nothing downstream starts.
func (d *dispatcher) finishWhileStopping(r report) {
	if r.err == nil {
		d.pool.nodes[r.node] = r.res.Outputs
		d.finishSucceeded(r.node, r, StatusSucceeded, nil)
		return
	}
	err := d.nodeError(r.node, fmt.Errorf("%w: %w", d.stopReason(), r.err))
	d.finishFailed(r.node, r, err, StatusCancelled)
}

func (d *dispatcher) stopReason() error {
	var nodeErr *NodeError
	switch {
	case errors.As(d.failure, &nodeErr):
		return ErrRunAborted
	case errors.Is(d.failure, context.DeadlineExceeded) && !errors.Is(d.failure, ErrRunTimeout):
		return ErrRunTimeout
	}
	return d.failure
}

// closeVirtuals ends virtual nodes their parent left running.
func (d *dispatcher) closeVirtuals(r report) {
	for _, c := range d.p.nodes[r.node].children {
		if d.nodes[c].status == StatusRunning {
			err := d.nodeError(c, fmt.Errorf("parent %s returned first: %w", d.p.nodes[r.node].id, ErrRunAborted))
			d.finishFailed(c, report{at: r.at}, err, StatusCancelled)
		}
	}
}

func (d *dispatcher) finishEvent(kind EventKind, idx int, r report) Event {
	st := &d.nodes[idx]
	e := d.nodeEvent(kind, idx)
	at := r.at
	if at.IsZero() {
		at = d.clock.Now()
	}
	// The dispatcher stamps the start once the worker has taken the node, so
	// a node that finishes at once can report a finish a moment earlier.
	if at.Before(st.started) {
		at = st.started
	}
	e.StartedAt, e.FinishedAt, e.Elapsed = st.started, at, at.Sub(st.started)
	e.Inputs, e.ProcessData, e.Usage, e.Attempt = r.res.Inputs, r.res.ProcessData, r.res.Usage, st.attempt
	return e
}

func (d *dispatcher) addUsage(res NodeResult) {
	if res.Usage != nil {
		d.result.Usage.PromptTokens += res.Usage.PromptTokens
		d.result.Usage.CompletionTokens += res.Usage.CompletionTokens
	}
}

func (d *dispatcher) nodeError(idx int, err error) error {
	var ne *NodeError
	if errors.As(err, &ne) && ne.NodeID == d.p.nodes[idx].id {
		return err
	}
	return &NodeError{NodeID: d.p.nodes[idx].id, NodeType: d.p.nodes[idx].typ, Err: err}
}

func setError(e *Event, err error) {
	if err != nil {
		e.Err, e.Error, e.ErrorType = err, err.Error(), errorType(err)
	}
}

// defaultResult is a failed node's outcome under StrategyDefaultValue: the
// configured defaults, zero values for other declared outputs, and the error.
func (d *dispatcher) defaultResult(r report, err error) NodeResult {
	n := &d.p.nodes[r.node]
	out := errorOutputs(err)
	for _, o := range n.spec.Outputs {
		out[o.Name] = Zero(o.Type)
	}
	for k, v := range n.settings.Defaults {
		out[k] = v
	}
	return NodeResult{Outputs: out, Inputs: r.res.Inputs, ProcessData: r.res.ProcessData, Usage: r.res.Usage}
}

// defaultHandle is the way out after default values: a branching node has no
// meaningful branch then, so none is taken and its branches are skipped.
func defaultHandle(n *planNode) string {
	if len(n.spec.Handles) > 0 {
		return ""
	}
	return HandleSource
}

func errorOutputs(err error) map[string]Value {
	return map[string]Value{"error_message": String(err.Error()), "error_type": String(errorType(err))}
}

// applyWrites sets the variables a node wrote, all or none: each must be
// one the node declared, of its declared type. They are conversation
// variables, or in a round of a body its container's locals (a loop's
// variables), which keep the type of their value.
func (d *dispatcher) applyWrites(writes map[string]Value, declared []Input) error {
	targets := make(map[string]Selector, len(writes))
	for name, v := range writes {
		k := slices.IndexFunc(declared, func(in Input) bool { return in.Selector.Var() == name })
		if k < 0 {
			return fmt.Errorf("write variable %q: not declared by the node: %w", name, ErrUnknownVariable)
		}
		sel := declared[k].Selector
		want := d.writeType(sel)
		if !conforms(coerce(v, want), want) {
			return fmt.Errorf("write variable %q: %s is not %s: %w", name, v.Type(), want, ErrTypeMismatch)
		}
		targets[name] = sel
	}
	for name, v := range writes {
		sel := targets[name]
		d.pool.ns[sel.Node()][name] = coerce(v, d.writeType(sel))
	}
	return nil
}

// writeType is the type a written variable must keep.
func (d *dispatcher) writeType(sel Selector) Type {
	if sel.Node() == NamespaceConversation {
		return d.p.conv[sel.Var()].Type()
	}
	if cur, ok := d.pool.ns[sel.Node()][sel.Var()]; ok && !cur.IsZero() {
		return cur.Type()
	}
	return TypeAny
}
