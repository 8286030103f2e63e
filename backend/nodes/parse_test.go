package nodes

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/engine"
	"lexflow/backend/llm"
)

var testClasses = []classItem{
	{ID: "1", Name: "قانون العقود"},
	{ID: "2", Name: "Litigation"},
	{ID: "3", Name: "Civil litigation appeals"},
	{ID: "c-99", Name: "Anything else"},
}

// TestMatchClass: what local models really send back.
func TestMatchClass(t *testing.T) {
	tests := []struct {
		name, reply string
		want        string
		how         classMatchKind
	}{
		{"clean json", `{"category_id": "2", "category_name": "Litigation"}`, "2", matchJSON},
		{"json number id", `{"category_id": 1}`, "1", matchJSON},
		{"json name only", `{"category_name": "anything ELSE"}`, "c-99", matchJSON},
		{"fenced", "```json\n{\"category_id\": \"3\"}\n```", "3", matchRepaired},
		{"prose around", `The answer is {"category_id": "c-99"} because it is off-topic.`, "c-99", matchRepaired},
		{"trailing comma", `{"category_id": "2",}`, "2", matchRepaired},
		{"single quotes", `{'category_id': '1'}`, "1", matchRepaired},
		{"unquoted key", `{category_id: "3"}`, "3", matchRepaired},
		{"other key", `{"label": "Litigation"}`, "2", matchJSON},
		{"think then json", "<think>maybe 2</think>{\"category_id\": \"1\"}", "1", matchJSON},
		{"only the name", "  litigation.  ", "2", matchName},
		{"only the id", `"c-99"`, "c-99", matchName},
		{"arabic variant", "قانونُ العقود", "1", matchName},
		{"longest name wins", "I think it is civil litigation appeals, not plain litigation", "3", matchName},
		{"name in prose", "This question is about Litigation in the courts.", "2", matchName},
		{"id in prose", "Category: 2", "2", matchID},
		{"two ids", "either 1 or 2", "", matchNone},
		{"nothing", "I cannot tell.", "", matchNone},
		{"empty", "", "", matchNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, how := matchClass(tt.reply, testClasses)
			if got.ID != tt.want || how != tt.how {
				t.Errorf("matchClass(%q) = %q (%s), want %q (%s)", tt.reply, got.ID, how, tt.want, tt.how)
			}
		})
	}
}

func TestRecoverJSON(t *testing.T) {
	tests := []struct {
		in   string
		want map[string]any
	}{
		{`{"a": 1}`, map[string]any{"a": 1.0}},
		{"Sure:\n```\n{\"a\": [1, 2,],}\n```", map[string]any{"a": []any{1.0, 2.0}}},
		{`result: {"a": {"b": "}"}} done`, map[string]any{"a": map[string]any{"b": "}"}}},
		{`{'a': True, 'b': None}`, map[string]any{"a": true, "b": nil}},
		{`{“a”: “x”}`, map[string]any{"a": "x"}},
		{`{a: 1, b_2: "x"}`, map[string]any{"a": 1.0, "b_2": "x"}},
		{"no json here", nil},
		{`{"unclosed": 1`, nil},
	}
	for _, tt := range tests {
		got, _, ok := recoverJSON(tt.in)
		if ok != (tt.want != nil) {
			t.Errorf("recoverJSON(%q) ok=%v", tt.in, ok)
			continue
		}
		if d := cmp.Diff(tt.want, got); ok && d != "" {
			t.Errorf("recoverJSON(%q) (-want +got):\n%s", tt.in, d)
		}
	}
}

