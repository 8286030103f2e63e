package nodes

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/engine"
)

// node is a Node built from a spec and a run function; every node type is
// one, so a type's file holds its config, its spec and its run.
type node struct {
	spec engine.Spec
	run  func(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error)
}

func (n node) Spec() engine.Spec { return n.spec }
func (n node) Run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	return n.run(ctx, in)
}

// decode reads a node's data into v, naming the node type on failure.
func decode(def engine.NodeDef, v any) error {
	if len(def.Data) == 0 {
		return nil
	}
	if err := json.Unmarshal(def.Data, v); err != nil {
		return fmt.Errorf("read %s data: %w", def.Type, err)
	}
	return nil
}

// fieldError names the DSL field a configuration problem is in, says what to
// do about it in words the editor shows beside that field (message), and
// keeps the technical account (detail) for the curious.
func fieldError(field, message, detail string, args ...any) error {
	return &engine.FieldError{Field: field, Message: message, Detail: fmt.Sprintf(detail, args...)}
}

// checkSelector validates a selector from the DSL.
func checkSelector(field string, sel engine.Selector) error {
	err := sel.Validate()
	switch {
	case err == nil:
		return nil
	case len(sel) == 0 || (len(sel) == 1 && sel[0] == ""):
		return fieldError(field, "Choose a variable.", "%v", err)
	}
	return fieldError(field, "This variable reference is incomplete: choose the variable again.", "%v", err)
}

// withField says which setting each input's reference is made in, so that a
// bad reference is shown on that setting.
func withField(field string, ins []engine.Input) []engine.Input {
	for i := range ins {
		if ins[i].Field == "" {
			ins[i].Field = field
		}
	}
	return ins
}

// templateInputs declares what templates read.
func templateInputs(texts ...string) []engine.Input {
	var ins []engine.Input
	for _, t := range texts {
		for _, sel := range engine.TemplateRefs(t) {
			ins = addInput(ins, engine.Input{Selector: sel, Type: engine.TypeAny})
		}
	}
	return ins
}

// addInput appends an input unless its selector is already declared.
func addInput(ins []engine.Input, in engine.Input) []engine.Input {
	for _, x := range ins {
		if x.Selector.Equal(in.Selector) {
			return ins
		}
	}
	return append(ins, in)
}

// lookup reads a declared variable; ok is false when it is absent.
func lookup(vars engine.Vars, sel engine.Selector) (engine.Value, bool) {
	if len(sel) == 0 {
		return engine.Value{}, false
	}
	return vars.Get(sel)
}

// textAt reads a declared variable as text ("" when absent).
func textAt(vars engine.Vars, sel engine.Selector) string {
	v, _ := lookup(vars, sel)
	return v.Text()
}

// outputs builds a result's outputs from plain values.
func outputs(kv map[string]any) map[string]engine.Value {
	out := make(map[string]engine.Value, len(kv))
	for k, v := range kv {
		out[k] = engine.ValueOf(v)
	}
	return out
}

// warnings collects what a node wants a person to know about a run.
type warnings []string

func (w *warnings) add(format string, args ...any) { *w = append(*w, fmt.Sprintf(format, args...)) }

// into adds the warnings to process data when there are any.
func (w warnings) into(pd map[string]any) map[string]any {
	if len(w) > 0 {
		pd["warnings"] = []string(w)
	}
	return pd
}

// plainValue turns a pool value into plain JSON-like data for templates and
// tools (files become objects).
func plainValue(v engine.Value) any {
	switch v.Any().(type) {
	case string, float64, bool, nil:
		return v.Any()
	}
	x, ok := plainJSON(v)
	if !ok {
		return v.Text()
	}
	return x
}

// plainJSON turns a Go value into the plain data its JSON decodes to
// (maps, lists, strings, float64s, bools), the shape pool values take.
func plainJSON(v any) (any, bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	var x any
	if json.Unmarshal(b, &x) != nil {
		return nil, false
	}
	return x, true
}

// oneOf reports whether s is among the allowed values, for messages.
func oneOf(s string, allowed ...string) bool {
	for _, a := range allowed {
		if s == a {
			return true
		}
	}
	return false
}

func quoted(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
