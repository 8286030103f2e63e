// Package runs starts workflow runs, records them, and serves their history.
// Recording is an observer of the engine's event stream: the engine knows
// nothing of the database.
package runs

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"

	"lexflow/backend/engine"
	"lexflow/backend/llm"
	"lexflow/backend/store"
)

// DetailKey is the process-data key under which an LLM-family node hands its
// llm.Detail to the recorder; it goes to llm_generation_details, never into
// the stored process data, and never from user-controllable outputs.
const DetailKey = "generation_detail"

// Events and node-execution states are written in batches, one transaction
// each: at batchSize events, batchDelay after the first unwritten one, and at
// the end of the run. A crash loses at most batchDelay of trace; the run is
// marked interrupted at the next start.
const (
	batchSize  = 256
	batchDelay = 50 * time.Millisecond
)

// Recorder persists one run's events, node executions and outcome.
type Recorder struct {
	db    *store.DB
	ctx   context.Context
	appID string

	mu       sync.Mutex // the batch timer flushes from its own goroutine
	position int
	execs    map[string]*store.NodeExecution
	dirty    []string // node ids whose execution changed since the last write
	pending  []store.RunEvent
	usage    llm.Usage
	timer    *time.Timer
	details  map[string]llm.Detail // LLM node id → its generation detail
	answers  map[string][]string   // Answer node id → upstream nodes in the order its stream used them
}

// NewRecorder records the run the events belong to; the run row itself is
// inserted by whoever starts the run.
func NewRecorder(db *store.DB, appID string) *Recorder {
	return &Recorder{db: db, ctx: context.Background(), appID: appID, execs: map[string]*store.NodeExecution{},
		details: map[string]llm.Detail{}, answers: map[string][]string{}}
}

// Observe records one event; failures are logged, never raised into the run.
func (r *Recorder) Observe(ev engine.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.queue(ev)
	err := r.apply(ev)
	switch {
	case ev.Kind.IsTerminal():
		r.flushLocked()
		err = errors.Join(r.saveAnswerDetails(ev.RunID), r.runFinished(ev))
	case len(r.pending) >= batchSize:
		r.flushLocked()
	case r.timer == nil:
		r.timer = time.AfterFunc(batchDelay, r.flush)
	}
	if err != nil {
		slog.Error("record run event", "run", ev.RunID, "seq", ev.Seq, "kind", ev.Kind, "err", err)
	}
}

// apply updates the in-memory state of the node an event concerns.
func (r *Recorder) apply(ev engine.Event) error {
	var err error
	switch ev.Kind {
	case engine.NodeRunStarted, engine.NodeRunSkipped:
		err = r.nodeStarted(ev)
	case engine.NodeRunRetry:
		err = r.nodeRetry(ev)
	case engine.NodeRunSucceeded, engine.NodeRunFailed:
		err = r.nodeFinished(ev)
	case engine.NodeRunStreamChunk:
		r.noteAnswerSource(ev)
	}
	return err
}

// noteAnswerSource remembers which upstream node an Answer's streamed text
// came from, in order, so its generation details can be merged that way.
func (r *Recorder) noteAnswerSource(ev engine.Event) {
	if len(ev.Selector) != 2 || ev.Selector[1] != engine.ResponseOutput || len(ev.From) == 0 {
		return
	}
	answer, from := ev.Selector[0], ev.From[0]
	if seen := r.answers[answer]; len(seen) == 0 || seen[len(seen)-1] != from {
		if !slices.Contains(seen, from) {
			r.answers[answer] = append(seen, from)
		}
	}
}

// saveAnswerDetails stores, for each Answer, the details of the LLM nodes it
// referenced merged in its reference order (SPEC §5), keyed by the Answer.
func (r *Recorder) saveAnswerDetails(runID string) error {
	var errs []error
	for answer, sources := range r.answers {
		var b llm.DetailBuilder
		found := false
		for _, src := range sources {
			if d, ok := r.details[src]; ok {
				b.Merge(d)
				found = true
			}
		}
		if found {
			errs = append(errs, r.saveDetail(engine.Event{RunID: runID, NodeID: answer}, b.Detail()))
		}
	}
	return errors.Join(errs...)
}

func (r *Recorder) queue(ev engine.Event) {
	payload, err := json.Marshal(ev)
	if err != nil {
		payload, _ = json.Marshal(map[string]string{"error": "encode event: " + err.Error()})
	}
	r.pending = append(r.pending, store.RunEvent{RunID: ev.RunID, Seq: ev.Seq, Type: string(ev.Kind),
		NodeID: ev.NodeID, Payload: string(payload), CreatedAt: ev.Time})
}

func (r *Recorder) flush() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushLocked()
}

// flushLocked writes the pending events and changed executions in one transaction.
func (r *Recorder) flushLocked() {
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	if len(r.pending) == 0 && len(r.dirty) == 0 {
		return
	}
	execs := make([]store.NodeExecution, 0, len(r.dirty))
	for _, id := range r.dirty {
		execs = append(execs, *r.execs[id])
	}
	if err := r.db.SaveRunBatch(r.ctx, r.pending, execs); err != nil {
		slog.Error("record run events", "err", err)
	}
	r.pending, r.dirty = r.pending[:0], r.dirty[:0]
}

