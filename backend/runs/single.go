package runs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"lexflow/backend/engine"
	"lexflow/backend/store"
)

// ErrNeverRan is returned when a node is to run alone but no whole run of
// its app has recorded the variables it reads.
var ErrNeverRan = errors.New("the step has not run in a whole run of the app yet")

// SingleNode is a started run of one node alone.
type SingleNode struct {
	Execution *engine.Execution
	// Source is the execution whose recorded variables the node was handed.
	Source store.NodeVariables
	// Missing are variables the node reads now that the source did not
	// record (the node was edited since): the node finds them empty.
	Missing []string
}

// StartNode runs node nodeID of the stored app alone, through the app's
// current configuration, with exactly the variables the node read in its
// newest whole run (and that run's inputs). Only the node is compiled: a step
// broken elsewhere in the app does not stop it. It is recorded as a run of
// its own, marked with the node and the source run.
func (s *Service) StartNode(ctx context.Context, appID, nodeID string) (SingleNode, error) {
	app, dsl, err := s.load(ctx, Request{AppID: appID})
	if err != nil {
		return SingleNode{}, err
	}
	plan, err := engine.CompileNode(app, s.registry, nodeID)
	if err != nil {
		return SingleNode{}, err
	}
	src, ok, err := s.db.LastNodeVariables(ctx, appID, nodeID)
	if err != nil {
		return SingleNode{}, err
	}
	if !ok {
		return SingleNode{}, fmt.Errorf("run step %s alone: %w", nodeID, ErrNeverRan)
	}
	var vars engine.Vars
	var inputs map[string]any
	if err := json.Unmarshal([]byte(src.Variables), &vars); err != nil {
		return SingleNode{}, fmt.Errorf("read the variables step %s recorded: %w", nodeID, err)
	}
	if err := json.Unmarshal([]byte(src.RunInputs), &inputs); err != nil {
		return SingleNode{}, fmt.Errorf("read the inputs of run %s: %w", src.RunID, err)
	}
	run := store.Run{AppID: appID, Mode: string(app.App.Mode), Inputs: src.RunInputs, DSL: string(dsl),
		SingleNodeID: nodeID, SourceRunID: src.RunID}
	x, err := s.begin(ctx, run, nil, func(runID string, opts engine.RunOptions) (*engine.Execution, error) {
		return plan.StartNode(s.bg, nodeID, vars, engine.RunInput{RunID: runID, Inputs: inputs, Sys: engine.Sys{AppID: appID}}, opts)
	})
	if err != nil {
		return SingleNode{}, err
	}
	return SingleNode{Execution: x, Source: src, Missing: plan.MissingVars(nodeID, vars)}, nil
}
