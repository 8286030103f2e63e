package nodes

import (
	"context"
	"fmt"

	"lexflow/backend/engine"
)

// if-else: Dify's cases [{case_id, logical_operator, conditions}] (or the
// older single case: conditions + logical_operator, whose handle is
// "true"). The first case that holds is the branch taken; none → "false".
type ifElseData struct {
	Cases           []ifCase    `json:"cases"`
	Conditions      []condition `json:"conditions"`
	LogicalOperator string      `json:"logical_operator"`
}

type ifCase struct {
	CaseID          string      `json:"case_id"`
	ID              string      `json:"id"`
	LogicalOperator string      `json:"logical_operator"`
	Conditions      []condition `json:"conditions"`
}

type condition struct {
	VariableSelector   engine.Selector `json:"variable_selector"`
	ComparisonOperator string          `json:"comparison_operator"`
	Value              any             `json:"value"`
}

// HandleElse is the branch taken when no case holds.
const HandleElse = "false"

func newIfElse(def engine.NodeDef) (engine.Node, error) {
	var data ifElseData
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	cases := data.Cases
	if len(cases) == 0 && len(data.Conditions) > 0 {
		cases = []ifCase{{CaseID: "true", LogicalOperator: data.LogicalOperator, Conditions: data.Conditions}}
	}
	if err := checkCases(cases); err != nil {
		return nil, err
	}
	spec := engine.Spec{Outputs: []engine.Output{{Name: "result", Type: engine.TypeBool}}}
	for i, c := range cases {
		spec.Handles = append(spec.Handles, c.id())
		for j, cond := range c.Conditions {
			field := fmt.Sprintf("cases.%d.conditions.%d.", i, j)
			spec.Inputs = addInput(spec.Inputs, engine.Input{Selector: cond.VariableSelector, Type: engine.TypeAny, Field: field + "variable_selector"})
			for _, in := range withField(field+"value", templateInputs(valueTemplates(cond.Value)...)) {
				spec.Inputs = addInput(spec.Inputs, in)
			}
		}
	}
	spec.Handles = append(spec.Handles, HandleElse)
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		return runIfElse(cases, in)
	}}, nil
}

func (c ifCase) id() string { return firstNonEmpty(c.CaseID, c.ID) }

func checkCases(cases []ifCase) error {
	if len(cases) == 0 {
		return fieldError("cases", "Add at least one case.", "add at least one case")
	}
	seen := map[string]bool{}
	for i, c := range cases {
		field := fmt.Sprintf("cases[%d]", i)
		id := c.id()
		if id == "" || id == HandleElse || id == engine.HandleFailBranch || seen[id] {
			return fieldError(field+".case_id", "Each case needs its own id.", "%q is empty, reserved or used twice", id)
		}
		seen[id] = true
		if !oneOf(c.LogicalOperator, "", "and", "or") {
			return fieldError(field+".logical_operator", "Choose “and” or “or”.", "%q: want and or or", c.LogicalOperator)
		}
		if err := checkConditions(field, c.Conditions); err != nil {
			return err
		}
	}
	return nil
}

func checkConditions(field string, conds []condition) error {
	for j, cond := range conds {
		f := fmt.Sprintf("%s.conditions[%d]", field, j)
		if err := checkSelector(f+".variable_selector", cond.VariableSelector); err != nil {
			return err
		}
		if _, ok := operatorOf(cond.ComparisonOperator); !ok {
			return fieldError(f+".comparison_operator", "Choose a comparison.", "%q is not a known operator", cond.ComparisonOperator)
		}
	}
	return nil
}

// valueTemplates lists the strings of a condition value, which may hold
// {{#node.var#}} references.
func valueTemplates(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, it := range x {
			if s, ok := it.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func runIfElse(cases []ifCase, in engine.NodeInput) (engine.NodeResult, error) {
	var trace []any
	for _, c := range cases {
		ok, conds := evalCase(c, in.Vars)
		trace = append(trace, map[string]any{"case_id": c.id(), "result": ok, "conditions": conds})
		if ok {
			return branchResult(c.id(), true, trace), nil
		}
	}
	return branchResult(HandleElse, false, trace), nil
}

func branchResult(handle string, result bool, trace []any) engine.NodeResult {
	return engine.NodeResult{Handle: handle, Outputs: map[string]engine.Value{"result": engine.Bool(result)},
		ProcessData: map[string]any{"cases": trace, "selected_case_id": handle}}
}

// evalCase applies and/or (an empty case holds) and records each condition.
func evalCase(c ifCase, vars engine.Vars) (bool, []any) {
	some, all := false, true
	trace := make([]any, 0, len(c.Conditions))
	for _, cond := range c.Conditions {
		actual, present := vars.Get(cond.VariableSelector)
		expected := renderValue(cond.Value, vars)
		op, _ := operatorOf(cond.ComparisonOperator)
		ok := op.holds(actual, present, expected)
		some, all = some || ok, all && ok
		trace = append(trace, map[string]any{"variable": cond.VariableSelector.String(), "actual": actual.Any(),
			"operator": cond.ComparisonOperator, "expected": expected, "result": ok})
	}
	if c.LogicalOperator == "or" {
		return some, trace
	}
	return all, trace
}

// renderValue fills references in a condition's value.
func renderValue(v any, vars engine.Vars) any {
	switch x := v.(type) {
	case string:
		return vars.Render(engine.ParseTemplate(x))
	case []any:
		out := make([]any, len(x))
		for i, it := range x {
			out[i] = renderValue(it, vars)
		}
		return out
	}
	return v
}
