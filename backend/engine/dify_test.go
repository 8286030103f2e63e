package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func importFixture(t *testing.T, name string) (*App, *ImportReport) {
	t.Helper()
	app, rep, err := Import(readFixture(t, "testdata/dify/"+name+".yml"))
	if err != nil {
		t.Fatalf("import %s: %v", name, err)
	}
	return app, rep
}

func TestDifyImportReports(t *testing.T) {
	tests := []struct {
		name        string
		mode        Mode
		mapped      int
		unsupported []Issue // NodeID and Type only
		warnings    []string
	}{
		{"chatflow_rag", ModeChatflow, 4, nil, []string{
			"Dify datasets [6084ed3f-d100-4df2-a277-b40d639ea7c6] do not exist here",
			`model "gpt-4o-mini" of provider "langgenius/openai/openai"`,
			"Dify plugin dependencies are ignored",
			`app feature "retriever_resource" is kept but not used`,
		}},
		{"workflow_branches", ModeWorkflow, 6, nil, []string{
			`secret environment variable "SERVICE_KEY" came without its value`,
			"Jinja2 template",
			`model "qwen2.5:7b" of provider "ollama"`,
		}},
		{"classifier_tools", ModeChatflow, 10, nil, []string{
			`tool "fetch_article" of builtin provider "legal_library": pick a Lexflow built-in tool`,
			`app feature "file_upload" is kept but not used`,
		}},
		{"old_0_1_0", ModeWorkflow, 6, nil, []string{"Jinja2 template"}},
		{"unsupported", ModeWorkflow, 6, []Issue{
			{NodeID: "iter", Type: "iteration"},
			{NodeID: "iterstart", Type: "iteration-start"}, {NodeID: "inner", Type: "llm"},
			{NodeID: "weird", Type: "quantum-oracle"},
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app, rep := importFixture(t, tt.name)
			if rep.Source != "dify" || app.App.Mode != tt.mode || app.Kind != DSLKind || app.Version != DSLVersion {
				t.Errorf("source %q mode %q kind %q version %q", rep.Source, app.App.Mode, app.Kind, app.Version)
			}
			if len(rep.Mapped) != tt.mapped {
				t.Errorf("mapped %d, want %d: %+v", len(rep.Mapped), tt.mapped, rep.Mapped)
			}
			var got []Issue
			for _, u := range rep.Unsupported {
				if u.Reason == "" {
					t.Errorf("no reason for %s", u.NodeID)
				}
				got = append(got, Issue{NodeID: u.NodeID, Type: u.Type})
			}
			if d := cmp.Diff(tt.unsupported, got); d != "" {
				t.Errorf("unsupported (-want +got):\n%s", d)
			}
			for _, w := range tt.warnings {
				if !hasWarning(rep, w) {
					t.Errorf("no warning containing %q in %+v", w, rep.Warnings)
				}
			}
		})
	}
}

func hasWarning(rep *ImportReport, s string) bool {
	for _, w := range rep.Warnings {
		if strings.Contains(w.Reason, s) {
			return true
		}
	}
	return false
}

func TestDifyImportExplainsUnsupported(t *testing.T) {
	_, rep := importFixture(t, "unsupported")
	want := map[string]string{
		"code":  "user Python/JavaScript code",
		"http":  "calls the network",
		"inner": "inside iteration iter",
		"agent": "agent strategies are Dify plugins",
		"weird": "unknown Dify node type",
	}
	for _, u := range rep.Unsupported {
		if w, ok := want[u.NodeID]; ok && !strings.Contains(u.Reason, w) {
			t.Errorf("%s: reason %q lacks %q", u.NodeID, u.Reason, w)
		}
	}
	// Unsupported nodes are kept with their Dify type, so Compile names them.
	app, _ := importFixture(t, "unsupported")
	_, err := Compile(app, difyRegistry())
	if !errors.Is(err, ErrUnknownNodeType) || !strings.Contains(err.Error(), `node code: unknown node type: type "code"`) {
		t.Errorf("compile: %v", err)
	}
}

