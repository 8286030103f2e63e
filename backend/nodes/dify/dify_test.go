package dify

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
)

func readFixture(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func importFixture(t *testing.T, name string) (*dsl.App, *dsl.ImportReport) {
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
		mode        dsl.Mode
		nodes       int
		unsupported []string // "id (type)"
		notes       []string
	}{
		{"chatflow_rag", dsl.ModeChatflow, 4, nil, []string{
			"Dify plugin dependencies are ignored",
			`app feature "retriever_resource" is kept but not used`,
		}},
		{"workflow_branches", dsl.ModeWorkflow, 6, nil, []string{
			`secret environment variable "SERVICE_KEY" came without its value`,
		}},
		{"classifier_tools", dsl.ModeChatflow, 10, nil, []string{`app feature "file_upload" is kept but not used`}},
		{"old_0_1_0", dsl.ModeWorkflow, 6, nil, nil},
		{"unsupported", dsl.ModeWorkflow, 10, []string{"weird (quantum-oracle)"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app, rep := importFixture(t, tt.name)
			if rep.Source != "dify" || app.App.Mode != tt.mode || app.Kind != dsl.DSLKind || app.Version != dsl.DSLVersion {
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
				if n.Outcome != dsl.OutcomeUnsupported {
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
		"weird": "unknown Dify node type",
	}
	for _, n := range rep.Nodes {
		if w, ok := want[n.NodeID]; ok && !strings.Contains(strings.Join(n.Details, "; "), w) {
			t.Errorf("%s: details %q lack %q", n.NodeID, n.Details, w)
		}
	}
	// Unsupported nodes are kept with their Dify type, so Compile names them
	// (TestDifyImportRuns in backend/engine).
	app, _ := importFixture(t, "unsupported")
	if i := slices.IndexFunc(app.Workflow.Graph.Nodes, func(n dsl.GraphNode) bool { return n.ID == "weird" }); app.Workflow.Graph.Nodes[i].Type != "quantum-oracle" {
		t.Errorf("the unsupported node lost its type: %+v", app.Workflow.Graph.Nodes[i])
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
	if n := rep.Nodes[1]; n.Outcome != dsl.OutcomeChanged || !strings.Contains(n.Details[0], "1 system variable reference rewritten") {
		t.Errorf("report line = %+v", n)
	}
	if kr.Position == nil || kr.Position.X != 362.5 || kr.Extra["positionAbsolute"] == nil || app.App.Extra["icon_background"] == nil {
		t.Errorf("editor fields lost: %+v %v", kr.Position, kr.Extra)
	}
	out, err := dsl.Export(app, dsl.FormatYAML)
	if err != nil {
		t.Fatal(err)
	}
	again, err := dsl.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(app, again); d != "" {
		t.Errorf("imported app does not round-trip:\n%s", d)
	}
}

func TestDifyImportRefuses(t *testing.T) {
	tests := []struct {
		name, doc string
		want      error
	}{
		{"basic chat app without model_config", "kind: app\nversion: 0.1.5\napp: {mode: chat, name: x}\n", dsl.ErrMalformed},
		{"unknown mode", "kind: app\nversion: 0.1.5\napp: {mode: channel, name: x}\n", dsl.ErrUnsupportedApp},
		{"version 1", "kind: app\nversion: 1.0.0\napp: {mode: workflow, name: x}\n", dsl.ErrUnsupportedVersion},
		{"no version", "kind: app\napp: {mode: workflow, name: x}\n", dsl.ErrUnsupportedVersion},
		{"node data not a mapping", "kind: app\nversion: 0.1.5\napp: {mode: workflow}\nworkflow: {graph: {nodes: [{id: a, data: [1]}]}}\n", dsl.ErrMalformed},
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
	app, rep, err := Import(readFixture(t, "../../engine/testdata/runs/linear.yml"))
	if err != nil || rep.Source != "lexflow" || rep.Count(dsl.OutcomeMapped) != len(app.Workflow.Graph.Nodes) || app.App.Name != "Linear" {
		t.Errorf("Import lexflow: %v %+v", err, rep)
	}
}

// Older Dify exports have no kind and no version: Dify reads them as 0.1.0.
func TestImportReadsDifyWithoutKindAsOldest(t *testing.T) {
	app, rep, err := Import([]byte("app: {mode: workflow, name: Old}\nworkflow: {graph: {nodes: [{id: s, type: custom, data: {type: start, title: Begin}}]}}\n"))
	if err != nil || rep.Source != "dify" || rep.SourceVersion != "0.1.0" || app.Workflow.Graph.Nodes[0].Type != "start" {
		t.Fatalf("import: %v %+v", err, rep)
	}
	if n := rep.Nodes[0]; n.Title != "Begin" || n.Outcome != dsl.OutcomeMapped {
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
	out, err := dsl.Export(app, dsl.FormatYAML)
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
	out, err := dsl.Export(app, dsl.FormatYAML)
	if err != nil {
		t.Fatal(err)
	}
	_, again, err := Import(out)
	if err != nil {
		t.Fatal(err)
	}
	if again.Source != "lexflow" || again.Count(dsl.OutcomeUnsupported) != rep.Count(dsl.OutcomeUnsupported) {
		t.Fatalf("re-import: %d unsupported, want %d: %+v", again.Count(dsl.OutcomeUnsupported), rep.Count(dsl.OutcomeUnsupported), again.Nodes)
	}
	if n := again.Find("weird"); !strings.Contains(strings.Join(n.Details, " "), "unknown Dify node type") {
		t.Errorf("reason lost: %+v", n)
	}
}

// Basic apps (a model_config, no graph) import as the graph Dify runs.
func TestDifyBasicAppsBecomeGraphs(t *testing.T) {
	tests := []struct {
		name  string
		mode  dsl.Mode
		types []string
		want  []string // fragments of the converted node data
	}{
		{"basic_chat", dsl.ModeChatflow, []string{"start", "llm", "answer"},
			[]string{`"variable":"city"`, `You help tenants in {{#start.city#}}.`, `"query_prompt_template":"{{#sys.query#}}"`, `{{#model.text#}}`}},
		{"basic_agent", dsl.ModeChatflow, []string{"start", "knowledge-retrieval", "agent", "answer"},
			[]string{`"dataset_ids":["6084ed3f-d100-4df2-a277-b40d639ea7c6"]`, `"provider_name":"time","tool_name":"current_time"`,
				`"max_iterations":5`, `"name":"deepseek-chat"`}},
		{"basic_completion", dsl.ModeWorkflow, []string{"start", "llm", "end"},
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
