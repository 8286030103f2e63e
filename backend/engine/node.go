package engine

import (
	"context"
	"encoding/json"
	"fmt"

	"lexflow/backend/dsl"
	"lexflow/backend/llm"
)

// Handles every node has besides the ones it declares.
const (
	HandleSource     = "source"      // the single way out of a non-branching node
	HandleFailBranch = "fail-branch" // taken when error_strategy is fail_branch and the node fails
)

// Node is a compiled node type instance: one per node of a plan, shared by
// every run of that plan, so Run must be safe for concurrent calls.
type Node interface {
	// Spec declares, once at compile time, what the node reads and produces.
	Spec() Spec
	// Run executes the node. It must honour ctx (cancellation, timeouts).
	Run(ctx context.Context, in NodeInput) (NodeResult, error)
}

// NodeFactory builds a Node from its DSL definition, decoding def.Data. A
// returned error is reported by Compile as an invalid node (with the node id).
type NodeFactory func(def NodeDef) (Node, error)

// Role tells the engine which nodes start a run, end it, or answer.
type Role int

const (
	RoleNone   Role = iota
	RoleStart       // the entry node; exactly one per app
	RoleEnd         // its outputs become the run's outputs (workflow mode)
	RoleAnswer      // answers a chatflow turn
	// RoleBreak ends the round of the body it is in and tells its container
	// to stop after it (Dify's loop-end).
	RoleBreak
)

// Spec is what a node declares to the engine. The engine validates references
// against it, builds each run's read-only variable view from Inputs, checks
// branch edges against Handles and coordinates Response streaming.
type Spec struct {
	Role Role
	// Inputs are the variables Run reads; only these appear in NodeInput.Vars.
	Inputs []Input
	// Outputs are the variables Run produces; downstream references are
	// checked against them.
	Outputs []Output
	// Handles are the branch handles for IF/ELSE and classifiers ("true",
	// "false", class ids). Nil means one way out (HandleSource).
	Handles []string
	// Streams names the outputs Run streams through NodeInput.Stream.
	Streams []string
	// Response, when set, is the template the engine streams as this node's
	// "answer" output, in order, while its upstream nodes run (see answer.go).
	Response Template
	// Virtual are sub-nodes the node may run inside its own Run through
	// NodeInput.RunVirtual (variable extraction).
	Virtual []VirtualNode
	// Writes are the conversation variables Run may set ([conversation,
	// name]), through NodeResult.Writes; Compile checks they are declared.
	Writes []Input
	// Body, for a container (an iteration, a loop), declares the steps drawn
	// inside it (dsl.GraphNode.ParentID): a graph of their own that Run runs
	// any number of times through NodeInput.RunBody.
	Body *Body
}

// Body is a container's sub-graph: the steps whose ParentID is the
// container. They are compiled like the app's steps, and may read what the
// app's steps before the container produce, as well as the container's
// Locals under its own id ([container, name]). Each round runs on a pool of
// its own; its events are the run's, marked with the container and round.
type Body struct {
	// Start is the id of the body's first step.
	Start string
	// StartField is the setting Start comes from, to show a problem on.
	StartField string
	// Locals are the variables the container hands each round (an
	// iteration's item and index, a loop's variables).
	Locals []Output
	// Reads are the variables the container reads once a round has ended
	// (an iteration's output, a loop's break conditions and variables).
	Reads []Input
}

// Input is one variable a node reads.
type Input struct {
	Selector Selector
	// Type is what the node expects; TypeAny (or "") accepts anything.
	Type Type
	// Field is the setting the reference is made in (a DSL path, as in
	// FieldError), so that a bad reference is shown on it; "" when unknown.
	Field string
}

// Output is one variable a node produces.
type Output struct {
	Name string
	Type Type
}

// VirtualNode declares a sub-node, built by the registry like any node but run
// by its parent: its events are marked virtual and its outputs enter the pool
// without triggering any edge.
type VirtualNode struct {
	ID    string // global id, e.g. "tool1_ext_1"
	Type  string
	Title string
	Data  json.RawMessage
	// ExtractionSource and ExtractionPrompt are copied into its events.
	ExtractionSource string
	ExtractionPrompt string
}