func TestDifyImportConvertsNodes(t *testing.T) {
	app, rep := importFixture(t, "chatflow_rag")
	kr := app.Workflow.Graph.Nodes[1]
	if kr.Type != "knowledge-retrieval" || strings.Contains(string(kr.Data), `"type"`) {
		t.Errorf("node = %s %s", kr.Type, kr.Data)
	}
	// Old-style [start, "sys.query"] selectors become [sys, query]; key order stays.
	if !strings.Contains(string(kr.Data), `"query_variable_selector":["sys","query"]`) ||
		strings.Index(string(kr.Data), "dataset_ids") > strings.Index(string(kr.Data), "desc") {
		t.Errorf("data = %s", kr.Data)
	}
	if !strings.Contains(rep.Mapped[1].Reason, "1 [node, \"sys.x\"] selectors rewritten") {
		t.Errorf("mapped = %+v", rep.Mapped[1])
	}
	if kr.Position == nil || kr.Position.X != 362.5 || kr.Extra["positionAbsolute"] == nil || app.App.Extra["icon_background"] == nil {
		t.Errorf("editor fields lost: %+v %v", kr.Position, kr.Extra)
	}
	out, err := Export(app, FormatYAML)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(app, again); d != "" {
		t.Errorf("imported app does not round-trip:\n%s", d)
	}
}

// Imported Dify apps compile and run on the engine (with stub nodes).
func TestDifyImportRuns(t *testing.T) {
	tests := []struct {
		name    string
		inputs  map[string]any
		answer  string
		outputs map[string]any
	}{
		{"chatflow_rag", nil, "[LLM]", nil},
		{"workflow_branches", map[string]any{"clause": "x", "jurisdiction": "UAE"}, "", map[string]any{"review": "[Review]"}},
		{"workflow_branches", map[string]any{"clause": "x", "jurisdiction": "KSA", "else": true}, "",
			map[string]any{"review": "Out of scope: KSA is not UAE."}},
		{"classifier_tools", nil, "Article 12: [Explain article]", nil},
		{"classifier_tools", map[string]any{"tool_fails": true}, "I could not find that article (node lookup (tool): no such article).", nil},
		{"classifier_tools", map[string]any{"class": "2"}, "[Litigation]", nil},
		{"classifier_tools", map[string]any{"class": "1731555555555"}, "I only answer legal questions.", nil},
		{"old_0_1_0", map[string]any{"amount": 20000}, "", map[string]any{"size": "large"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app, _ := importFixture(t, tt.name)
			plan, err := Compile(app, difyRegistry())
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			res, err := plan.Run(t.Context(), RunInput{Inputs: tt.inputs, Sys: Sys{Query: "what is article 12?"}}, RunOptions{})
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			if res.Answer != tt.answer {
				t.Errorf("answer %q, want %q", res.Answer, tt.answer)
			}
			for k, v := range tt.outputs {
				if got := res.Outputs[k].Any(); got != v {
					t.Errorf("output %s = %v, want %v", k, got, v)
				}
			}
		})
	}
}

func TestDifyImportRefuses(t *testing.T) {
	tests := []struct {
		name, doc string
		want      error
	}{
		{"basic chat app", "kind: app\nversion: 0.1.5\napp: {mode: chat, name: x}\n", ErrUnsupportedApp},
		{"completion app", "kind: app\nversion: 0.1.5\napp: {mode: completion, name: x}\n", ErrUnsupportedApp},
		{"version 1", "kind: app\nversion: 1.0.0\napp: {mode: workflow, name: x}\n", ErrUnsupportedVersion},
		{"no version", "kind: app\napp: {mode: workflow, name: x}\n", ErrUnsupportedVersion},
		{"node data not a mapping", "kind: app\nversion: 0.1.5\napp: {mode: workflow}\nworkflow: {graph: {nodes: [{id: a, data: [1]}]}}\n", ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := Import([]byte(tt.doc)); !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
	_, rep, err := Import([]byte("kind: app\nversion: 0.9.0\napp: {mode: workflow}\n"))
	if err != nil || !hasWarning(rep, "newer than the 0.4") {
		t.Errorf("newer Dify version: %v %+v", err, rep)
	}
}

func TestImportReadsLexflowToo(t *testing.T) {
	app, rep, err := Import(readFixture(t, "testdata/runs/linear.yml"))
	if err != nil || rep.Source != "lexflow" || !rep.OK() || app.App.Name != "Linear" {
		t.Errorf("Import lexflow: %v %+v", err, rep)
	}
}
