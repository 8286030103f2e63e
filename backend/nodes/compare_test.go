package nodes

import (
	"testing"

	"lexflow/backend/engine"
)

// TestOperators covers every comparison operator in Dify's spelling (and
// the ASCII aliases), on present, empty and absent variables.
func TestOperators(t *testing.T) {
	str, list, num := engine.String("Termination of contract"), engine.Strings([]string{"sale", "lease"}), engine.Number(12)
	absent := engine.Value{}
	tests := []struct {
		op       string
		actual   engine.Value
		expected any
		want     bool
	}{
		{"contains", str, "contract", true},
		{"contains", str, "Contract", false},
		{"contains", list, "lease", true},
		{"contains", list, "loan", false},
		{"contains", absent, "x", false},
		{"not contains", str, "wages", true},
		{"not contains", list, "sale", false},
		{"not contains", absent, "x", true},
		{"start with", str, "Termination", true},
		{"start with", str, "contract", false},
		{"end with", str, "contract", true},
		{"end with", str, "Termination", false},
		{"is", str, "Termination of contract", true},
		{"is", str, "termination", false},
		{"is", engine.Bool(true), "true", true},
		{"is", engine.Bool(false), true, false},
		{"is", absent, "", false},
		{"is not", str, "other", true},
		{"is not", str, "Termination of contract", false},
		{"is not", absent, "x", false},
		{"empty", engine.String(""), nil, true},
		{"empty", engine.Strings(nil), nil, true},
		{"empty", absent, nil, true},
		{"empty", str, nil, false},
		{"not empty", str, nil, true},
		{"not empty", engine.String(""), nil, false},
		{"not empty", absent, nil, false},
		{"in", engine.String("lease"), []any{"sale", "lease"}, true},
		{"in", engine.String("loan"), []any{"sale", "lease"}, false},
		{"in", engine.String("sale"), "sale", true},
		{"in", absent, []any{"sale"}, false},
		{"not in", engine.String("loan"), []any{"sale", "lease"}, true},
		{"not in", engine.String("sale"), []any{"sale"}, false},
		{"not in", absent, []any{"sale"}, true},
		{"all of", list, []any{"sale", "lease"}, true},
		{"all of", list, []any{"sale", "loan"}, false},
		{"all of", absent, []any{"sale"}, false},
		{"=", num, "12", true},
		{"=", engine.String("١٢"), 12.0, true},
		{"=", num, 13.0, false},
		{"≠", num, "13", true},
		{"≠", num, "12", false},
		{">", num, "11.5", true},
		{">", num, "12", false},
		{"<", num, "12.5", true},
		{"<", num, "1", false},
		{"≥", num, "12", true},
		{"≥", num, "13", false},
		{"≤", num, "12", true},
		{"≤", num, "11", false},
		{">", engine.String("1,200"), "999", true},
		{">", engine.String("many"), "1", false},
		{">", absent, "1", false},
		{"null", absent, nil, true},
		{"null", str, nil, false},
		{"not null", str, nil, true},
		{"not null", absent, nil, false},
		{"==", num, "12", true},
		{"!=", num, "12", false},
		{">=", num, "12", true},
		{"<=", num, "12", true},
		{"exists", str, nil, true},
		{"not exists", absent, nil, true},
	}
	for _, tt := range tests {
		op, ok := operatorOf(tt.op)
		if !ok {
			t.Fatalf("operator %q is unknown", tt.op)
		}
		got := op.holds(tt.actual, !tt.actual.IsZero(), tt.expected)
		if got != tt.want {
			t.Errorf("%v %s %v = %v, want %v", tt.actual, tt.op, tt.expected, got, tt.want)
		}
	}
	if _, ok := operatorOf("resembles"); ok {
		t.Error("an unknown operator was accepted")
	}
}

func TestIfElseCases(t *testing.T) {
	n, err := newIfElse(engine.NodeDef{Type: "if-else", Data: []byte(`{"cases": [
		{"case_id": "both", "logical_operator": "and", "conditions": [
			{"variable_selector": ["a", "x"], "comparison_operator": "contains", "value": "{{#a.y#}}"},
			{"variable_selector": ["a", "n"], "comparison_operator": ">", "value": "5"}]},
		{"case_id": "either", "logical_operator": "or", "conditions": [
			{"variable_selector": ["a", "x"], "comparison_operator": "is", "value": "none"},
			{"variable_selector": ["a", "n"], "comparison_operator": "=", "value": 1}]}]}`)})
	if err != nil {
		t.Fatal(err)
	}
	if got := n.Spec().Handles; len(got) != 3 || got[2] != HandleElse {
		t.Errorf("handles %v", got)
	}
	tests := []struct {
		x, y string
		n    float64
		want string
	}{
		{"notice period", "notice", 6, "both"},
		{"notice period", "notice", 1, "either"},
		{"notice period", "wages", 6, HandleElse},
	}
	for _, tt := range tests {
		vars := engine.VarsOf(map[string]engine.Value{"a.x": engine.String(tt.x), "a.y": engine.String(tt.y), "a.n": engine.Number(tt.n)})
		res, err := n.Run(t.Context(), engine.NodeInput{Vars: vars})
		if err != nil || res.Handle != tt.want {
			t.Errorf("%+v: handle %q, %v; want %q", tt, res.Handle, err, tt.want)
		}
	}
}

func TestIfElseOldForm(t *testing.T) {
	n, err := newIfElse(engine.NodeDef{Type: "if-else", Data: []byte(`{"logical_operator": "and", "conditions": [
		{"variable_selector": ["a", "x"], "comparison_operator": "not empty", "value": ""}]}`)})
	if err != nil {
		t.Fatal(err)
	}
	if got := n.Spec().Handles; len(got) != 2 || got[0] != "true" || got[1] != "false" {
		t.Errorf("handles %v, want [true false]", got)
	}
	res, err := n.Run(t.Context(), engine.NodeInput{Vars: engine.VarsOf(map[string]engine.Value{"a.x": engine.String("x")})})
	if err != nil || res.Handle != "true" {
		t.Errorf("handle %q, %v", res.Handle, err)
	}
}
