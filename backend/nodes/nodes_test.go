package nodes

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

func build(t *testing.T, f engine.NodeFactory, typ string, mode dsl.Mode, data string) engine.Node {
	t.Helper()
	n, err := f(engine.NodeDef{ID: "n", Type: typ, Mode: mode, Data: []byte(data)})
	if err != nil {
		t.Fatalf("build %s: %v", typ, err)
	}
	return n
}

func TestStartInputs(t *testing.T) {
	n := build(t, newStart, "start", dsl.ModeChatflow, `{"variables": [
		{"variable": "amount", "type": "number", "required": true},
		{"variable": "ok", "type": "checkbox"},
		{"variable": "kind", "type": "select", "options": ["sale", "lease"], "default": "sale"},
		{"variable": "note", "type": "paragraph", "max_length": 5}]}`)
	if got := n.Spec().Inputs; len(got) != 1 || got[0].Selector.String() != "sys.query" {
		t.Errorf("chatflow start reads %v, want sys.query", got)
	}
	vars := engine.VarsOf(map[string]engine.Value{"sys.query": engine.String("q")})
	res, err := n.Run(t.Context(), engine.NodeInput{RunInputs: map[string]any{"amount": "١٢٠٠", "ok": "yes"}, Vars: vars})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"amount": 1200.0, "ok": true, "kind": "sale"}
	got := map[string]any{}
	for k, v := range res.Outputs {
		got[k] = v.Any()
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("outputs (-want +got):\n%s", d)
	}
	if res.Inputs["sys.query"] != "q" {
		t.Errorf("inputs record %v", res.Inputs)
	}
	bad := []map[string]any{{}, {"amount": "lots"}, {"amount": 1, "kind": "loan"}, {"amount": 1, "note": "too long"}, {"amount": 1, "ok": "perhaps"}}
	for _, in := range bad {
		_, err := n.Run(t.Context(), engine.NodeInput{RunInputs: in})
		var f *Failure
		if err == nil || !asFailure(err, &f) || f.Type != ErrorTypeInvalidInput {
			t.Errorf("inputs %v: %v, want an invalid_input failure", in, err)
		}
	}
}

func asFailure(err error, f **Failure) bool {
	ff, ok := err.(*Failure)
	*f = ff
	return ok
}

func TestGroupedAggregator(t *testing.T) {
	n := build(t, newAggregator, "variable-aggregator", dsl.ModeWorkflow, `{"advanced_settings": {"group_enabled": true, "groups": [
		{"group_name": "answer", "output_type": "string", "variables": [["a", "text"], ["b", "text"]]},
		{"group_name": "score", "output_type": "number", "variables": [["a", "n"], ["b", "n"]]}]}}`)
	if outs := n.Spec().Outputs; len(outs) != 2 || outs[0].Type != engine.TypeObject {
		t.Errorf("outputs %v", outs)
	}
	vars := engine.VarsOf(map[string]engine.Value{"a.text": engine.String(""), "b.text": engine.String("from b"), "b.n": engine.Number(3)})
	res, err := n.Run(t.Context(), engine.NodeInput{Vars: vars})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Outputs["answer"].Any(); !cmp.Equal(got, map[string]any{"output": "from b"}) {
		t.Errorf("answer group %v", got)
	}
	if got := res.Outputs["score"].Any(); !cmp.Equal(got, map[string]any{"output": 3.0}) {
		t.Errorf("score group %v", got)
	}
}

func TestAggregatorPrefersNonEmpty(t *testing.T) {
	n := build(t, newAggregator, "variable-aggregator", dsl.ModeWorkflow, `{"variables": [["a", "x"], ["b", "x"], ["c", "x"]]}`)
	tests := []struct {
		vars map[string]engine.Value
		want any
	}{
		{map[string]engine.Value{"b.x": engine.String("b")}, "b"},
		{map[string]engine.Value{"a.x": engine.String(""), "c.x": engine.String("c")}, "c"},
		{map[string]engine.Value{"a.x": engine.String("")}, ""},
		{map[string]engine.Value{}, nil},
	}
	for _, tt := range tests {
		res, _ := n.Run(t.Context(), engine.NodeInput{Vars: engine.VarsOf(tt.vars)})
		if got := res.Outputs["output"].Any(); got != tt.want {
			t.Errorf("%v: output %v, want %v", tt.vars, got, tt.want)
		}
	}
}

