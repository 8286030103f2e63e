package nodes

import (
	"context"
	"fmt"

	"lexflow/backend/engine"
)

// end produces a workflow's outputs: Dify's outputs [{variable,
// value_selector, value_type?}]. An output whose variable is absent (its
// branch was skipped) is left out.
type endOutput struct {
	Variable      string          `json:"variable"`
	ValueSelector engine.Selector `json:"value_selector"`
	ValueType     string          `json:"value_type"`
}

func newEnd(def engine.NodeDef) (engine.Node, error) {
	var data struct {
		Outputs []endOutput `json:"outputs"`
	}
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	spec := engine.Spec{Role: engine.RoleEnd}
	seen := map[string]bool{}
	for i, o := range data.Outputs {
		field := fmt.Sprintf("outputs[%d]", i)
		if err := (engine.Selector{"end", o.Variable}).Validate(); err != nil || seen[o.Variable] {
			return nil, fieldError(field+".variable", "Give each output its own name: letters, digits and _, not starting with a digit.", "%q is not a valid, unique name", o.Variable)
		}
		seen[o.Variable] = true
		if err := checkSelector(field+".value_selector", o.ValueSelector); err != nil {
			return nil, err
		}
		t, err := declaredType(o.ValueType)
		if err != nil {
			return nil, fieldError(field+".value_type", "Choose a type Lexflow knows.", "%v", err)
		}
		spec.Inputs = append(spec.Inputs, engine.Input{Selector: o.ValueSelector, Type: t, Field: field + ".value_selector"})
		spec.Outputs = append(spec.Outputs, engine.Output{Name: o.Variable, Type: t})
	}
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		out := map[string]engine.Value{}
		for _, o := range data.Outputs {
			if v, ok := in.Vars.Get(o.ValueSelector); ok {
				out[o.Variable] = v
			}
		}
		return engine.NodeResult{Outputs: out}, nil
	}}, nil
}

// declaredType reads an optional type name; "" is any.
func declaredType(s string) (engine.Type, error) {
	if s == "" {
		return engine.TypeAny, nil
	}
	return engine.ParseType(s)
}
