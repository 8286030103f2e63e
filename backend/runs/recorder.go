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
	"strconv"
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
// each, by a writer goroutine of the recorder's own: a batch is due at
// batchSize events or batchDelay after the first unwritten one, and the rest
// is written when the run ends. While the writer is busy, events gather, so
// the next batch takes all of them: batches grow when the database is the
// slower side. A crash loses at most the unwritten tail of the trace, never a
// middle part: batches are written in order, each a run of consecutive
// events with the node states they produced, so the stored events are always
// a prefix of the run's stream. The run is marked interrupted at the next
// start.
//
// maxPending bounds the events waiting for the writer. Past it, Observe waits
// for the writer to take them: the recorder's memory stays bounded and the
// wait falls on the engine's per-observer queue, never on the dispatcher.
const (
	batchSize  = 256
	batchDelay = 50 * time.Millisecond
	maxPending = 16 * batchSize
)

// Recorder persists one run's events, node executions and outcome. The
// engine calls Observe from one goroutine; the writer goroutine shares with
// it only what mu guards.
type Recorder struct {
	db    *store.DB
	ctx   context.Context
	appID string

	// Touched by Observe only.
	position int
	execs    map[string]*execState
	usage    llm.Usage
	details  map[string]llm.Detail // LLM node id → its generation detail
	answers  map[string][]string   // Answer node id → upstream nodes in the order its stream used them

	mu      sync.Mutex
	room    *sync.Cond       // signalled when the writer takes the pending events
	pending []store.RunEvent // events not yet handed to the writer
	dirty   []*execState     // executions changed since the writer last took them
	timer   *time.Timer      // batchDelay after the first pending event

	started bool
	lost    bool          // a batch failed to write; set by the writer, read once it has exited
	kick    chan struct{} // a batch is due
	stop    chan struct{} // the run ended: write the rest and exit
	done    chan struct{} // the writer has exited
}

// execState is a node's execution row and whether it changed since the
// writer last took it.
type execState struct {
	row   store.NodeExecution
	dirty bool
}

