package nodes

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// Dify's code node in both its languages: the same inputs and declared
// outputs, an undeclared key warned about and dropped.
func TestCodeRunsDifyCode(t *testing.T) {
	for _, c := range []struct{ language, code, undeclared string }{
		{"javascript", "function main({text, n}) { return {words: text.split(' '), count: n * 2, meta: {ok: true}, extra: 1} }", "extra"},
		{"python3", "import json\n\ndef main(text: str, n: int) -> dict:\n    return {'words': text.split(' '), 'count': n * 2, 'meta': json.loads('{\"ok\": true}'), 'bad': [1, 'x']}", "bad"},
	} {
		t.Run(c.language, func(t *testing.T) {
			code, _ := json.Marshal(c.code)
			n := build(t, newCode, "code", dsl.ModeWorkflow, `{"code_language": "`+c.language+`", "code": `+string(code)+`,
				"variables": [{"variable": "text", "value_selector": ["s", "text"]}, {"variable": "n", "value_selector": ["s", "n"]}],
				"outputs": {"words": {"type": "array[string]"}, "count": {"type": "number"}, "meta": {"type": "object"}}}`)
			vars := engine.VarsOf(map[string]engine.Value{"s.text": engine.String("a b"), "s.n": engine.Number(2)})
			res, err := n.Run(t.Context(), engine.NodeInput{Vars: vars})
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]any{"words": []any{"a", "b"}, "count": 4.0, "meta": map[string]any{"ok": true}}
			if d := cmp.Diff(want, plainOutputs(res)); d != "" {
				t.Errorf("outputs (-want +got):\n%s", d)
			}
			if res.Outputs["words"].Type() != engine.TypeArrayString {
				t.Errorf("words is %s", res.Outputs["words"].Type())
			}
			if w, _ := res.ProcessData["warnings"].([]string); len(w) != 1 || !strings.Contains(w[0], `"`+c.undeclared+`"`) {
				t.Errorf("warnings %v", res.ProcessData["warnings"])
			}
		})
	}
}

func plainOutputs(res engine.NodeResult) map[string]any {
	got := map[string]any{}
	for k, v := range res.Outputs {
		got[k] = v.Any()
	}
	return got
}

func TestCodeChecksPythonOutputs(t *testing.T) {
	n := build(t, newCode, "code", dsl.ModeWorkflow, `{"code_language": "python3", "code": "def main():\n    return {'a': [1, 'x']}", "outputs": {"a": {"type": "array[number]"}}}`)
	_, err := n.Run(t.Context(), engine.NodeInput{})
	var f *Failure
	if err == nil || !errors.As(err, &f) || f.Type != ErrorTypeInvalidOutput || !strings.Contains(err.Error(), "item 1 is string") {
		t.Errorf("%v, want an invalid output", err)
	}
}

func TestCodeChecksOutputs(t *testing.T) {
	tests := []struct{ ret, outputs, want string }{
		{`{a: 1}`, `{"a": {"type": "string"}}`, "is number, want string"},
		{`{}`, `{"a": {"type": "string"}}`, `no "a"`},
		{`{a: [1, 'x']}`, `{"a": {"type": "array[number]"}}`, "item 1 is string"},
		{`{a: {b: {c: {d: {e: {f: {g: 1}}}}}}}`, `{"a": {"type": "object"}}`, "deeper than 5"},
	}
	for _, tt := range tests {
		n := build(t, newCode, "code", dsl.ModeWorkflow, `{"code_language": "javascript", "code": "function main() { return `+tt.ret+` }", "outputs": `+tt.outputs+`}`)
		_, err := n.Run(t.Context(), engine.NodeInput{})
		var f *Failure
		if err == nil || !errors.As(err, &f) || f.Type != ErrorTypeInvalidOutput || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("return %s as %s: %v, want %q", tt.ret, tt.outputs, err, tt.want)
		}
	}
}

func TestCodeProblems(t *testing.T) {
	tests := []struct{ data, field, message string }{
		{`{"code_language": "python3", "code": "import os\ndef main():\n  return {}", "outputs": {"a": {"type": "string"}}}`, "code", "import only"},
		{`{"code_language": "python3", "code": "def main(x):\n  return {'a': f'{x:>5}'}", "outputs": {"a": {"type": "string"}}}`, "code", "newer than Python 3.4"},
		{`{"code_language": "ruby", "code": "def main; end", "outputs": {"a": {"type": "string"}}}`, "code_language", "Python 3"},
		{`{"code_language": "javascript", "code": "function main( {", "outputs": {"a": {"type": "string"}}}`, "code", "mistake"},
		{`{"code_language": "javascript", "code": "function main() {}", "outputs": {"a": {"type": "file"}}}`, "outputs.a.type", "type"},
		{`{"code_language": "javascript", "code": "function main() {}"}`, "outputs", "output"},
	}
	for _, tt := range tests {
		_, err := newCode(engine.NodeDef{ID: "n", Type: "code", Data: []byte(tt.data)})
		var fe *engine.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field || !strings.Contains(fe.Message, tt.message) {
			t.Errorf("%s: %v, want a problem on %s saying %q", tt.data, err, tt.field, tt.message)
		}
	}
}
