package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	llmpkg "lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/store"
)

var legalQA = filepath.Join("..", "..", "examples", "apps", "legal-qa.yml")

func ndjson(t *testing.T, out string) []map[string]any {
	t.Helper()
	var lines []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not NDJSON: %q", sc.Text())
		}
		lines = append(lines, m)
	}
	return lines
}

func TestRunChatflowTurnStreamsNDJSON(t *testing.T) {
	dir := t.TempDir()
	llm := llmtest.New(t)
	llm.InstallDemo(0)
	run(t, dir, "provider", "add", "--name", "Fake", "--kind", "openai", "--base-url", llm.OpenAIURL(), "--default-model", "fake-cite")
	run(t, dir, "collection", "create", "Statutes")
	if r := run(t, dir, "ingest", "--collection", "Statutes", filepath.Join("..", "..", "examples", "corpus", "sample-services-agreement.md")); r.code != ExitOK {
		t.Fatalf("ingest: %+v", r)
	}
	r := run(t, dir, "run", legalQA, "--query", "What notice ends the agreement?", "--json")
	if r.code != ExitOK {
		t.Fatalf("run: %+v", r)
	}
	lines := ndjson(t, r.stdout)
	if lines[0]["kind"] != "run_started" || lines[len(lines)-2]["kind"] != "run_succeeded" {
		t.Fatalf("first %v, last event %v", lines[0]["kind"], lines[len(lines)-2]["kind"])
	}
	result := lines[len(lines)-1]
	if answer, _ := result["answer"].(string); !strings.HasSuffix(answer, "[1].") {
		t.Errorf("result = %v, want an answer citing [1]", result)
	}
	// The LLM was given the retrieved passages.
	if req := llm.Requests(); len(req) == 0 || !strings.Contains(string(req[len(req)-1].Raw), "TERM AND TERMINATION") {
		t.Error("the model never saw the retrieved clause")
	}
}

func TestRunFailsWithExitOne(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "provider", "add", "--name", "Gone", "--kind", "ollama", "--base-url", llmtest.RefusedURL(t), "--default-model", "m")
	run(t, dir, "collection", "create", "Statutes")
	run(t, dir, "ingest", "--collection", "Statutes", filepath.Join("..", "..", "examples", "corpus", "sample-services-agreement.md"))
	r := run(t, dir, "run", legalQA, "--query", "What notice ends the agreement?")
	if r.code != ExitFailed || !strings.Contains(r.stderr, "failed") {
		t.Errorf("run against a dead provider: %+v", r)
	}
	if r := run(t, dir, "run", "no-such-app"); r.code != ExitFailed {
		t.Errorf("unknown app: %+v", r)
	}
	if r := run(t, dir, "run", legalQA, "--inputs", "[1,2]"); r.code != ExitUsage {
		t.Errorf("bad inputs: %+v", r)
	}
}

func TestAppImportExportList(t *testing.T) {
	dir := t.TempDir()
	r := run(t, dir, "app", "import", legalQA, "--json")
	var imported struct {
		App struct{ ID, Name, Mode string }
	}
	if r.code != ExitOK || json.Unmarshal([]byte(r.stdout), &imported) != nil || imported.App.Mode != "chatflow" {
		t.Fatalf("import: %+v", r)
	}
	if r := run(t, dir, "app", "list"); !strings.Contains(r.stdout, "Legal Q&A") {
		t.Errorf("list: %+v", r)
	}
	r = run(t, dir, "app", "export", imported.App.ID, "--format", "json")
	var doc map[string]any
	if r.code != ExitOK || json.Unmarshal([]byte(r.stdout), &doc) != nil || doc["kind"] != "lexflow-app" {
		t.Errorf("export: %+v", r)
	}
	if r := run(t, dir, "app", "import", "../../go.mod"); r.code != ExitFailed {
		t.Errorf("importing a non-DSL file: %+v", r)
	}
}

