package nodes

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"lexflow/backend/engine"
)

// list-operator filters, picks, sorts and trims a list, in Dify's order:
// filter_by {enabled, conditions [{key, comparison_operator, value}]} (all
// must hold; key names a file attribute for lists of files), extract_by
// {enabled, serial} (the 1-based item, kept as a one-item list; serial may
// be a template), order_by {enabled, key, value: asc | desc}, limit
// {enabled, size} (the first size items). Outputs: result (the list),
// first_record and last_record (absent for an empty list).
type listOperatorData struct {
	Variable engine.Selector `json:"variable"`
	FilterBy struct {
		Enabled    bool            `json:"enabled"`
		Conditions []listCondition `json:"conditions"`
	} `json:"filter_by"`
	ExtractBy struct {
		Enabled bool   `json:"enabled"`
		Serial  string `json:"serial"`
	} `json:"extract_by"`
	OrderBy struct {
		Enabled bool   `json:"enabled"`
		Key     string `json:"key"`
		Value   string `json:"value"` // asc | desc
	} `json:"order_by"`
	Limit struct {
		Enabled bool `json:"enabled"`
		Size    int  `json:"size"`
	} `json:"limit"`
}

type listCondition struct {
	Key      string `json:"key"`
	Operator string `json:"comparison_operator"`
	Value    any    `json:"value"`
}

type compiledCondition struct {
	key      string
	op       operator
	expected any
}

func newListOperator(def engine.NodeDef) (engine.Node, error) {
	var data listOperatorData
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	if err := checkSelector("variable", data.Variable); err != nil {
		return nil, err
	}
	conds, err := listConditions(data)
	if err != nil {
		return nil, err
	}
	if data.Limit.Enabled && data.Limit.Size < 0 {
		return nil, fieldError("limit.size", "Keep at least 0 items.", "limit %d", data.Limit.Size)
	}
	if data.OrderBy.Enabled && !oneOf(data.OrderBy.Value, "asc", "desc") {
		return nil, fieldError("order_by.value", "Choose ascending or descending.", "order %q", data.OrderBy.Value)
	}
	serial := engine.ParseTemplate(data.ExtractBy.Serial)
	spec := engine.Spec{
		Inputs: append([]engine.Input{{Selector: data.Variable, Type: engine.TypeArrayAny, Field: "variable"}},
			withField("extract_by.serial", templateInputs(data.ExtractBy.Serial))...),
		Outputs: []engine.Output{{Name: "result", Type: engine.TypeArrayAny}, {Name: "first_record", Type: engine.TypeAny}, {Name: "last_record", Type: engine.TypeAny}},
	}
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		return runListOperator(data, conds, serial, in)
	}}, nil
}

func listConditions(data listOperatorData) ([]compiledCondition, error) {
	if !data.FilterBy.Enabled {
		return nil, nil
	}
	out := make([]compiledCondition, len(data.FilterBy.Conditions))
	for i, c := range data.FilterBy.Conditions {
		op, ok := operatorOf(c.Operator)
		if !ok {
			return nil, fieldError(fmt.Sprintf("filter_by.conditions[%d].comparison_operator", i), "Choose a comparison.", "unknown operator %q", c.Operator)
		}
		out[i] = compiledCondition{key: c.Key, op: op, expected: c.Value}
	}
	return out, nil
}

func runListOperator(data listOperatorData, conds []compiledCondition, serial engine.Template, in engine.NodeInput) (engine.NodeResult, error) {
	v, _ := in.Vars.Get(data.Variable)
	items, ok := v.Any().([]any)
	if !ok {
		return engine.NodeResult{}, fail(ErrorTypeInvalidInput, "read list %s: it is %s, not a list", data.Variable, v.Type())
	}
	items = slices.DeleteFunc(slices.Clone(items), func(it any) bool { return !allHold(conds, it) })
	if data.ExtractBy.Enabled {
		n, err := strconv.Atoi(strings.TrimSpace(in.Vars.Render(serial)))
		if err != nil || n < 1 || n > len(items) {
			return engine.NodeResult{}, fail(ErrorTypeInvalidInput, "extract item %q: the list has %d items", in.Vars.Render(serial), len(items))
		}
		items = items[n-1 : n]
	}
	if data.OrderBy.Enabled {
		sortItems(items, data.OrderBy.Key, data.OrderBy.Value == "desc")
	}
	if data.Limit.Enabled && data.Limit.Size < len(items) {
		items = items[:data.Limit.Size]
	}
	out := map[string]engine.Value{"result": engine.Array(v.Type().Elem(), items)}
	if len(items) > 0 {
		out["first_record"], out["last_record"] = engine.ValueOf(items[0]), engine.ValueOf(items[len(items)-1])
	}
	return engine.NodeResult{Outputs: out, Inputs: map[string]any{"variable": v.Any()}}, nil
}

// allHold applies every filter condition to one item (a file's attribute
// when the condition names a key).
func allHold(conds []compiledCondition, item any) bool {
	for _, c := range conds {
		v, ok := itemField(item, c.key)
		if !c.op.holds(v, ok, c.expected) {
			return false
		}
	}
	return true
}

func itemField(item any, key string) (engine.Value, bool) {
	v := engine.ValueOf(item)
	if key == "" {
		return v, true
	}
	return v.Get(key)
}

// sortItems orders numbers as numbers and anything else as text; stable, so
// equal items keep their order.
func sortItems(items []any, key string, desc bool) {
	slices.SortStableFunc(items, func(a, b any) int {
		va, _ := itemField(a, key)
		vb, _ := itemField(b, key)
		c := compareValues(va, vb)
		if desc {
			return -c
		}
		return c
	})
}

func compareValues(a, b engine.Value) int {
	x, errA := parseNumber(a.Any())
	y, errB := parseNumber(b.Any())
	if errA == nil && errB == nil {
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	return strings.Compare(a.Text(), b.Text())
}
