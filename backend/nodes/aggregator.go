package nodes

import (
	"context"
	"fmt"

	"lexflow/backend/engine"
)

// variable-aggregator joins branches: of its variables, in order, the first
// one a live branch produced (non-empty preferred) becomes "output". With
// Dify's advanced_settings.group_enabled, each group is aggregated the same
// way into an object output named after the group: [agg, group, output].
type aggregatorData struct {
	Variables        []engine.Selector `json:"variables"`
	OutputType       string            `json:"output_type"`
	AdvancedSettings struct {
		GroupEnabled bool       `json:"group_enabled"`
		Groups       []aggGroup `json:"groups"`
	} `json:"advanced_settings"`
}

type aggGroup struct {
	GroupName  string            `json:"group_name"`
	OutputType string            `json:"output_type"`
	Variables  []engine.Selector `json:"variables"`
}

func newAggregator(def engine.NodeDef) (engine.Node, error) {
	var data aggregatorData
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	if data.AdvancedSettings.GroupEnabled {
		return groupedAggregator(data.AdvancedSettings.Groups)
	}
	t, err := declaredType(data.OutputType)
	if err != nil {
		return nil, fieldError("output_type", "Choose the kind of value it outputs.", "%v", err)
	}
	ins, err := aggInputs("variables", data.Variables)
	if err != nil {
		return nil, err
	}
	spec := engine.Spec{Inputs: ins, Outputs: []engine.Output{{Name: "output", Type: t}}}
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		out := map[string]engine.Value{}
		if v, ok := firstLive(in.Vars, data.Variables); ok {
			out["output"] = v
		}
		return engine.NodeResult{Outputs: out}, nil
	}}, nil
}

func aggInputs(field string, sels []engine.Selector) ([]engine.Input, error) {
	if len(sels) == 0 {
		return nil, fieldError(field, "Add at least one variable.", "add at least one variable")
	}
	var ins []engine.Input
	for i, sel := range sels {
		if err := checkSelector(fmt.Sprintf("%s[%d]", field, i), sel); err != nil {
			return nil, err
		}
		ins = addInput(ins, engine.Input{Selector: sel, Type: engine.TypeAny, Field: fmt.Sprintf("%s.%d", field, i)})
	}
	return ins, nil
}

func groupedAggregator(groups []aggGroup) (engine.Node, error) {
	var spec engine.Spec
	for i, g := range groups {
		field := fmt.Sprintf("advanced_settings.groups[%d]", i)
		if err := (engine.Selector{"a", g.GroupName}).Validate(); err != nil {
			return nil, fieldError(field+".group_name", "Give the group a name of letters, digits and _.", "%q is not a valid name", g.GroupName)
		}
		ins, err := aggInputs(field+".variables", g.Variables)
		if err != nil {
			return nil, err
		}
		for _, in := range ins {
			spec.Inputs = addInput(spec.Inputs, in)
		}
		spec.Outputs = append(spec.Outputs, engine.Output{Name: g.GroupName, Type: engine.TypeObject})
	}
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		out := map[string]engine.Value{}
		for _, g := range groups {
			group := map[string]any{}
			if v, ok := firstLive(in.Vars, g.Variables); ok {
				group["output"] = v.Any()
			}
			out[g.GroupName] = engine.Object(group)
		}
		return engine.NodeResult{Outputs: out}, nil
	}}, nil
}

// firstLive returns the first present, non-empty variable, else the first
// present one.
func firstLive(vars engine.Vars, sels []engine.Selector) (engine.Value, bool) {
	var fallback engine.Value
	found := false
	for _, sel := range sels {
		v, ok := vars.Get(sel)
		if !ok || v.Any() == nil {
			continue
		}
		if !isEmpty(v, true) {
			return v, true
		}
		if !found {
			fallback, found = v, true
		}
	}
	return fallback, found
}