// touch marks a node's execution as changed since the last write.
func (r *Recorder) touch(e *store.NodeExecution) {
	if !slices.Contains(r.dirty, e.NodeID) {
		r.dirty = append(r.dirty, e.NodeID)
	}
}

func (r *Recorder) nodeStarted(ev engine.Event) error {
	r.position++
	e := &store.NodeExecution{RunID: ev.RunID, NodeID: ev.NodeID, NodeType: ev.NodeType, Title: ev.Title,
		Position: r.position, PredecessorNodeID: ev.PredecessorID, Status: string(engine.StatusRunning),
		Inputs: jsonText(ev.Inputs), IsVirtual: ev.IsVirtual, ParentNodeID: ev.ParentNodeID, StartedAt: ev.Time}
	if ev.Kind == engine.NodeRunSkipped {
		e.Status, e.FinishedAt = string(engine.StatusSkipped), &ev.Time
	}
	r.execs[ev.NodeID] = e
	r.touch(e)
	return nil
}

func (r *Recorder) nodeRetry(ev engine.Event) error {
	e := r.exec(ev)
	e.Status, e.Retries, e.Error = "retrying", ev.Attempt, ev.Error
	r.touch(e)
	return nil
}

func (r *Recorder) nodeFinished(ev engine.Event) error {
	e := r.exec(ev)
	process, detail := splitDetail(ev.ProcessData)
	e.Status, e.Error = string(ev.Status), ev.Error
	if e.Status == "" {
		e.Status = map[bool]string{true: "succeeded", false: "failed"}[ev.Kind == engine.NodeRunSucceeded]
	}
	if len(ev.Inputs) > 0 {
		e.Inputs = jsonText(ev.Inputs)
	}
	e.Outputs, e.ProcessData = jsonText(ev.Outputs), jsonText(process)
	finished := ev.Time
	if !ev.FinishedAt.IsZero() {
		finished = ev.FinishedAt
	}
	e.FinishedAt, e.ElapsedMs = &finished, elapsedMs(ev.Elapsed, e.StartedAt, finished)
	if ev.Usage != nil {
		e.PromptTokens, e.CompletionTokens = ev.Usage.PromptTokens, ev.Usage.CompletionTokens
		r.usage.PromptTokens += ev.Usage.PromptTokens
		r.usage.CompletionTokens += ev.Usage.CompletionTokens
	}
	r.touch(e)
	if detail == nil {
		return nil
	}
	r.details[ev.NodeID] = *detail
	return r.saveDetail(ev, *detail)
}

func (r *Recorder) saveDetail(ev engine.Event, d llm.Detail) error {
	reasoning, _ := json.Marshal(d.Reasoning)
	calls, _ := json.Marshal(d.ToolCalls)
	seq, _ := json.Marshal(d.Sequence)
	return r.db.SaveGenerationDetail(r.ctx, store.GenerationDetail{AppID: r.appID, RunID: ev.RunID, NodeID: ev.NodeID,
		Reasoning: string(reasoning), ToolCalls: string(calls), Sequence: string(seq)})
}

// exec returns the node's execution row, creating it if its start was missed.
func (r *Recorder) exec(ev engine.Event) *store.NodeExecution {
	if e, ok := r.execs[ev.NodeID]; ok {
		return e
	}
	r.position++
	e := &store.NodeExecution{RunID: ev.RunID, NodeID: ev.NodeID, NodeType: ev.NodeType, Title: ev.Title,
		Position: r.position, StartedAt: ev.Time, IsVirtual: ev.IsVirtual, ParentNodeID: ev.ParentNodeID}
	r.execs[ev.NodeID] = e
	return e
}

func (r *Recorder) runFinished(ev engine.Event) error {
	status := map[engine.EventKind]string{engine.RunSucceeded: "succeeded", engine.RunFailed: "failed",
		engine.RunCancelled: "cancelled"}[ev.Kind]
	outputs := map[string]any{}
	for k, v := range ev.Outputs {
		outputs[k] = v
	}
	if ev.Answer != "" {
		outputs["answer"] = ev.Answer
	}
	finished := ev.Time
	run, err := r.db.GetRun(r.ctx, ev.RunID)
	if err != nil {
		return err
	}
	return r.db.FinishRun(r.ctx, store.Run{ID: ev.RunID, Status: status, Outputs: jsonText(outputs), Error: ev.Error,
		PromptTokens: r.usage.PromptTokens, CompletionTokens: r.usage.CompletionTokens, FinishedAt: &finished,
		ElapsedMs: elapsedMs(ev.Elapsed, run.StartedAt, finished)})
}

// splitDetail takes the generation detail out of a node's process data.
func splitDetail(process map[string]any) (map[string]any, *llm.Detail) {
	raw, ok := process[DetailKey]
	if !ok {
		return process, nil
	}
	rest := make(map[string]any, len(process))
	for k, v := range process {
		if k != DetailKey {
			rest[k] = v
		}
	}
	switch d := raw.(type) {
	case llm.Detail:
		return rest, &d
	case *llm.Detail:
		return rest, d
	}
	return rest, nil
}

func elapsedMs(elapsed time.Duration, start, end time.Time) int64 {
	if elapsed > 0 {
		return elapsed.Milliseconds()
	}
	return end.Sub(start).Milliseconds()
}

func jsonText(v any) string {
	raw, err := json.Marshal(v)
	if err != nil || string(raw) == "null" {
		return "{}"
	}
	return string(raw)
}