func TestAskUserRoles(t *testing.T) {
	chat := build(t, newAskUser, "ask-user", dsl.ModeChatflow, `{"question": "Which {{#start.x#}}?", "intent": "lookup"}`)
	if s := chat.Spec(); s.Role != engine.RoleAnswer || s.Response.String() != "Which {{#start.x#}}?" {
		t.Errorf("chatflow spec %+v", s)
	}
	flow := build(t, newAskUser, "ask-user", dsl.ModeWorkflow, `{"question": "Which?"}`)
	if s := flow.Spec(); s.Role != engine.RoleEnd || s.Response != nil {
		t.Errorf("workflow spec %+v", s)
	}
	res, err := chat.Run(t.Context(), engine.NodeInput{Vars: engine.VarsOf(map[string]engine.Value{"start.x": engine.String("article")})})
	if err != nil || res.Outputs[AskUserFlag].Any() != true || res.Outputs["answer"].Text() != "Which article?" || res.Outputs["intent"].Text() != "lookup" {
		t.Errorf("outputs %v, %v", res.Outputs, err)
	}
}

func TestContextText(t *testing.T) {
	hits := engine.ValueOf([]any{map[string]any{"content": "one"}, map[string]any{"content": "two"}, "three"})
	if got := contextText(hits); got != "one\ntwo\nthree" {
		t.Errorf("context text %q", got)
	}
	if got := contextText(engine.String("plain")); got != "plain" {
		t.Errorf("context text %q", got)
	}
}

func TestMarkersOnlyInLiterals(t *testing.T) {
	tpl := engine.ParseTemplate("ctx: {{#context#}} q: {{#a.q#}}")
	vars := engine.VarsOf(map[string]engine.Value{"a.q": engine.String("{{#context#}}")})
	got := renderWithMarkers(tpl, vars, markers{context: "EVIDENCE"})
	if got != "ctx: EVIDENCE q: {{#context#}}" || strings.Count(got, "EVIDENCE") != 1 {
		t.Errorf("rendered %q", got)
	}
}

func TestAssignOperations(t *testing.T) {
	list := engine.Strings([]string{"a", "b", "c"})
	tests := []struct {
		op           string
		cur, operand engine.Value
		want         any
	}{
		{opAppend, list, engine.String("d"), []any{"a", "b", "c", "d"}},
		{opExtend, list, engine.Strings([]string{"x", "y"}), []any{"a", "b", "c", "x", "y"}},
		{opRemoveFirst, list, engine.Value{}, []any{"b", "c"}},
		{opRemoveLast, list, engine.Value{}, []any{"a", "b"}},
		{opClear, list, engine.Value{}, []any{}},
		{opClear, engine.String("x"), engine.Value{}, ""},
		{opSubtract, engine.Number(5), engine.Number(2), 3.0},
		{opMultiply, engine.Number(5), engine.String("2"), 10.0},
		{opDivide, engine.Number(5), engine.Number(2), 2.5},
		{opSet, engine.Number(5), engine.String("x"), "x"},
	}
	for _, tt := range tests {
		got, err := assign(tt.op, tt.cur, tt.operand)
		if err != nil || !cmp.Equal(got.Any(), tt.want) {
			t.Errorf("%s %v %v = %v, %v; want %v", tt.op, tt.cur, tt.operand, got.Any(), err, tt.want)
		}
	}
	if _, err := assign(opDivide, engine.Number(1), engine.Number(0)); err == nil {
		t.Error("divide by zero succeeded")
	}
	if _, err := assign(opAppend, engine.Number(1), engine.Number(0)); err == nil {
		t.Error("append to a number succeeded")
	}
}