// NodeDef is a node's definition as the factory sees it.
type NodeDef struct {
	ID       string
	Type     string
	Title    string
	Data     json.RawMessage // the node's own config, for the factory to decode
	Settings Settings        // what the engine parsed from Data
	Mode     dsl.Mode
	peers    map[string]PeerNode
}

// PeerNode is another node of the same app, for nodes that inherit its
// configuration (an extraction inherits its source LLM's model).
type PeerNode struct {
	ID   string
	Type string
	Data json.RawMessage
}

// Decode unmarshals the node's data into v.
func (d NodeDef) Decode(v any) error {
	if len(d.Data) == 0 {
		return nil
	}
	if err := json.Unmarshal(d.Data, v); err != nil {
		return fmt.Errorf("decode %s data: %w", d.Type, err)
	}
	return nil
}

// Peer looks up another node of the same app.
func (d NodeDef) Peer(id string) (PeerNode, bool) {
	p, ok := d.peers[id]
	return p, ok
}

// NodeInput is what a node gets for one execution.
type NodeInput struct {
	RunID   string
	NodeID  string
	Title   string
	Mode    dsl.Mode
	Attempt int // 1 on the first try, 2 on the first retry, ...
	// Vars is a read-only snapshot of the variables the node declared.
	Vars Vars
	// RunInputs are the run's inputs, for the Start node.
	RunInputs map[string]any
	// Overrides are RunInput.Overrides.
	Overrides any
	att       *attempt
}

// NodeResult is a node's successful outcome.
type NodeResult struct {
	Outputs map[string]Value
	// Handle is the branch taken; required for nodes that declare Handles.
	Handle      string
	Inputs      map[string]any // as the node used them, for the record
	ProcessData map[string]any
	Usage       *llm.Usage
	// Writes are new values of conversation variables, by name, from those
	// declared in Spec.Writes. Later nodes of the run read them, and the run
	// ends with them (RunResult.Conversation) for the caller to keep.
	Writes map[string]Value
}

// Stream sends one chunk of the named output (e.g. "text") as a
// NodeRunStreamChunk event. It blocks while the dispatcher is busy and
// returns ctx's error once the execution is cancelled, so a provider's
// delta callback can return it to stop the model.
func (in NodeInput) Stream(output, chunk string) error {
	if in.att == nil {
		return nil
	}
	return in.att.stream(output, chunk)
}

// RunBody runs the node's body (Spec.Body) once: round counts from 0 and
// locals give Spec.Body.Locals their values for it. The body's steps run as
// the run's own do (retries, error strategies, timeouts, cancellation) and
// their events, marked with this node as ParentNodeID and with the round,
// are the run's. It returns the variables Spec.Body.Reads lists as the round
// left them, or the error of the step that failed the round.
func (in NodeInput) RunBody(ctx context.Context, round int, locals map[string]Value) (BodyResult, error) {
	if in.att == nil {
		return BodyResult{}, fmt.Errorf("run body of %s: %w", in.NodeID, ErrNoBody)
	}
	return in.att.runBody(ctx, round, locals)
}

// BodyResult is what one round of a body left.
type BodyResult struct {
	// Vars holds Spec.Body.Reads (those the round produced).
	Vars Vars
	// Broke is set when a RoleBreak step ran: the container should stop.
	Broke bool
}

// RunVirtual runs one of the node's declared virtual sub-nodes with the
// parent's retry settings, emitting its own events, and returns its result.
// Its outputs enter the pool under its id; no edge follows from it.
func (in NodeInput) RunVirtual(ctx context.Context, id string) (NodeResult, error) {
	if in.att == nil {
		return NodeResult{}, fmt.Errorf("run virtual node %s: %w", id, ErrNoVirtualNode)
	}
	return in.att.runVirtual(ctx, id)
}
