package nodes_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/nodes"
	"lexflow/backend/nodes/dify"
)

// appWith is a workflow app: start (with input q) → the node under test → end.
func appWith(typ, data string) []byte {
	return fmt.Appendf(nil, `version: 0.1.0
kind: lexflow-app
app: {name: t, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: [{variable: q, type: text-input}]}}
      - {id: x, type: %s, data: %s}
      - {id: end, type: end, data: {outputs: []}}
    edges:
      - {source: start, target: x}
      - {source: x, target: end}
`, typ, data)
}

// TestConfigErrors: bad node data fails Compile with the node id and the
// field at fault.
func TestConfigErrors(t *testing.T) {
	e := newEnv(t, "ollama")
	for _, tt := range configErrorCases() {
		t.Run(tt.typ+"/"+tt.want, func(t *testing.T) {
			app, err := dsl.Parse(appWith(tt.typ, tt.data))
			if err != nil {
				t.Fatal(err)
			}
			_, err = engine.Compile(app, e.registry(t))
			if err == nil || !errors.Is(err, engine.ErrInvalidNode) || !strings.Contains(err.Error(), "node x") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("compile error %v\nwant one about node x containing %q", err, tt.want)
			}
		})
	}
}

type configErrorCase struct{ typ, data, want string }

// configErrorCases are node data each node type refuses, with what the
// error's technical detail says.
func configErrorCases() []configErrorCase {
	model := `model: {provider: "", name: m}`
	return []configErrorCase{
		{"start", `{variables: [{variable: "1bad", type: text-input}]}`, `variables[0].variable: "1bad"`},
		{"start", `{variables: [{variable: a, type: slider}]}`, "variables[0].type"},
		{"end", `{outputs: [{variable: a, value_selector: [x]}]}`, "outputs[0].value_selector"},
		{"llm", `{` + model + `, prompt_template: [{role: robot, text: hi}]}`, `prompt_template[0]: role "robot"`},
		{"llm", `{model: {name: m, mode: batch}, prompt_template: []}`, "model.mode"},
		{"llm", `{model: {name: m, completion_params: {temperature: hot}}, prompt_template: []}`, "model.completion_params.temperature"},
		{"llm", `{` + model + `, prompt_template: [{role: user, edition_type: jinja2, jinja2_text: "{% if %}"}]}`, "prompt_template[0]: jinja2_text"},
		{"llm", `{` + model + `, prompt_template: [], tools: [teleport]}`, `tools: tool "teleport": unknown tool`},
		{"llm", `{` + model + `, prompt_template: [], context: {enabled: true, variable_selector: []}}`, "context.variable_selector"},
		{"knowledge-retrieval", `{query_variable_selector: [start, q], retrieval_mode: fuzzy}`, "retrieval_mode"},
		{"knowledge-retrieval", `{query_variable_selector: [start, q], metadata_filtering_mode: manual, metadata_filtering_conditions: {conditions: [{name: author, comparison_operator: is, value: x}]}}`, "conditions[0].name"},
		{"question-classifier", `{query_variable_selector: [start, q], ` + model + `, classes: []}`, "classes: add at least one class"},
		{"question-classifier", `{query_variable_selector: [start, q], ` + model + `, classes: [{id: a, name: A}, {id: a, name: B}]}`, "classes[1].id"},
		{"parameter-extractor", `{query: [start, q], ` + model + `, parameters: [{name: p, type: date}]}`, "parameters[0].type"},
		{"parameter-extractor", `{query: [start, q], ` + model + `, parameters: [{name: p, type: select}]}`, "parameters[0].options"},
		{"parameter-extractor", `{query: [start, q], ` + model + `, parameters: [{name: __x, type: string}]}`, "parameters[0].name"},
		{"if-else", `{cases: [{case_id: a, conditions: [{variable_selector: [start, q], comparison_operator: resembles}]}]}`, "cases[0].conditions[0].comparison_operator"},
		{"if-else", `{cases: [{case_id: "false", conditions: []}]}`, "cases[0].case_id"},
		{"template-transform", `{template: "{% for x in %}", variables: []}`, "template: parse template"},
		{"template-transform", `{template: "", variables: [{variable: a, value_selector: [nope]}]}`, "variables[0].value_selector"},
		{"variable-aggregator", `{variables: []}`, "variables: add at least one variable"},
		{"variable-aggregator", `{variables: [[start, q]], output_type: blob}`, "output_type"},
		{"tool", `{tool_name: send_email}`, `tool_name: "send_email" is not a Lexflow tool`},
		{"tool", `{tool_name: fetch_article, tool_parameters: {}}`, "tool_parameters.article: tool fetch_article needs this parameter"},
		{"tool", `{tool_name: fetch_article, tool_parameters: {article: {type: constant, value: x}, law: {type: constant, value: y}}}`, "tool_parameters.law: tool fetch_article has no such parameter"},
		{"tool", `{tool_name: search_collection, tool_parameters: {query: {type: extraction, value: {source_node_id: ghost, extraction_prompt: keywords}}}}`, `tool_parameters.query.value.source_node_id: "ghost": source node not found`},
		{"tool", `{tool_name: search_collection, tool_parameters: {query: {type: extraction, value: {source_node_id: start}}}}`, "tool_parameters.query.value.extraction_prompt: is empty"},
		{"tool", `{tool_name: search_collection, tool_parameters: {query: {type: extraction, value: start}}}`, "tool_parameters.query.value: want {source_node_id"},
		{"tool", `{tool_name: search_collection, tool_parameters: {query: {type: extraction, value: {source_node_id: start, extraction_prompt: k, model: {mode: batch}}}}}`, "tool_parameters.query.value.model: model.mode"},
		{"tool", `{tool_name: search_collection, virtual_nodes: [{id: e, type: llm, data: {}}, {id: e, type: llm, data: {}}], tool_parameters: {query: {type: variable, value: [e, text]}}}`, `virtual_nodes[1].id: "e" is used twice`},
		{"tool", `{tool_name: search_collection, virtual_nodes: [{id: a.b, type: llm, data: {}}], tool_parameters: {query: {type: constant, value: q}}}`, `virtual_nodes[0].id: "a.b"`},
		{"ask-user", `{question: ""}`, "question: write the question"},
	}
}