func TestListOperator(t *testing.T) {
	files := engine.Files([]engine.File{{Name: "b.pdf", Extension: ".pdf", Size: 30}, {Name: "a.txt", Extension: ".txt", Size: 10}, {Name: "c.pdf", Extension: ".pdf", Size: 20}})
	tests := []struct {
		name, data string
		in         engine.Value
		want       []any
		first      any
	}{
		{"filter and sort numbers", `{"variable": ["s", "x"], "filter_by": {"enabled": true, "conditions": [{"comparison_operator": ">", "value": "1"}]},
			"order_by": {"enabled": true, "value": "desc"}}`, engine.Array(engine.TypeNumber, []any{1.0, 5.0, 3.0}), []any{5.0, 3.0}, 5.0},
		{"files by attribute, limited", `{"variable": ["s", "x"], "filter_by": {"enabled": true, "conditions": [{"key": "extension", "comparison_operator": "is", "value": ".pdf"}]},
			"order_by": {"enabled": true, "key": "size", "value": "asc"}, "limit": {"enabled": true, "size": 1}}`, files, nil, "c.pdf"},
		{"extract the second", `{"variable": ["s", "x"], "extract_by": {"enabled": true, "serial": "{{#s.n#}}"}}`,
			engine.Strings([]string{"a", "b", "c"}), []any{"b"}, "b"},
		{"strings contain", `{"variable": ["s", "x"], "filter_by": {"enabled": true, "conditions": [{"comparison_operator": "contains", "value": "an"}]}}`,
			engine.Strings([]string{"banana", "apple", "mango"}), []any{"banana", "mango"}, "banana"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := build(t, newListOperator, "list-operator", dsl.ModeWorkflow, tt.data)
			res, err := n.Run(t.Context(), engine.NodeInput{Vars: engine.VarsOf(map[string]engine.Value{"s.x": tt.in, "s.n": engine.String("2")})})
			if err != nil {
				t.Fatal(err)
			}
			first := res.Outputs["first_record"].Any()
			if f, ok := first.(engine.File); ok {
				first = f.Name
			}
			if first != tt.first {
				t.Errorf("first_record %v, want %v", first, tt.first)
			}
			if tt.want != nil && !cmp.Equal(res.Outputs["result"].Any(), tt.want) {
				t.Errorf("result %v, want %v", res.Outputs["result"].Any(), tt.want)
			}
		})
	}
	n := build(t, newListOperator, "list-operator", dsl.ModeWorkflow, `{"variable": ["s", "x"], "extract_by": {"enabled": true, "serial": "4"}}`)
	if _, err := n.Run(t.Context(), engine.NodeInput{Vars: engine.VarsOf(map[string]engine.Value{"s.x": engine.Strings([]string{"a"})})}); err == nil {
		t.Error("extracting past the end succeeded")
	}
}

func TestDifyToolsMapOrStandIn(t *testing.T) {
	reg, err := Tools(Deps{Clock: fixedTestClock{}})
	if err != nil {
		t.Fatal(err)
	}
	factory := newToolNode(reg)
	clock := build(t, factory, "tool", dsl.ModeWorkflow, `{"provider_id": "langgenius/time/time", "provider_type": "builtin", "tool_name": "current_time",
		"tool_parameters": {"format": {"type": "mixed", "value": "%Y-%m-%d"}}, "tool_configurations": {"timezone": "UTC"}}`)
	res, err := clock.Run(t.Context(), engine.NodeInput{})
	if err != nil || res.Outputs["text"].Any() != "2025-03-14" {
		t.Errorf("current_time: %v, %v", res.Outputs["text"], err)
	}
	stand := build(t, factory, "tool", dsl.ModeWorkflow, `{"provider_id": "tavily", "provider_type": "builtin", "tool_name": "tavily_search",
		"tool_parameters": {"query": {"type": "variable", "value": ["s", "q"]}}, "tool_configurations": {"max_results": 5}}`)
	if ins := stand.Spec().Inputs; len(ins) != 1 || ins[0].Selector.String() != "s.q" {
		t.Errorf("the placeholder reads %v", ins)
	}
	_, err = stand.Run(t.Context(), engine.NodeInput{Vars: engine.VarsOf(map[string]engine.Value{"s.q": engine.String("notice")})})
	var f *Failure
	if !errors.As(err, &f) || f.Type != ErrorTypeToolPlaceholder || !strings.Contains(err.Error(), "replace this tool") ||
		!strings.Contains(err.Error(), `"query":"notice"`) || !strings.Contains(err.Error(), `"max_results":5`) {
		t.Errorf("placeholder run: %v", err)
	}
	if _, err := factory(engine.NodeDef{ID: "n", Type: "tool", Data: []byte(`{"tool_name": "serch_collection"}`)}); err == nil {
		t.Error("a Lexflow tool node naming no tool compiled")
	}
}

type fixedTestClock struct{}

func (fixedTestClock) Now() time.Time { return time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC) }
