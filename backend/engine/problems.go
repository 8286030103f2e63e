package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Problem is one thing Compile found wrong, located by node and/or edge.
// errors.Is(problem, ErrCycle) and friends tell the kinds apart.
//
// Message is written for the person building the app (a lawyer, not a
// programmer): what to do, in words, naming steps by their titles. Detail is
// the technical account (selectors, DSL field names, the underlying error)
// for whoever needs to dig; Error() reads it.
type Problem struct {
	NodeID  string   `json:"node_id,omitempty"`
	EdgeID  string   `json:"edge_id,omitempty"`
	NodeIDs []string `json:"node_ids,omitempty"` // every node involved, e.g. a cycle's
	// Field is the node's setting at fault, as a path into its data with dots
	// between names and list positions ("cases.0.conditions.1.variable_selector"),
	// or "" when the problem is not about one setting.
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
	Detail  string `json:"detail,omitempty"`
	Err     error  `json:"-"`
}

func (p Problem) Error() string {
	var where string
	switch {
	case p.NodeID != "":
		where = "node " + p.NodeID + ": "
	case p.EdgeID != "":
		where = "edge " + p.EdgeID + ": "
	}
	text := cmpOr(p.Detail, p.Message)
	if p.Err == nil {
		return where + text
	}
	return where + p.Err.Error() + ": " + text
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

// problemCodes names each sentinel with a stable identifier clients can
// branch on; sentinel messages are prose and may be reworded.
var problemCodes = []struct {
	err  error
	code string
}{
	// The newer-version check comes before unknown type, which it wraps too.
	{ErrNewerVersion, "newer_node_type"},
	{ErrUnknownNodeType, "unknown_node_type"},
	{ErrInvalidNode, "invalid_setting"},
	{ErrDuplicateNode, "duplicate_node"},
	{ErrNoStart, "no_start"},
	{ErrMultipleStarts, "several_starts"},
	{ErrNoEnd, "no_end"},
	{ErrNoAnswer, "no_answer"},
	{ErrDanglingEdge, "dangling_edge"},
	{ErrDuplicateEdge, "duplicate_edge"},
	{ErrUnknownHandle, "unknown_handle"},
	{ErrUnreachable, "unreachable"},
	{ErrCycle, "cycle"},
	{ErrMissingNode, "missing_node"},
	{ErrNotUpstream, "not_upstream"},
	{ErrUnknownVariable, "unknown_variable"},
	{ErrSelfReference, "self_reference"},
	{ErrTypeMismatch, "type_mismatch"},
	{ErrInvalidVariable, "invalid_variable"},
}

// Code is the problem's stable identifier ("cycle", "missing_node", ...).
func (p Problem) Code() string {
	for _, c := range problemCodes {
		if errors.Is(p.Err, c.err) {
			return c.code
		}
	}
	return "invalid"
}

// FieldError is what a node factory returns about one setting of its data:
// which field (a DSL path such as "cases[0].case_id" or "cases.0.case_id"),
// what a person should do about it, and the technical detail. Compile turns
// it into a Problem located on that field.
type FieldError struct {
	Field   string
	Message string
	Detail  string
}

func (e *FieldError) Error() string { return e.Field + ": " + cmpOr(e.Detail, e.Message) }

// fieldPath writes a DSL path with dots only: "cases[0].id" → "cases.0.id",
// the form the editor keys its fields by.
func fieldPath(field string) string {
	r := strings.NewReplacer("[", ".", "]", "")
	return strings.TrimPrefix(r.Replace(field), ".")
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

// problems collects Compile's findings: each with a message for people and
// the technical detail.
type problems struct {
	list []Problem
}

func (ps *problems) node(id string, err error, message, detail string) {
	ps.add(Problem{NodeID: id, Message: message, Detail: detail, Err: err})
}

func (ps *problems) field(id, field string, err error, message, detail string) {
	ps.add(Problem{NodeID: id, Field: fieldPath(field), Message: message, Detail: detail, Err: err})
}

func (ps *problems) edge(id string, err error, message, detail string) {
	ps.add(Problem{EdgeID: id, Message: message, Detail: detail, Err: err})
}

func (ps *problems) app(err error, message, detail string) {
	ps.add(Problem{Message: message, Detail: detail, Err: err})
}

func (ps *problems) add(p Problem) { ps.list = append(ps.list, p) }

func (ps *problems) err() error {
	if len(ps.list) == 0 {
		return nil
	}
	return &CompileError{Problems: ps.list}
}
