package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/runs"
	"lexflow/backend/store"
)

// RunService starts, cancels and reports on workflow runs.
type RunService struct {
	db   *store.DB
	runs *runs.Service
}

// Start begins a run of an app and returns at once; events stream on the
// returned topic (and are kept for replay).
func (s *RunService) Start(ctx context.Context, appID string, req RunRequest) (RunStarted, error) {
	if _, err := s.db.GetApp(ctx, appID); err != nil {
		return RunStarted{}, err
	}
	x, err := s.runs.Start(ctx, runs.Request{AppID: appID, Inputs: req.Inputs, Query: req.Query, ConversationID: req.ConversationID})
	var ce *engine.CompileError
	if errors.As(err, &ce) {
		return RunStarted{}, refusedToCompile(ce, "The app")
	}
	if err != nil {
		return RunStarted{}, err
	}
	return RunStarted{RunID: x.RunID(), Topic: runs.Topic(x.RunID())}, nil
}

// StartNode runs one step of an app alone with the variables it read in the
// app's newest whole run, through the app's saved configuration.
func (s *RunService) StartNode(ctx context.Context, appID, nodeID string) (NodeRunStarted, error) {
	if _, err := s.db.GetApp(ctx, appID); err != nil {
		return NodeRunStarted{}, err
	}
	x, err := s.runs.StartNode(ctx, appID, nodeID)
	var ce *engine.CompileError
	switch {
	case errors.As(err, &ce):
		return NodeRunStarted{}, refusedToCompile(ce, "This step")
	case errors.Is(err, runs.ErrNeverRan):
		return NodeRunStarted{}, &Error{Status: 409, Body: ErrorBody{Code: "never_ran",
			Message: "This step has not run yet: run the whole app once, and its inputs are kept for running the step alone."}}
	case errors.Is(err, engine.ErrNodeNotFound):
		return NodeRunStarted{}, &Error{Status: 404, Body: ErrorBody{Code: "not_found", Message: err.Error()}}
	case err != nil:
		return NodeRunStarted{}, err
	}
	id := x.Execution.RunID()
	return NodeRunStarted{RunID: id, Topic: runs.Topic(id), SourceRunID: x.Source.RunID,
		SourceStartedAt: x.Source.StartedAt, Missing: nonNil(x.Missing)}, nil
}

// refusedToCompile says in words why a run cannot start: what needs fixing
// (the problems' messages, for people), not the compile error's detail.
func refusedToCompile(ce *engine.CompileError, what string) *Error {
	msgs := make([]string, len(ce.Problems))
	for i, p := range ce.Problems {
		msgs[i] = p.Message
	}
	noun := "a fix"
	if len(msgs) > 1 {
		noun = fmt.Sprintf("%d fixes", len(msgs))
	}
	return &Error{Status: 422, Body: ErrorBody{Code: "invalid_app", Message: fmt.Sprintf("%s needs %s first: %s", what, noun, strings.Join(msgs, " "))}}
}

// Cancel stops a live run.
func (s *RunService) Cancel(ctx context.Context, runID string) error {
	err := s.runs.Cancel(runID)
	if errors.Is(err, runs.ErrNotRunning) {
		return &Error{Status: 409, Body: ErrorBody{Code: "not_running", Message: err.Error()}}
	}
	return err
}

// List returns recent runs, of one app when appID is set.
func (s *RunService) List(ctx context.Context, appID string) ([]Run, error) {
	rs, err := s.db.ListRuns(ctx, appID, 200)
	out := make([]Run, len(rs))
	for i, r := range rs {
		out[i] = runDTO(r)
	}
	return out, err
}

// Get returns a run with its node executions and their generation details.
func (s *RunService) Get(ctx context.Context, runID string) (RunDetail, error) {
	r, err := s.db.GetRun(ctx, runID)
	if err != nil {
		return RunDetail{}, err
	}
	execs, err := s.db.NodeExecutions(ctx, runID)
	if err != nil {
		return RunDetail{}, err
	}
	out := RunDetail{Run: runDTO(r), Nodes: make([]NodeExecution, len(execs)), DSL: ranDSL(r.DSL)}
	for i, e := range execs {
		if out.Nodes[i], err = s.execution(ctx, e); err != nil {
			return RunDetail{}, err
		}
	}
	return out, nil
}

// ranDSL is a run's recorded DSL in the export's JSON form, or "" when it
// has none or it no longer reads (a DSL version this Lexflow dropped).
func ranDSL(stored string) string {
	if stored == "" {
		return ""
	}
	app, err := dsl.Parse([]byte(stored))
	if err != nil {
		return ""
	}
	out, err := dsl.Export(app, dsl.FormatJSON)
	if err != nil {
		return ""
	}
	return string(out)
}

// Exists fails as Get does for a run that is not there, without reading its
// steps: all that following its events needs to know first.
func (s *RunService) Exists(ctx context.Context, runID string) error {
	_, err := s.db.GetRun(ctx, runID)
	return err
}

// Events returns a run's stored events after seq `after`, as the hub would
// have published them.
func (s *RunService) Events(ctx context.Context, runID string, after int64) ([]Event, error) {
	stored, err := s.db.RunEvents(ctx, runID, after)
	out := make([]Event, len(stored))
	for i, e := range stored {
		out[i] = Event{Seq: e.Seq, Topic: runs.Topic(runID), Type: e.Type, Time: e.CreatedAt, Data: json.RawMessage(e.Payload)}
	}
	return out, err
}

// Live reports whether a run is still going.
func (s *RunService) Live(runID string) bool { return s.runs.Live(runID) }

// execution attaches the generation detail read from its own table, never
// parsed from outputs.
func (s *RunService) execution(ctx context.Context, e store.NodeExecution) (NodeExecution, error) {
	out := NodeExecution{ID: e.ID, NodeID: e.NodeID, NodeType: e.NodeType, Title: e.Title, Position: e.Position,
		PredecessorNodeID: e.PredecessorNodeID, Status: e.Status, Inputs: json.RawMessage(e.Inputs),
		ProcessData: json.RawMessage(e.ProcessData), Outputs: json.RawMessage(e.Outputs), Error: e.Error,
		Retries: e.Retries, PromptTokens: e.PromptTokens, CompletionTokens: e.CompletionTokens, IsVirtual: e.IsVirtual,
		ParentNodeID: e.ParentNodeID, Round: e.Round, StartedAt: e.StartedAt, FinishedAt: e.FinishedAt, ElapsedMs: e.ElapsedMs}
	if e.Variables != "" {
		out.Variables = json.RawMessage(e.Variables)
	}
	g, ok, err := s.db.NodeGenerationDetail(ctx, e.RunID, e.NodeID)
	if ok {
		out.GenerationDetail = &GenerationDetail{ReasoningContent: json.RawMessage(g.Reasoning),
			ToolCalls: json.RawMessage(g.ToolCalls), Sequence: json.RawMessage(g.Sequence)}
	}
	return out, err
}

func runDTO(r store.Run) Run {
	return Run{ID: r.ID, AppID: r.AppID, AppName: r.AppName, Mode: r.Mode, Status: r.Status, Query: r.Query,
		Inputs: json.RawMessage(r.Inputs), Outputs: json.RawMessage(r.Outputs), Error: r.Error,
		ConversationID: r.ConversationID, MessageID: r.MessageID, PromptTokens: r.PromptTokens,
		CompletionTokens: r.CompletionTokens, StartedAt: r.StartedAt, FinishedAt: r.FinishedAt, ElapsedMs: r.ElapsedMs,
		SingleNodeID: r.SingleNodeID, SourceRunID: r.SourceRunID}
}