func TestAskCitesCheckedPassages(t *testing.T) {
	dir := t.TempDir()
	llm := llmtest.New(t)
	llm.InstallDemo(0)
	run(t, dir, "provider", "add", "--name", "Fake", "--kind", "ollama", "--base-url", llm.OllamaURL(), "--default-model", "fake-cite")
	run(t, dir, "collection", "create", "Contracts")
	if r := run(t, dir, "ingest", "--collection", "Contracts", filepath.Join("..", "..", "examples", "corpus", "sample-services-agreement.md")); r.code != ExitOK {
		t.Fatalf("ingest: %+v", r)
	}
	r := run(t, dir, "ask", "--collection", "Contracts", "--model", "Fake/fake-cite", "--json", "What notice ends the agreement?")
	var res askResult
	if r.code != ExitOK || json.Unmarshal([]byte(r.stdout), &res) != nil {
		t.Fatalf("ask: %+v", r)
	}
	if res.Status != "success" || len(res.Citations) != 1 || !res.Citations[0].Quotes[0].Verified || res.RecordID == "" {
		t.Fatalf("ask result %+v", res)
	}
	c := res.Citations[0]
	if c.Locator.DocName != "sample-services-agreement.md" || c.Locator.End <= c.Locator.Start || c.NodeID == "" {
		t.Errorf("citation %+v", c)
	}
	// The built-in answerer, without a model, by name.
	r = run(t, dir, "ask", "--model", "extractive", "What notice ends the agreement?")
	if r.code != ExitOK || !strings.Contains(r.stdout, "Citations:") || !strings.Contains(r.stdout, "Status: success") {
		t.Errorf("built-in ask: %+v", r)
	}
	// Nothing relevant: a refusal naming what was searched, and no model call.
	before := len(llm.Requests())
	r = run(t, dir, "ask", "--collection", "Contracts", "--model", "Fake/fake-cite", "xylophone quantum chromodynamics")
	if r.code != ExitOK || !strings.Contains(r.stdout, `No evidence: searching the collection "Contracts"`) || len(llm.Requests()) != before ||
		!strings.Contains(r.stdout, "Model: none asked") {
		t.Errorf("no-evidence ask: %+v", r)
	}
	if r := run(t, dir, "ask"); r.code != ExitUsage {
		t.Errorf("ask without a question: %+v", r)
	}
}

// withServicesAgreement is a data directory with the fake model server as
// its provider (model "m") and the sample services agreement ingested into
// the collection "Contracts".
func withServicesAgreement(t *testing.T) (string, *llmtest.Server) {
	t.Helper()
	dir := t.TempDir()
	llm := llmtest.New(t)
	llm.SetModels("m")
	run(t, dir, "provider", "add", "--name", "Fake", "--kind", "openai", "--base-url", llm.OpenAIURL(), "--default-model", "m")
	run(t, dir, "collection", "create", "Contracts")
	if r := run(t, dir, "ingest", "--collection", "Contracts", filepath.Join("..", "..", "examples", "corpus", "sample-services-agreement.md")); r.code != ExitOK {
		t.Fatalf("ingest: %+v", r)
	}
	return dir, llm
}

