package nodes_test

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// brokenApps are apps with one kind of graph problem each, built from the
// real node types: what a person can do wrong on the canvas.
var brokenApps = map[string]string{
	"no start or end": `
app: {name: t, mode: workflow}
workflow: {graph: {nodes: [{id: t1, type: template-transform, data: {template: x}}], edges: []}}`,
	"no answer": `
app: {name: t, mode: chatflow}
workflow: {graph: {nodes: [{id: s, type: start, data: {}}], edges: []}}`,
	"two starts": `
app: {name: t, mode: workflow}
workflow:
  graph:
    nodes: [{id: s1, type: start, data: {}}, {id: s2, type: start, data: {}}, {id: end, type: end, data: {outputs: []}}]
    edges: [{source: s1, target: end}, {source: s2, target: end}]`,
	"cycle, duplicate and dangling edges, unreachable step": `
app: {name: t, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: s, type: start, data: {}}
      - {id: a, type: template-transform, data: {title: Draft, template: x}}
      - {id: b, type: template-transform, data: {title: Review, template: y}}
      - {id: lonely, type: template-transform, data: {title: Lonely, template: z}}
      - {id: end, type: end, data: {outputs: []}}
    edges:
      - {source: s, target: a}
      - {source: a, target: b}
      - {source: b, target: a}
      - {id: e1, source: b, target: end}
      - {id: e1, source: b, target: end}
      - {source: b, target: ghost}
      - {source: phantom, target: end}`,
	"unknown branch, type and duplicate id": `
app: {name: t, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: s, type: start, data: {variables: [{variable: q, type: text-input}]}}
      - {id: if, type: if-else, data: {cases: [{case_id: "true", conditions: [{variable_selector: [s, q], comparison_operator: empty}]}]}}
      - {id: odd, type: quantum, data: {}}
      - {id: odd, type: end, data: {outputs: []}}
      - {id: sys, type: end, data: {outputs: []}}
      - {id: "bad id!", type: end, data: {outputs: []}}
      - {id: end, type: end, data: {outputs: []}}
    edges: [{source: s, target: if}, {source: if, sourceHandle: maybe, target: end}, {source: if, sourceHandle: "false", target: odd}]`,
	"bad references": `
app: {name: t, mode: workflow}
workflow:
  environment_variables: [{name: LIMIT, value_type: number, value: many}, {name: "2x", value_type: string, value: a}]
  graph:
    nodes:
      - {id: s, type: start, data: {variables: [{variable: q, type: text-input}]}}
      - {id: kb, type: knowledge-retrieval, data: {title: Retrieval, query_variable_selector: [sys, query]}}
      - {id: cite, type: cited-answer, data: {title: Cited answer, query_variable_selector: [s, nope], hits_variable_selector: [], model: {name: m}}}
      - {id: cite2, type: cited-answer, data: {query_variable_selector: [later, output], hits_variable_selector: [ghost, result], model: {name: m}}}
      - {id: self, type: template-transform, data: {template: "{{ a }}", variables: [{variable: a, value_selector: [self, output]}]}}
      - {id: deep, type: template-transform, data: {template: "{{ a }}", variables: [{variable: a, value_selector: [s, q, first]}]}}
      - {id: later, type: template-transform, data: {template: x}}
      - {id: end, type: end, data: {outputs: [{variable: n, value_type: number, value_selector: [s, q]}, {variable: h, value_selector: [kb]}]}}
    edges:
      - {source: s, target: kb}
      - {source: kb, target: cite}
      - {source: cite, target: cite2}
      - {source: cite2, target: self}
      - {source: self, target: deep}
      - {source: deep, target: later}
      - {source: later, target: end}`,
	"bad common settings": `
app: {name: t, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: s, type: start, data: {}}
      - id: t1
        type: template-transform
        data: {template: x, retry_config: {max_retries: 99}, error_strategy: explode, timeout: soon}
      - id: t2
        type: template-transform
        data: {template: x, error_strategy: default_value, default_value: [{key: nope, type: string, value: x}, {key: output, type: number, value: "n"}]}
      - {id: end, type: end, data: {outputs: []}}
    edges: [{source: s, target: t1}, {source: t1, target: t2}, {source: t2, target: end}]`,
}

// TestProblemsReadAsWords: every message Compile produces, for graph and
// settings problems alike, reads as words for the person building the app:
// no Go formatting, no selectors or DSL field names as the headline, a
// sentence that starts with a capital and ends with a full stop. The
// technical account stays in Detail.
func TestProblemsReadAsWords(t *testing.T) {
	e := newEnv(t, "ollama")
	codes := map[string]bool{}
	check := func(t *testing.T, doc []byte) {
		app, err := dsl.Parse(doc)
		if err != nil {
			t.Fatal(err)
		}
		_, err = engine.Compile(app, e.registry(t))
		var ce *engine.CompileError
		if !errors.As(err, &ce) {
			t.Fatalf("compile: %v, want problems", err)
		}
		for _, p := range ce.Problems {
			checkWords(t, p)
			codes[p.Code()] = true
		}
	}
	for name, doc := range brokenApps {
		t.Run(name, func(t *testing.T) { check(t, []byte("version: 0.1.0\nkind: lexflow-app\n"+doc)) })
	}
	for _, tt := range configErrorCases() {
		t.Run(tt.typ+"/"+tt.want, func(t *testing.T) { check(t, appWith(tt.typ, tt.data)) })
	}
	for _, code := range []string{"no_start", "no_end", "no_answer", "several_starts", "cycle", "dangling_edge", "duplicate_edge",
		"unknown_handle", "unreachable", "unknown_node_type", "duplicate_node", "invalid_setting", "invalid_variable",
		"missing_node", "not_upstream", "unknown_variable", "self_reference", "type_mismatch"} {
		if !codes[code] {
			t.Errorf("no broken app produced a %s problem: add one", code)
		}
	}
}

var (
	goisms    = []string{"%!", "[]", "need [node_id", "{{#", "<nil>", "want ", `"`}
	snakeCase = regexp.MustCompile(`\b[a-z]+_[a-z_]+\b`)
)

func checkWords(t *testing.T, p engine.Problem) {
	t.Helper()
	m := p.Message
	for _, g := range goisms {
		if strings.Contains(m, g) {
			t.Errorf("message %q contains %q (detail %q)", m, g, p.Detail)
		}
	}
	if w := snakeCase.FindString(m); w != "" {
		t.Errorf("message %q names the field %q: say what it is in words", m, w)
	}
	if r := []rune(m); len(r) == 0 || !unicode.IsUpper(r[0]) || !strings.HasSuffix(m, ".") {
		t.Errorf("message %q is not a sentence", m)
	}
	if p.Code() == "invalid" {
		t.Errorf("problem %v has no code", p)
	}
	if strings.ContainsAny(p.Field, "[]") {
		t.Errorf("field %q: want dots only, as the editor keys its fields", p.Field)
	}
}
