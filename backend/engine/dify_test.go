package engine

import (
	"errors"
	"slices"
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
		nodes       int
		unsupported []string // "id (type)"
		notes       []string
	}{
		{"chatflow_rag", ModeChatflow, 4, nil, []string{
			"Dify plugin dependencies are ignored",
			`app feature "retriever_resource" is kept but not used`,
		}},
		{"workflow_branches", ModeWorkflow, 6, nil, []string{
			`secret environment variable "SERVICE_KEY" came without its value`,
		}},
		{"classifier_tools", ModeChatflow, 10, nil, []string{`app feature "file_upload" is kept but not used`}},
		{"old_0_1_0", ModeWorkflow, 6, nil, nil},
		{"unsupported", ModeWorkflow, 10, []string{
			"code (code)", "http (http-request)", "iter (iteration)", "iterstart (iteration-start)", "inner (llm)",
			"docx (document-extractor)", "agent (agent)", "weird (quantum-oracle)",
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app, rep := importFixture(t, tt.name)
			if rep.Source != "dify" || app.App.Mode != tt.mode || app.Kind != DSLKind || app.Version != DSLVersion {
				t.Errorf("source %q mode %q kind %q version %q", rep.Source, app.App.Mode, app.Kind, app.Version)
			}
			if len(rep.Nodes) != tt.nodes {
				t.Errorf("%d nodes reported, want %d: %+v", len(rep.Nodes), tt.nodes, rep.Nodes)
			}
			var got []string
			for _, n := range rep.Nodes {
				if n.Title == "" && n.SourceType != "iteration-start" {
					t.Errorf("node %s reported without its title", n.NodeID)
				}
				if n.Outcome != OutcomeUnsupported {
					continue
				}
				if len(n.Details) == 0 {
					t.Errorf("no reason for %s", n.NodeID)
				}
				got = append(got, n.NodeID+" ("+n.SourceType+")")
			}
			if d := cmp.Diff(tt.unsupported, got); d != "" {
				t.Errorf("unsupported (-want +got):\n%s", d)
			}
			for _, w := range tt.notes {
				if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, w) }) {
					t.Errorf("no note containing %q in %q", w, rep.Notes)
				}
			}
		})
	}
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
	for _, n := range rep.Nodes {
		if w, ok := want[n.NodeID]; ok && !strings.Contains(strings.Join(n.Details, "; "), w) {
			t.Errorf("%s: details %q lack %q", n.NodeID, n.Details, w)
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
	if n := rep.Nodes[1]; n.Outcome != OutcomeChanged || !strings.Contains(n.Details[0], "1 system variable references rewritten") {
		t.Errorf("report line = %+v", n)
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
		{"basic chat app without model_config", "kind: app\nversion: 0.1.5\napp: {mode: chat, name: x}\n", ErrMalformed},
		{"unknown mode", "kind: app\nversion: 0.1.5\napp: {mode: channel, name: x}\n", ErrUnsupportedApp},
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
	if err != nil || len(rep.Notes) == 0 || !strings.Contains(rep.Notes[0], "newer than the 0.4") {
		t.Errorf("newer Dify version: %v %+v", err, rep)
	}
}

func TestImportReadsLexflowToo(t *testing.T) {
	app, rep, err := Import(readFixture(t, "testdata/runs/linear.yml"))
	if err != nil || rep.Source != "lexflow" || rep.Count(OutcomeMapped) != len(app.Workflow.Graph.Nodes) || app.App.Name != "Linear" {
		t.Errorf("Import lexflow: %v %+v", err, rep)
	}
}

// Older Dify exports have no kind and no version: Dify reads them as 0.1.0.
func TestImportReadsDifyWithoutKindAsOldest(t *testing.T) {
	app, rep, err := Import([]byte("app: {mode: workflow, name: Old}\nworkflow: {graph: {nodes: [{id: s, type: custom, data: {type: start, title: Begin}}]}}\n"))
	if err != nil || rep.Source != "dify" || rep.SourceVersion != "0.1.0" || app.Workflow.Graph.Nodes[0].Type != "start" {
		t.Fatalf("import: %v %+v", err, rep)
	}
	if n := rep.Nodes[0]; n.Title != "Begin" || n.Outcome != OutcomeMapped {
		t.Errorf("report line %+v", n)
	}
}

// Sticky notes are canvas notes, not nodes: kept through export and re-import.
func TestDifyStickyNotesBecomeCanvasNotes(t *testing.T) {
	doc := `kind: app
version: 0.1.5
app: {mode: workflow, name: Notes}
workflow:
  graph:
    nodes:
      - {id: s, type: custom, data: {type: start, title: Start}}
      - {id: n1, type: custom-note, data: {type: '', title: '', text: '{"root":{}}', theme: blue}, position: {x: 1, y: 2}}
`
	app, rep, err := Import([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	g := app.Workflow.Graph
	if len(g.Nodes) != 1 || len(g.Notes) != 1 || g.Notes[0].ID != "n1" || len(rep.Nodes) != 1 {
		t.Fatalf("nodes %+v notes %+v report %+v", g.Nodes, g.Notes, rep.Nodes)
	}
	out, err := Export(app, FormatYAML)
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := Import(out)
	if err != nil || len(again.Workflow.Graph.Notes) != 1 || !strings.Contains(string(again.Workflow.Graph.Notes[0].Data), "theme") {
		t.Errorf("notes lost on re-import: %v\n%s", err, out)
	}
}

// Our export keeps the import report, so importing it again still says
// which nodes were never mapped.
func TestReimportRemembersUnmappedNodes(t *testing.T) {
	app, rep := importFixture(t, "unsupported")
	app.Import = rep
	out, err := Export(app, FormatYAML)
	if err != nil {
		t.Fatal(err)
	}
	_, again, err := Import(out)
	if err != nil {
		t.Fatal(err)
	}
	if again.Source != "lexflow" || again.Count(OutcomeUnsupported) != rep.Count(OutcomeUnsupported) {
		t.Fatalf("re-import: %d unsupported, want %d: %+v", again.Count(OutcomeUnsupported), rep.Count(OutcomeUnsupported), again.Nodes)
	}
	if n := again.find("code"); !strings.Contains(strings.Join(n.Details, " "), "Python/JavaScript") {
		t.Errorf("reason lost: %+v", n)
	}
}

// Settle turns compile problems into "needs attention" lines and decides
// whether the app can run.
func TestSettleMarksNodesThatNeedAttention(t *testing.T) {
	rep := &ImportReport{Nodes: []NodeImport{{NodeID: "a", Outcome: OutcomeMapped}, {NodeID: "b", Outcome: OutcomeUnsupported}}}
	rep.Settle([]Problem{{NodeID: "a", Message: "Choose a collection."}, {NodeID: "b", Message: "Unknown step."}, {Message: "Add an end step."}})
	if rep.Runnable || rep.Nodes[0].Outcome != OutcomeAttention || rep.Nodes[0].Details[0] != "Choose a collection." ||
		len(rep.Nodes[1].Details) != 0 || rep.Notes[0] != "Add an end step." {
		t.Errorf("settled: %+v", rep)
	}
	if got := rep.Summary(); got != "1 need attention, 1 not supported; the app cannot run yet" {
		t.Errorf("summary %q", got)
	}
}

// Basic apps (a model_config, no graph) import as the graph Dify runs.
func TestDifyBasicAppsBecomeGraphs(t *testing.T) {
	tests := []struct {
		name  string
		mode  Mode
		types []string
		want  []string // fragments of the converted node data
	}{
		{"basic_chat", ModeChatflow, []string{"start", "llm", "answer"},
			[]string{`"variable":"city"`, `You help tenants in {{#start.city#}}.`, `"query_prompt_template":"{{#sys.query#}}"`, `{{#model.text#}}`}},
		{"basic_agent", ModeChatflow, []string{"start", "knowledge-retrieval", "agent", "answer"},
			[]string{`"dataset_ids":["6084ed3f-d100-4df2-a277-b40d639ea7c6"]`, `"tool_name":"current_time"`, `"max_iterations":5`}},
		{"basic_completion", ModeWorkflow, []string{"start", "llm", "end"},
			[]string{`"role":"user","text":"Summarise this clause in one sentence: {{#start.clause#}}"`, `"value_selector":["model","text"]`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app, rep := importFixture(t, tt.name)
			var types []string
			var data strings.Builder
			for _, n := range app.Workflow.Graph.Nodes {
				types = append(types, n.Type)
				data.Write(n.Data)
			}
			if app.App.Mode != tt.mode || !slices.Equal(types, tt.types) || len(app.Workflow.Graph.Edges) != len(types)-1 {
				t.Errorf("mode %s, nodes %v, %d edges", app.App.Mode, types, len(app.Workflow.Graph.Edges))
			}
			for _, w := range tt.want {
				if !strings.Contains(data.String(), w) {
					t.Errorf("converted data lacks %s:\n%s", w, data.String())
				}
			}
			if _, ok := app.Extra["model_config"]; ok || len(rep.Models) != 1 || !strings.Contains(strings.Join(rep.Notes, " "), "imported as a") {
				t.Errorf("model_config kept or report wrong: %+v", rep)
			}
		})
	}
	app, _ := importFixture(t, "basic_chat")
	if f := string(app.Workflow.Extra["features"]); !strings.Contains(f, "Hello! Ask me about your lease.") || !strings.Contains(f, "When is rent due?") {
		t.Errorf("features = %s", f)
	}
}
