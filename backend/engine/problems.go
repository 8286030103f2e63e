package engine

import (
	"fmt"
	"strings"
)

// Problem is one thing Compile found wrong, located by node and/or edge.
// errors.Is(problem, ErrCycle) and friends tell the kinds apart.
type Problem struct {
	NodeID  string   `json:"node_id,omitempty"`
	EdgeID  string   `json:"edge_id,omitempty"`
	NodeIDs []string `json:"node_ids,omitempty"` // every node involved, e.g. a cycle's
	Message string   `json:"message"`
	Err     error    `json:"-"`
}

func (p Problem) Error() string {
	var where string
	switch {
	case p.NodeID != "":
		where = "node " + p.NodeID + ": "
	case p.EdgeID != "":
		where = "edge " + p.EdgeID + ": "
	}
	if p.Err == nil {
		return where + p.Message
	}
	return where + p.Err.Error() + ": " + p.Message
}

func (p Problem) Unwrap() error { return p.Err }

// Kind is the problem's sentinel message ("cycle", "unknown node type"), for
// the UI to group by.
func (p Problem) Kind() string {
	if p.Err == nil {
		return ""
	}
	return p.Err.Error()
}

// CompileError carries every problem Compile found; it unwraps to each.
type CompileError struct {
	Problems []Problem
}

func (e *CompileError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.Error()
	}
	noun := "problems"
	if len(msgs) == 1 {
		noun = "problem"
	}
	return fmt.Sprintf("compile app: %d %s: %s", len(msgs), noun, strings.Join(msgs, "; "))
}

func (e *CompileError) Unwrap() []error {
	out := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p
	}
	return out
}

// problems collects Compile's findings.
type problems struct {
	list []Problem
}

func (ps *problems) node(id string, err error, format string, args ...any) {
	ps.list = append(ps.list, Problem{NodeID: id, Message: fmt.Sprintf(format, args...), Err: err})
}

func (ps *problems) edge(id string, err error, format string, args ...any) {
	ps.list = append(ps.list, Problem{EdgeID: id, Message: fmt.Sprintf(format, args...), Err: err})
}

func (ps *problems) app(err error, format string, args ...any) {
	ps.list = append(ps.list, Problem{Message: fmt.Sprintf(format, args...), Err: err})
}

func (ps *problems) add(p Problem) { ps.list = append(ps.list, p) }

func (ps *problems) err() error {
	if len(ps.list) == 0 {
		return nil
	}
	return &CompileError{Problems: ps.list}
}