// NewRecorder records the run the events belong to; the run row itself is
// inserted by whoever starts the run.
func NewRecorder(db *store.DB, appID string) *Recorder {
	r := &Recorder{db: db, ctx: context.Background(), appID: appID, execs: map[string]*execState{},
		details: map[string]llm.Detail{}, answers: map[string][]string{},
		kick: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	r.room = sync.NewCond(&r.mu)
	return r
}

// Observe records one event; failures are logged, never raised into the run.
// On the run's terminal event it returns once everything is written.
func (r *Recorder) Observe(ev engine.Event) {
	if !r.started {
		r.started = true
		go r.writeLoop()
	}
	payload := encodeEvent(ev)
	r.mu.Lock()
	for len(r.pending) >= maxPending {
		r.room.Wait()
	}
	r.pending = append(r.pending, store.RunEvent{RunID: ev.RunID, Seq: ev.Seq, Type: string(ev.Kind),
		NodeID: ev.NodeID, Payload: payload, CreatedAt: ev.Time})
	detail := r.apply(ev)
	due := len(r.pending) >= batchSize
	if !due && r.timer == nil {
		r.timer = time.AfterFunc(batchDelay, r.signal)
	}
	r.mu.Unlock()
	if due {
		r.signal()
	}
	var err error
	if detail != nil {
		err = r.saveDetail(ev, *detail)
	}
	if ev.Kind.IsTerminal() {
		close(r.stop)
		<-r.done
		err = errors.Join(err, r.saveAnswerDetails(ev.RunID), r.runFinished(ev))
	}
	if err != nil {
		slog.Error("record run event", "run", ev.RunID, "seq", ev.Seq, "kind", ev.Kind, "err", err)
	}
}

// Stored reports whether every event of the run was written. It is
// known once Observe has returned from the run's terminal event; before,
// it is false.
func (r *Recorder) Stored() bool {
	select {
	case <-r.done:
		return !r.lost
	default:
		return false
	}
}

// apply updates the in-memory state of the node an event concerns; it
// returns a generation detail to store, if the event carried one.
func (r *Recorder) apply(ev engine.Event) *llm.Detail {
	switch ev.Kind {
	case engine.NodeRunStarted, engine.NodeRunSkipped:
		r.nodeStarted(ev)
	case engine.NodeRunRetry:
		r.nodeRetry(ev)
	case engine.NodeRunSucceeded, engine.NodeRunFailed:
		return r.nodeFinished(ev)
	case engine.NodeRunStreamChunk:
		r.noteAnswerSource(ev)
	}
	return nil
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
// referenced merged in its reference order, keyed by the Answer.
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

// signal tells the writer a batch is due; it never blocks.
func (r *Recorder) signal() {
	select {
	case r.kick <- struct{}{}:
	default:
	}
}

// writeLoop writes batches as they fall due, and the rest when the run ends.
func (r *Recorder) writeLoop() {
	defer close(r.done)
	for {
		select {
		case <-r.kick:
			r.write()
		case <-r.stop:
			r.write()
			return
		}
	}
}

// write takes every pending event and changed execution and writes them in
// one transaction.
func (r *Recorder) write() {
	r.mu.Lock()
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	events := r.pending
	r.pending = nil
	var execs []store.NodeExecution
	for _, e := range r.dirty {
		execs, e.dirty = append(execs, e.row), false
	}
	r.dirty = r.dirty[:0]
	r.room.Broadcast()
	r.mu.Unlock()
	if len(events) > 0 || len(execs) > 0 {
		if err := r.db.SaveRunBatch(r.ctx, events, execs); err != nil {
			r.lost = true
			slog.Error("record run events", "err", err)
		}
	}
}

// touch marks a node's execution as changed since the writer last took it.
func (r *Recorder) touch(e *execState) {
	if !e.dirty {
		e.dirty = true
		r.dirty = append(r.dirty, e)
	}
}

func (r *Recorder) nodeStarted(ev engine.Event) {
	r.position++
	row := store.NodeExecution{RunID: ev.RunID, NodeID: ev.NodeID, NodeType: ev.NodeType,
		Title: ev.Title, Position: r.position, PredecessorNodeID: ev.PredecessorID, Status: string(engine.StatusRunning),
		Inputs: jsonMap(ev.Inputs), IsVirtual: ev.IsVirtual, ParentNodeID: ev.ParentNodeID, Round: ev.Round, StartedAt: ev.Time}
	if ev.Kind == engine.NodeRunStarted && !ev.IsVirtual {
		row.Variables = jsonText(ev.Vars)
	}
	if ev.Kind == engine.NodeRunSkipped {
		finished := ev.Time // not &ev.Time: that would move every event to the heap
		row.Status, row.FinishedAt = string(engine.StatusSkipped), &finished
	}
	e, ok := r.execs[execKey(ev)]
	if !ok || !e.dirty { // else it is still waiting for the writer: replace it in place
		e = &execState{}
		r.execs[execKey(ev)] = e
	}
	e.row = row
	r.touch(e)
}

func (r *Recorder) nodeRetry(ev engine.Event) {
	s := r.exec(ev)
	e := &s.row
	e.Status, e.Retries, e.Error = "retrying", ev.Attempt, ev.Error
	r.touch(s)
}

func (r *Recorder) nodeFinished(ev engine.Event) *llm.Detail {
	s := r.exec(ev)
	e := &s.row
	process, detail := splitDetail(ev.ProcessData)
	e.Status, e.Error = string(ev.Status), ev.Error
	if e.Status == "" {
		e.Status = map[bool]string{true: "succeeded", false: "failed"}[ev.Kind == engine.NodeRunSucceeded]
	}
	if len(ev.Inputs) > 0 {
		e.Inputs = jsonMap(ev.Inputs)
	}
	e.Outputs, e.ProcessData = jsonMap(ev.Outputs), jsonMap(process)
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
	r.touch(s)
	if detail != nil {
		r.details[ev.NodeID] = *detail
	}
	return detail
}

func (r *Recorder) saveDetail(ev engine.Event, d llm.Detail) error {
	reasoning, _ := json.Marshal(d.Reasoning)
	calls, _ := json.Marshal(d.ToolCalls)
	seq, _ := json.Marshal(d.Sequence)
	return r.db.SaveGenerationDetail(r.ctx, store.GenerationDetail{AppID: r.appID, RunID: ev.RunID, NodeID: ev.NodeID,
		Reasoning: string(reasoning), ToolCalls: string(calls), Sequence: string(seq)})
}

// execKey names a node's execution: a step inside an iteration or a loop
// has one per round.
func execKey(ev engine.Event) string {
	if ev.Round == nil {
		return ev.NodeID
	}
	return ev.NodeID + "#" + strconv.Itoa(*ev.Round)
}

// exec returns the node's execution row, creating it if its start was missed.
func (r *Recorder) exec(ev engine.Event) *execState {
	if e, ok := r.execs[execKey(ev)]; ok {
		return e
	}
	r.position++
	e := &execState{}
	e.row = store.NodeExecution{RunID: ev.RunID, NodeID: ev.NodeID, NodeType: ev.NodeType,
		Title: ev.Title, Position: r.position, StartedAt: ev.Time, IsVirtual: ev.IsVirtual, ParentNodeID: ev.ParentNodeID, Round: ev.Round}
	r.execs[execKey(ev)] = e
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
	elapsed := ev.Elapsed.Milliseconds()
	if ev.Elapsed <= 0 { // the engine always sets it; measure from the stored start otherwise
		run, err := r.db.GetRun(r.ctx, ev.RunID)
		if err != nil {
			return err
		}
		elapsed = elapsedMs(0, run.StartedAt, finished)
	}
	return r.db.FinishRun(r.ctx, store.Run{ID: ev.RunID, Status: status, Outputs: jsonMap(outputs), Error: ev.Error,
		PromptTokens: r.usage.PromptTokens, CompletionTokens: r.usage.CompletionTokens, FinishedAt: &finished,
		ElapsedMs: elapsed})
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

// jsonText is v's JSON text, "{}" when it cannot be encoded.
func jsonText(v json.Marshaler) string {
	raw, err := v.MarshalJSON()
	if err != nil {
		return "{}"
	}
	return string(raw)
}

// jsonMap is a map's JSON text, "{}" when it is empty or cannot be encoded.
func jsonMap[V any](m map[string]V) string {
	if len(m) == 0 {
		return "{}"
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return "{}"
	}
	return string(raw)
}
