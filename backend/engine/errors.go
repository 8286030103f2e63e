package engine

import (
	"errors"
	"fmt"
)

// Sentinels for Compile problems; every Problem wraps exactly one (a node type
// from a newer DSL wraps ErrUnknownNodeType and ErrNewerVersion).
var (
	ErrUnknownNodeType = errors.New("unknown node type")
	ErrNewerVersion    = errors.New("from a newer dsl version")
	ErrInvalidNode     = errors.New("invalid node")
	ErrDuplicateNode   = errors.New("duplicate node id")
	ErrNoStart         = errors.New("no start node")
	ErrMultipleStarts  = errors.New("several start nodes")
	ErrNoEnd           = errors.New("no end node")
	ErrNoAnswer        = errors.New("no answer node")
	ErrDanglingEdge    = errors.New("dangling edge")
	ErrDuplicateEdge   = errors.New("duplicate edge")
	ErrUnknownHandle   = errors.New("unknown source handle")
	ErrUnreachable     = errors.New("unreachable node")
	ErrCycle           = errors.New("cycle")
	ErrMissingNode     = errors.New("reference to a missing node")
	ErrNotUpstream     = errors.New("reference to a node that is not upstream")
	ErrUnknownVariable = errors.New("reference to an unknown variable")
	ErrSelfReference   = errors.New("self reference")
	ErrTypeMismatch    = errors.New("type mismatch")
	ErrInvalidVariable = errors.New("invalid variable declaration")
	// ErrBadBody: a container's body, or a step's place in one, is wrong.
	ErrBadBody = errors.New("invalid container body")
)

// Sentinels for run-time failures; they arrive wrapped in a *NodeError.
var (
	ErrNodeTimeout   = errors.New("node timed out")
	ErrNodePanic     = errors.New("node panicked")
	ErrBadResult     = errors.New("node returned an invalid result")
	ErrRunTimeout    = errors.New("run timed out")
	ErrRunCancelled  = errors.New("run cancelled")
	ErrRunAborted    = errors.New("run aborted by another node's failure")
	ErrNodeAbandoned = errors.New("node ignored cancellation and was abandoned")
	ErrNoVirtualNode = errors.New("no such virtual node")
	// ErrNoBody: RunBody was called by a node that declares no Body.
	ErrNoBody = errors.New("the node has no body")
	// ErrNodeNotFound: StartNode was asked for a node the plan does not have.
	ErrNodeNotFound = errors.New("no such node")
)

// NodeError is a node's failure: it names the node and unwraps to the cause,
// so errors.Is(err, context.DeadlineExceeded) still works.
type NodeError struct {
	NodeID   string
	NodeType string
	Err      error
}

func (e *NodeError) Error() string {
	return fmt.Sprintf("node %s (%s): %v", e.NodeID, e.NodeType, e.Err)
}
func (e *NodeError) Unwrap() error { return e.Err }

// PanicError is what a node's panic becomes.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("node panicked: %v", e.Value) }
func (e *PanicError) Unwrap() error { return ErrNodePanic }

// ErrorTyper lets a node's error name its kind for the error_type output
// (Dify's field); others get a kind from the engine's sentinels.
type ErrorTyper interface{ ErrorType() string }

// errorType classifies an error for events and the error_type output.
func errorType(err error) string {
	var typed ErrorTyper
	switch {
	case err == nil:
		return ""
	case errors.As(err, &typed):
		return typed.ErrorType()
	case errors.Is(err, ErrNodePanic):
		return "panic"
	case errors.Is(err, ErrNodeTimeout):
		return "timeout"
	case errors.Is(err, ErrRunCancelled), errors.Is(err, ErrRunAborted):
		return "cancelled"
	case errors.Is(err, ErrBadResult):
		return "invalid_result"
	}
	return "node_error"
}