func TestCoerce(t *testing.T) {
	tests := []struct {
		typ     string
		options []string
		in      any
		want    any
		bad     bool
	}{
		{"number", nil, "12", 12.0, false},
		{"number", nil, "1,200.5", 1200.5, false},
		{"number", nil, "١٢", 12.0, false},
		{"number", nil, "30 days", 30.0, false},
		{"number", nil, 7.0, 7.0, false},
		{"number", nil, "many", nil, true},
		{"bool", nil, "yes", true, false},
		{"bool", nil, "True", true, false},
		{"bool", nil, "no", false, false},
		{"bool", nil, "نعم", true, false},
		{"bool", nil, 1.0, true, false},
		{"bool", nil, "perhaps", nil, true},
		{"string", nil, 12.0, "12", false},
		{"string", nil, "x", "x", false},
		{"select", []string{"buyer", "seller"}, " Seller", "seller", false},
		{"select", []string{"buyer", "seller"}, "agent", nil, true},
		{"array[string]", nil, []any{"a", 1.0}, []any{"a", "1"}, false},
		{"array[string]", nil, `["a","b"]`, []any{"a", "b"}, false},
		{"array[string]", nil, "one", []any{"one"}, false},
		{"array[number]", nil, []any{"12", 13.0}, []any{12.0, 13.0}, false},
		{"array[number]", nil, []any{"x"}, nil, true},
		{"array[object]", nil, []any{map[string]any{"a": 1.0}}, []any{map[string]any{"a": 1.0}}, false},
		{"array[object]", nil, map[string]any{"a": 1.0}, []any{map[string]any{"a": 1.0}}, false},
		{"array[object]", nil, []any{"x"}, nil, true},
	}
	for _, tt := range tests {
		got, err := coerce(extractParam{Name: "p", Type: tt.typ, Options: tt.options}, tt.in)
		if (err != nil) != tt.bad {
			t.Errorf("coerce %s %v: error %v, want bad=%v", tt.typ, tt.in, err, tt.bad)
			continue
		}
		if d := cmp.Diff(tt.want, got.Any()); !tt.bad && d != "" {
			t.Errorf("coerce %s %v (-want +got):\n%s", tt.typ, tt.in, d)
		}
	}
}

func TestBuildContext(t *testing.T) {
	msgs := []llm.Message{
		{Role: llm.RoleSystem, Content: "be careful"},
		{Role: llm.RoleUser, Content: "hi"},
		{Role: llm.RoleAssistant, Content: "hello"},
		{Role: llm.RoleSystem, Content: "again"},
		{Role: llm.RoleUser, Content: "المادة ١٢؟"},
	}
	want := []any{
		map[string]any{"role": "user", "text": "hi", "files": []any{}},
		map[string]any{"role": "assistant", "text": "hello", "files": []any{}},
		map[string]any{"role": "user", "text": "المادة ١٢؟", "files": []any{}},
		map[string]any{"role": "assistant", "text": "answer 🎉", "files": []any{}},
	}
	if d := cmp.Diff(want, BuildContext(msgs, "answer 🎉")); d != "" {
		t.Errorf("context (-want +got):\n%s", d)
	}
	if v := engine.ValueOf(BuildContext(nil, "x")); v.Type() != engine.TypeArrayObject {
		t.Errorf("context is %s, want array[object]", v.Type())
	}
}

func TestMemoryWindow(t *testing.T) {
	history := []any{
		map[string]any{"role": "user", "text": "q1"}, map[string]any{"role": "assistant", "text": "a1"},
		map[string]any{"role": "system", "text": "dropped"},
		map[string]any{"role": "human", "content": "q2"}, map[string]any{"role": "ai", "text": "a2"},
		map[string]any{"role": "user", "text": "q3"}, map[string]any{"role": "assistant", "text": "a3"},
	}
	var m memoryConfig
	m.Window.Enabled, m.Window.Size = true, 2
	got, err := m.history(map[string]any{HistoryInput: history})
	if err != nil {
		t.Fatal(err)
	}
	want := []Turn{{"user", "q2"}, {"assistant", "a2"}, {"user", "q3"}, {"assistant", "a3"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("window (-want +got):\n%s", d)
	}
	m.Window.Enabled = false
	if all, _ := m.history(map[string]any{HistoryInput: []Turn{{"user", "a"}, {"assistant", "b"}}}); len(all) != 2 {
		t.Errorf("no window: %v", all)
	}
	if _, err := m.history(map[string]any{HistoryInput: "not a list"}); err == nil {
		t.Error("a malformed history was accepted")
	}
	if got := m.historyText(want[:2]); got != "Human: q2\nAssistant: a2" {
		t.Errorf("history text %q", got)
	}
}

// response_format caps a cited answer's reply format and turns JSON mode on
// for other LLM calls.
func TestResponseFormatParam(t *testing.T) {
	tests := []struct {
		value  any
		format llm.Format
		json   bool
	}{
		{"text", llm.FormatProse, false},
		{"json_object", llm.FormatJSON, true},
		{"json_schema", "", false},
		{nil, "", false},
	}
	for _, tc := range tests {
		p, err := modelConfig{CompletionParams: map[string]any{"response_format": tc.value}}.parse()
		if err != nil || p.format != tc.format || p.json != tc.json {
			t.Errorf("%v: format %q json %v, %v", tc.value, p.format, p.json, err)
		}
	}
}
