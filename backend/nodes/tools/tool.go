// Package tools holds the tools workflows (and, later, agents) call: a small
// Tool interface, a Registry, and the built-in local tools — search a
// collection, fetch an article by number or heading, read a chunk's
// neighbours, and date arithmetic. No built-in tool reaches the network.
package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"lexflow/backend/llm"
)

// Tool is one callable tool. Parameters is a JSON Schema object
// ({"type": "object", "properties": {...}, "required": [...]}) that both the
// tool node (to validate its configuration) and models (as a function
// definition) read. Call receives arguments as a JSON object; they have been
// checked against Parameters when they come through Invoke.
type Tool interface {
	Name() string
	Description() string
	Parameters() json.RawMessage
	Call(ctx context.Context, args json.RawMessage) (Result, error)
}

// Result is what a tool returns: Text for people and models, JSON for
// workflows (an object, or a list of objects).
type Result struct {
	Text string
	JSON any
}

// Registry is a fixed set of tools by name; build it once, then share it.
type Registry struct {
	byName map[string]Tool
	names  []string
}

// NewRegistry checks names (non-empty, unique) and schemas.
func NewRegistry(tools ...Tool) (*Registry, error) {
	r := &Registry{byName: make(map[string]Tool, len(tools))}
	for _, t := range tools {
		if err := r.add(t); err != nil {
			return nil, err
		}
	}
	slices.Sort(r.names)
	return r, nil
}

func (r *Registry) add(t Tool) error {
	name := t.Name()
	switch {
	case name == "":
		return fmt.Errorf("register tool: empty name")
	case r.byName[name] != nil:
		return fmt.Errorf("register tool %q: already registered", name)
	}
	if _, err := ParseSchema(t.Parameters()); err != nil {
		return fmt.Errorf("register tool %q: %w", name, err)
	}
	r.byName[name] = t
	r.names = append(r.names, name)
	return nil
}

// Lookup finds a tool by name.
func (r *Registry) Lookup(name string) (Tool, bool) {
	t, ok := r.byName[name]
	return t, ok
}

// Names lists the tools, sorted.
func (r *Registry) Names() []string { return slices.Clone(r.names) }

// Known is the list of names for error messages.
func (r *Registry) Known() string { return strings.Join(r.names, ", ") }

// LLMTools describes the named tools as function definitions for a model.
func (r *Registry) LLMTools(names []string) ([]llm.Tool, error) {
	out := make([]llm.Tool, 0, len(names))
	for _, n := range names {
		t, ok := r.Lookup(n)
		if !ok {
			return nil, fmt.Errorf("tool %q: unknown tool (known: %s)", n, r.Known())
		}
		out = append(out, llm.Tool{Name: t.Name(), Description: t.Description(), Parameters: t.Parameters()})
	}
	return out, nil
}

// Invoke checks and coerces args against the tool's schema, then calls it.
// A model's loosely typed arguments ("5" for 5) are accepted.
func Invoke(ctx context.Context, t Tool, args json.RawMessage) (Result, error) {
	schema, err := ParseSchema(t.Parameters())
	if err != nil {
		return Result{}, fmt.Errorf("call tool %s: %w", t.Name(), err)
	}
	m, err := decodeArgs(args)
	if err != nil {
		return Result{}, fmt.Errorf("call tool %s: %w", t.Name(), err)
	}
	m, err = schema.Coerce(m)
	if err != nil {
		return Result{}, fmt.Errorf("call tool %s: %w", t.Name(), err)
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return Result{}, fmt.Errorf("call tool %s: %w", t.Name(), err)
	}
	res, err := t.Call(ctx, raw)
	if err != nil {
		return Result{}, fmt.Errorf("call tool %s: %w", t.Name(), err)
	}
	return res, nil
}

func decodeArgs(raw json.RawMessage) (map[string]any, error) {
	m := map[string]any{}
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return m, nil
	}
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		var quoted string // arguments a model sent as a JSON string
		if json.Unmarshal([]byte(s), &quoted) == nil && json.Unmarshal([]byte(quoted), &m) == nil {
			return m, nil
		}
		return nil, fmt.Errorf("arguments are not a JSON object: %w", err)
	}
	return m, nil
}