// TestReferencesChecked: what nodes declare lets Compile catch references
// to outputs that do not exist.
func TestReferencesChecked(t *testing.T) {
	e := newEnv(t, "ollama")
	app, err := dsl.Parse(appWith("llm", `{model: {name: m}, prompt_template: [{role: user, text: "{{#start.nope#}}"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.Compile(app, e.registry(t))
	if !errors.Is(err, engine.ErrUnknownVariable) || !strings.Contains(err.Error(), `no output "nope"`) {
		t.Errorf("got %v, want an unknown-variable problem", err)
	}
}

// TestDifyImports: Dify-shaped exports from the importer's fixtures compile
// with the real node types, except a tool whose parameters are not ours.
func TestDifyImports(t *testing.T) {
	e := newEnv(t, "ollama")
	tests := map[string]string{
		"chatflow_rag.yml":      "",
		"workflow_branches.yml": "",
		"old_0_1_0.yml":         "",
		"classifier_tools.yml":  "tool_parameters.law: tool fetch_article has no such parameter",
	}
	for file, want := range tests {
		t.Run(file, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("dify", "testdata", "dify", file))
			if err != nil {
				t.Fatal(err)
			}
			app, _, err := dify.Import(b)
			if err != nil {
				t.Fatal(err)
			}
			_, err = engine.Compile(app, e.registry(t))
			switch {
			case want == "" && err != nil:
				t.Errorf("compile: %v", err)
			case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
				t.Errorf("compile error %v, want one containing %q", err, want)
			}
		})
	}
}

// TestProviderErrorKept: a provider failure reaches the caller as the
// node's error, still an *llm.Error, with its code as the error type.
func TestProviderErrorKept(t *testing.T) {
	e := newEnv(t, "openai")
	e.srv.Script("", llmtest.Fail(llmtest.HTTPError(401, "bad key")))
	plan := e.compile(t, appWith("llm", `{model: {name: m}, prompt_template: [{role: user, text: hi}]}`))
	res, err, events := run(t, plan, engine.RunInput{}, 1)
	var le *llm.Error
	if res.Status != engine.StatusFailed || !errors.As(err, &le) || !errors.Is(err, llm.ErrUnauthorized) {
		t.Fatalf("status %s, error %v: want a failed run keeping the *llm.Error", res.Status, err)
	}
	var ne *engine.NodeError
	if !errors.As(err, &ne) || ne.NodeID != "x" {
		t.Errorf("error %v does not name node x", err)
	}
	for _, ev := range events {
		if ev.Kind == engine.NodeRunFailed && ev.ErrorType != "unauthorized" {
			t.Errorf("node_failed error type %q, want unauthorized", ev.ErrorType)
		}
	}
}

// TestModelResolution: ids, names and Dify plugin names find providers;
// the typed errors say what is missing.
func TestModelResolution(t *testing.T) {
	e := newEnv(t, "ollama")
	set := e.deps.Models.(nodes.ProviderSet)
	for _, ref := range []nodes.ModelRef{{Provider: "openai"}, {Provider: "OpenAI", Name: "x"}, {Provider: "langgenius/openai/openai"}} {
		m, err := set.Resolve(t.Context(), ref)
		if err != nil || m.ProviderName != "openai" {
			t.Errorf("resolve %v: %v, %v", ref, m.ProviderName, err)
		}
	}
	if m, err := set.Resolve(t.Context(), nodes.ModelRef{}); err != nil || m.ProviderName != "ollama" || m.Name != "qwen3" {
		t.Errorf("default: %+v, %v", m, err)
	}
	if _, err := set.Resolve(t.Context(), nodes.ModelRef{Provider: "anthropic"}); !errors.Is(err, nodes.ErrNoProvider) {
		t.Errorf("unknown provider: %v", err)
	}
	empty := nodes.ProviderSet{Providers: []nodes.NamedProvider{{ID: "p"}}}
	if _, err := empty.Resolve(t.Context(), nodes.ModelRef{Provider: "p"}); !errors.Is(err, nodes.ErrNoModel) {
		t.Errorf("no model: %v", err)
	}
}

// TestExtractionReferenceProblems: problems the engine finds in an
// extraction's virtual node (a source without the variable, a prompt that
// reads the extraction's own output or its parent's) are reported on the
// tool node, naming the virtual node.
func TestExtractionReferenceProblems(t *testing.T) {
	e := newEnv(t, "ollama")
	param := func(value string) string {
		return `{tool_name: search_collection, tool_parameters: {query: {type: extraction, value: ` + value + `}}}`
	}
	tests := []struct {
		value string
		kind  error
		want  string
	}{
		{`{source_node_id: start, extraction_prompt: k, model: {name: m}}`, engine.ErrUnknownVariable,
			`virtual node x_ext_1: {{#start.context#}}: node start has no output "context"`},
		{`{source_node_id: start, source_variable: q, extraction_prompt: "again {{#x_ext_1.text#}}", model: {name: m}}`, engine.ErrSelfReference,
			"virtual node x_ext_1: {{#x_ext_1.text#}} reads the node's own output"},
		{`{source_node_id: start, source_variable: q, extraction_prompt: "{{#x.text#}}", model: {name: m}}`, engine.ErrNotUpstream,
			"virtual node x_ext_1: {{#x.text#}}: node x does not run before x_ext_1"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			app, err := dsl.Parse(appWith("tool", param(tt.value)))
			if err != nil {
				t.Fatal(err)
			}
			_, err = engine.Compile(app, e.registry(t))
			var ce *engine.CompileError
			if !errors.As(err, &ce) || len(ce.Problems) != 1 || ce.Problems[0].NodeID != "x" ||
				!errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("compile error %v\nwant one on node x containing %q", err, tt.want)
			}
		})
	}
}