// runSampleApp runs a sample app once with `lexflow run` on a question about
// the agreement, and returns the data directory's store (closed with the
// test) and its runs, which must be that one.
func runSampleApp(t *testing.T, dir, file string) (*store.DB, []store.Run) {
	t.Helper()
	app := filepath.Join("..", "..", "examples", "apps", file)
	if r := run(t, dir, "run", app, "--query", "Can the services agreement be ended early?", "--json"); r.code != ExitOK {
		t.Fatalf("run: %+v", r)
	}
	db, err := store.Open(context.Background(), filepath.Join(dir, "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	runs, err := db.ListRuns(context.Background(), "", 10)
	if err != nil || len(runs) != 1 {
		t.Fatalf("runs %v, %v", runs, err)
	}
	return db, runs
}

// A variable extraction is stored like any node: a virtual execution under
// the tool, with its inputs, prompts, output and tokens, which the run's
// total includes; the tool lists it in its process data.
func TestRunRecordsExtractionSubNodes(t *testing.T) {
	dir, llm := withServicesAgreement(t)
	llm.Script("", llmtest.Text("You ask about clause 12 of the services agreement, on termination."),
		llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("Clause 12")}, Usage: llmpkg.Usage{PromptTokens: 40, CompletionTokens: 3}})
	db, runs := runSampleApp(t, dir, "statute-lookup.yml")
	execs, err := db.NodeExecutions(context.Background(), runs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]store.NodeExecution{}
	var total int
	for _, e := range execs {
		byID[e.NodeID] = e
		total += e.PromptTokens + e.CompletionTokens
	}
	ext, ok := byID["fetch_ext_1"]
	if !ok || !ext.IsVirtual || ext.ParentNodeID != "fetch" || ext.Status != "succeeded" {
		t.Fatalf("extraction execution %+v", ext)
	}
	if !strings.Contains(ext.Inputs, `"context_source":"llm1.context"`) || !strings.Contains(ext.Inputs, `"extraction_prompt":"Which article`) {
		t.Errorf("extraction inputs %s", ext.Inputs)
	}
	if ext.Outputs != `{"text":"Clause 12"}` || ext.PromptTokens != 40 || ext.CompletionTokens != 3 {
		t.Errorf("extraction outputs %s, tokens %d → %d", ext.Outputs, ext.PromptTokens, ext.CompletionTokens)
	}
	if !strings.Contains(ext.ProcessData, "Which article or section does the user ask about?") {
		t.Errorf("the prompts sent are not in the process data: %s", ext.ProcessData)
	}
	if fetch := byID["fetch"]; fetch.Status != "succeeded" || !strings.Contains(fetch.Outputs, "12.4 On termination of this Agreement") {
		t.Errorf("the tool did not fetch clause 12: %s %s", fetch.Status, fetch.Outputs)
	}
	if !strings.Contains(byID["fetch"].ProcessData, `"extraction_nodes":["fetch_ext_1"]`) {
		t.Errorf("tool process data %s", byID["fetch"].ProcessData)
	}
	if got := runs[0].PromptTokens + runs[0].CompletionTokens; got != total || got < 43 {
		t.Errorf("run tokens %d, node executions add up to %d", got, total)
	}
}

// An agent's rounds are stored as one generation detail keyed by run and
// node, in stream order, and its cited answer as a generation record.
func TestRunRecordsAnAgentsRoundsInOneDetail(t *testing.T) {
	dir, llm := withServicesAgreement(t)
	llm.Script("",
		llmtest.Reply{Parts: []llmtest.Part{llmtest.Reasoning("Search first."), llmtest.Tool("search_collection", map[string]string{"query": "termination notice"})}},
		llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("fetch_article", map[string]string{"article": "Clause 12"})}},
		llmtest.Text("Either party may end the agreement early [1]."),
	)
	db, runs := runSampleApp(t, dir, "research-assistant.yml")
	d, ok, err := db.NodeGenerationDetail(context.Background(), runs[0].ID, "agent")
	if err != nil || !ok {
		t.Fatalf("no generation detail for the agent: %v", err)
	}
	if d.Sequence != `[{"type":"reasoning","index":0},{"type":"tool_call","index":0},{"type":"tool_call","index":1},{"type":"content","start":0,"end":45}]` {
		t.Errorf("sequence %s", d.Sequence)
	}
	if !strings.Contains(d.ToolCalls, `"name":"search_collection"`) || !strings.Contains(d.ToolCalls, `"result":"[1] id=`) {
		t.Errorf("tool calls %s", d.ToolCalls)
	}
	g, err := db.RunGeneration(context.Background(), runs[0].ID, "agent")
	if err != nil || g.PromptName != "agent" || !strings.Contains(g.Citations, `"marker":1`) {
		t.Errorf("generation record %+v, %v", g, err)
	}
}
