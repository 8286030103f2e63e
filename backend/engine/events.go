package engine

import (
	"time"

	"lexflow/backend/llm"
)

// EventKind names an event; the strings are what the API and UI see.
type EventKind string

const (
	RunStarted         EventKind = "run_started"
	RunSucceeded       EventKind = "run_succeeded"
	RunFailed          EventKind = "run_failed"
	RunCancelled       EventKind = "run_cancelled"
	NodeRunStarted     EventKind = "node_started"
	NodeRunStreamChunk EventKind = "node_stream_chunk"
	NodeRunSucceeded   EventKind = "node_succeeded"
	NodeRunFailed      EventKind = "node_failed"
	NodeRunRetry       EventKind = "node_retry"
	NodeRunSkipped     EventKind = "node_skipped"
)

// IsTerminal reports whether the kind ends a run; it is always the last event.
func (k EventKind) IsTerminal() bool {
	return k == RunSucceeded || k == RunFailed || k == RunCancelled
}

// Status is a run's or a node execution's outcome.
type Status string

const (
	StatusRunning   Status = "running"
	StatusSucceeded Status = "succeeded"
	// StatusException: the node failed but its error strategy (default_value,
	// fail_branch) handled it; the run goes on.
	StatusException Status = "exception"
	StatusFailed    Status = "failed"
	StatusSkipped   Status = "skipped"
	StatusCancelled Status = "cancelled"
)

// ResponseOutput is the output a Response node's coordinated stream fills.
const ResponseOutput = "answer"

// Event is one thing that happened in a run. Every event carries the run id
// and a per-run sequence number (1, 2, ...) in emission order; node events
// carry the node's id, type and title. Every NodeRunStarted is followed by
// exactly one NodeRunSucceeded or NodeRunFailed for that node, and the last
// event of a run is RunSucceeded, RunFailed or RunCancelled.
type Event struct {
	Seq   int64     `json:"seq"`
	Kind  EventKind `json:"kind"`
	RunID string    `json:"run_id"`
	Time  time.Time `json:"time"`

	NodeID   string `json:"node_id,omitempty"`
	NodeType string `json:"node_type,omitempty"`
	Title    string `json:"title,omitempty"`
	Status   Status `json:"status,omitempty"`

	// Set on node_started: the predecessor whose completion made it ready.
	PredecessorID string `json:"predecessor_node_id,omitempty"`
	// Set on finishing events (node and run).
	StartedAt  time.Time     `json:"started_at,omitzero"`
	FinishedAt time.Time     `json:"finished_at,omitzero"`
	Elapsed    time.Duration `json:"elapsed,omitempty"`

	Inputs map[string]any `json:"inputs,omitempty"`
	// Vars, on node_started, are the variables the node reads as the run
	// handed them to it (its virtual sub-nodes' included): what a later run
	// of the node alone starts from (Plan.StartNode). Recorded with the
	// node's execution, not carried in the event's payload.
	Vars        Vars             `json:"-"`
	Outputs     map[string]Value `json:"outputs,omitempty"`
	ProcessData map[string]any   `json:"process_data,omitempty"`
	Usage       *llm.Usage       `json:"usage,omitempty"`
	Handle      string           `json:"handle,omitempty"` // the branch a node took

	// Stream chunks: Selector is [node_id, output]; for a Response node's
	// coordinated stream From is the upstream selector the text came from.
	Selector Selector `json:"selector,omitempty"`
	From     Selector `json:"from,omitempty"`
	Chunk    string   `json:"chunk,omitempty"`
	// Response marks a chunk of the run's answer: a Response node's
	// coordinated stream (Answer, or Ask User in a chatflow), as opposed to a
	// node streaming an output of its own that happens to share its name.
	Response bool `json:"response,omitempty"`

	// Failures and retries. Attempt is 1-based: a node_retry with Attempt 1
	// reports the first try's error before the second try.
	Error     string        `json:"error,omitempty"`
	ErrorType string        `json:"error_type,omitempty"`
	Attempt   int           `json:"attempt,omitempty"`
	RetryIn   time.Duration `json:"retry_in,omitempty"`
	Err       error         `json:"-"`

	// Virtual sub-node executions (variable extraction).
	IsVirtual        bool   `json:"is_virtual,omitempty"`
	ParentNodeID     string `json:"parent_node_id,omitempty"`
	ExtractionSource string `json:"extraction_source,omitempty"`
	ExtractionPrompt string `json:"extraction_prompt,omitempty"`

	// Steps of a container's body (an iteration, a loop) carry the
	// container's id in ParentNodeID and Round, the round they ran in
	// (from 0: the iteration's index, the loop's pass).
	Round *int `json:"round,omitempty"`

	// Run results, on run_succeeded: Answer is a chatflow's reply (every
	// Response node's stream in order).
	Answer string `json:"answer,omitempty"`
	// Conversation, on the terminal event, holds the conversation variables
	// as the run left them (also after a failure: what an assigner wrote
	// before it stays written, as in Dify).
	Conversation map[string]Value `json:"conversation,omitempty"`
}

// Clock is the time source; tests inject a fixed one.
type Clock interface{ Now() time.Time }

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }
