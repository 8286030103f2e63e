// Package runs starts workflow runs, records them, and serves their history.
// Recording is an observer of the engine's event stream: the engine knows
// nothing of the database.
package runs

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"lexflow/backend/engine"
	"lexflow/backend/llm"
	"lexflow/backend/store"
)

// DetailKey is the process-data key under which an LLM-family node hands its
// llm.Detail to the recorder; it goes to llm_generation_details, never into
// the stored process data, and never from user-controllable outputs.
const DetailKey = "generation_detail"

// chunkBatch is how many stream chunks are stored per write; every other
// event is written at once so a crash loses at most a few tokens.
const chunkBatch = 64

// Recorder persists one run's events, node executions and outcome.
type Recorder struct {
	db       *store.DB
	ctx      context.Context
	appID    string
	position int
	execs    map[string]*store.NodeExecution
	pending  []store.RunEvent
	usage    llm.Usage
}

// NewRecorder records the run the events belong to; the run row itself is
// inserted by whoever starts the run.
func NewRecorder(db *store.DB, appID string) *Recorder {
	return &Recorder{db: db, ctx: context.Background(), appID: appID, execs: map[string]*store.NodeExecution{}}
}

// Observe stores one event; failures are logged, never raised into the run.
func (r *Recorder) Observe(ev engine.Event) {
	r.queue(ev)
	if ev.Kind != engine.NodeRunStreamChunk || len(r.pending) >= chunkBatch {
		r.flush()
	}
	var err error
	switch ev.Kind {
	case engine.NodeRunStarted, engine.NodeRunSkipped:
		err = r.nodeStarted(ev)
	case engine.NodeRunRetry:
		err = r.nodeRetry(ev)
	case engine.NodeRunSucceeded, engine.NodeRunFailed:
		err = r.nodeFinished(ev)
	case engine.RunSucceeded, engine.RunFailed, engine.RunCancelled:
		err = r.runFinished(ev)
	}
	if err != nil {
		slog.Error("record run event", "run", ev.RunID, "seq", ev.Seq, "kind", ev.Kind, "err", err)
	}
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
	if err := r.db.AppendRunEvents(r.ctx, r.pending); err != nil {
		slog.Error("record run events", "err", err)
	}
	r.pending = r.pending[:0]
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
	return r.db.SaveNodeExecution(r.ctx, *e)
}

func (r *Recorder) nodeRetry(ev engine.Event) error {
	e := r.exec(ev)
	e.Status, e.Retries, e.Error = "retrying", ev.Attempt, ev.Error
	return r.db.SaveNodeExecution(r.ctx, *e)
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
	if err := r.db.SaveNodeExecution(r.ctx, *e); err != nil {
		return err
	}
	if detail == nil {
		return nil
	}
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
