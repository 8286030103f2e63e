package engine

import (
	"context"
	"fmt"
	"maps"
)

// runBody runs one round of the attempt's node's body on a dispatcher of its
// own, whose events the run's dispatcher re-emits in order (onBodyEvent).
// Cancelling the run, the node's timeout and the run's timeout all reach
// the round through ctx.
func (a *attempt) runBody(ctx context.Context, round int, locals map[string]Value) (BodyResult, error) {
	x := a.x
	b := x.n.body
	if a.idx != x.idx || b == nil {
		return BodyResult{}, fmt.Errorf("run body of %s: %w", x.n.id, ErrNoBody)
	}
	forward := ObserverFunc(func(e Event) {
		x.send(ctx, report{kind: repBody, node: x.idx, exec: x, attempt: a.n, round: round, event: &e})
	})
	in := RunInput{RunID: x.in.RunID, Inputs: x.in.RunInputs, Overrides: x.in.Overrides}
	d, err := b.plan.newDispatcher(in, RunOptions{Workers: x.d.workers, Clock: x.d.clock, AbandonAfter: x.d.abandon,
		Observers: []Observer{forward}})
	if err != nil {
		return BodyResult{}, fmt.Errorf("run body of %s: %w", x.n.id, err)
	}
	d.seed(b.outer, x.in.Vars, x.n.id, locals)
	conv := d.pool.ns[NamespaceConversation]
	maps.Copy(conv, x.conversationWrites(nil))
	before := maps.Clone(conv)
	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(context.Canceled)
	res := d.run(rctx, cancel)
	if written := changed(before, conv); len(written) > 0 {
		x.conversationWrites(written)
		x.send(ctx, report{kind: repBodyWrites, node: x.idx, exec: x, attempt: a.n, res: NodeResult{Writes: written}})
	}
	if res.Err != nil {
		return BodyResult{}, res.Err
	}
	return BodyResult{Vars: d.pool.view(b.reads), Broke: d.broke}, nil
}

// conversationWrites adds what a round wrote to the conversation variables
// and returns all the rounds of this execution wrote: later rounds start
// from them, as the run's later steps do (onBodyWrites).
func (x *execution) conversationWrites(add map[string]Value) map[string]Value {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.bodyConv == nil {
		x.bodyConv = map[string]Value{}
	}
	maps.Copy(x.bodyConv, add)
	return maps.Clone(x.bodyConv)
}

// changed lists the variables whose value differs from before.
func changed(before, after map[string]Value) map[string]Value {
	out := map[string]Value{}
	for k, v := range after {
		if old, ok := before[k]; !ok || !old.Equal(v) {
			out[k] = v
		}
	}
	return out
}

// onBodyWrites applies the conversation variables a round of a body wrote.
func (d *dispatcher) onBodyWrites(r report) {
	maps.Copy(d.pool.ns[NamespaceConversation], r.res.Writes)
}

// seed puts into a round's pool what its steps read from outside the body,
// from the container's snapshot, and the container's locals.
func (d *dispatcher) seed(outer []Input, vars Vars, container string, locals map[string]Value) {
	for _, in := range outer {
		v, ok := vars.Get(in.Selector)
		if !ok {
			continue
		}
		ns := d.pool.ns[in.Selector.Node()]
		if ns == nil {
			ns = map[string]Value{}
			d.pool.ns[in.Selector.Node()] = ns
		}
		ns[in.Selector.Var()] = v
	}
	d.pool.ns[container] = maps.Clone(locals)
	if d.pool.ns[container] == nil {
		d.pool.ns[container] = map[string]Value{}
	}
}

// onBodyEvent re-emits an event of a round of a container's body as the
// run's, marked with the container and the round; events of a body nested
// in that one keep their own container's marks.
func (d *dispatcher) onBodyEvent(r report) {
	e := *r.event
	if e.Kind == RunStarted || e.Kind.IsTerminal() {
		return
	}
	if e.Round == nil {
		round := r.round
		e.Round = &round
		if !e.IsVirtual {
			e.ParentNodeID = d.p.nodes[r.node].id
		}
	}
	switch {
	case e.Kind == NodeRunSucceeded || e.Kind == NodeRunFailed:
		d.addUsage(NodeResult{Usage: e.Usage})
	case e.Kind == NodeRunStreamChunk && e.Response:
		d.coord.answer.WriteString(e.Chunk) // an Answer inside the body replies round by round, as in Dify
	}
	d.emit(e)
}
