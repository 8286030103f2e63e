package nodes_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/engine"
	"lexflow/backend/generation"
	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/nodes"
	"lexflow/backend/nodes/dify"
)

// agentApp: a question, an agent with the library tools over the labour
// collection, and its outputs.
func agentApp(tools, extra string) string {
	return fmt.Sprintf(`version: 0.1.0
kind: lexflow-app
app: {name: t, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: [{variable: q, type: string}]}}
      - id: agent1
        type: agent
        data:
          model: {provider: ollama, name: qwen3}
          instruction: You are a careful legal research assistant.
          query: "{{#start.q#}}"
          tools: %s
          dataset_ids: [labour]
%s
      - {id: end, type: end, data: {outputs: [{variable: text, value_selector: [agent1, text]}, {variable: citations, value_selector: [agent1, citations]}, {variable: status, value_selector: [agent1, status]}]}}
    edges:
      - {source: start, target: agent1}
      - {source: agent1, target: end}
`, tools, extra)
}

// Two tool rounds then a cited answer: the passages are numbered for the
// model, the answer's citation and quote are checked against them, and the
// node streams each call and result before the answer, in order.
func TestAgentNodeCitesWhatItsToolsFound(t *testing.T) {
	e := newEnv(t, "ollama")
	e.srv.Script("qwen3",
		llmtest.Reply{Parts: []llmtest.Part{llmtest.Reasoning("Search the Act first."), llmtest.Tool("search_collection", map[string]any{"query": "terminate contract notice"})}},
		llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("fetch_article", map[string]any{"article": "Article 12"})}},
		llmtest.Text(`Either party may end it by written notice [1].`),
		agentAnswer(`Either party may end it by \"written notice of thirty days\" [1].`, 1, "written notice of thirty days"),
	)
	plan := e.compile(t, []byte(agentApp("[search_collection, fetch_article]", "")))
	res, err, events := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "How is a contract ended?"}}, 2)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	if got := res.Outputs["text"].Text(); got != `Either party may end it by "written notice of thirty days" [1].` {
		t.Errorf("text %q", got)
	}
	if res.Outputs["status"].Text() != "success" {
		t.Errorf("status %q, want success", res.Outputs["status"].Text())
	}
	cites, _ := json.Marshal(res.Outputs["citations"].Any())
	if !strings.Contains(string(cites), `"nodeId":"labour-act-00001"`) || !strings.Contains(string(cites), `"verified":true`) {
		t.Errorf("citations %s", cites)
	}
	reqs := e.srv.Requests()
	if len(reqs) != 4 {
		t.Fatalf("%d model calls, want 3 rounds and the answer asked again", len(reqs))
	}
	if sys := reqs[0].Messages[0].Content; !strings.Contains(sys, "careful legal research") || !strings.Contains(sys, "like [1]") {
		t.Errorf("system prompt %q", sys)
	}
	if obs := reqs[1].Messages[len(reqs[1].Messages)-1].Content; !strings.HasPrefix(obs, "[1] id=labour-act-00001 | labour-act.pdf") {
		t.Errorf("the search result should be numbered evidence: %q", obs)
	}
	if obs := reqs[2].Messages[len(reqs[2].Messages)-1].Content; !strings.HasPrefix(obs, "[1] id=labour-act-00001") || !strings.Contains(obs, "\n\n[2] id=labour-act-00002") {
		t.Errorf("the article's passages should keep their numbers and add new ones: %q", obs)
	}
	if strings.Contains(reqs[1].Messages[len(reqs[1].Messages)-1].Content, "civil-law") {
		t.Error("the search left the agent's collections")
	}
	if got, want := agentStreams(events, "agent1"), []string{
		"reasoning", `tool_call {"arguments":{"query":"terminate contract notice"},"index":0,"name":"search_collection"}`,
		"tool_result 0 false", `tool_call {"arguments":{"article":"Article 12"},"index":1,"name":"fetch_article"}`,
		"tool_result 1 false", "text",
	}; !cmp.Equal(got, want) {
		t.Errorf("streams (-want +got):\n%s", cmp.Diff(want, got))
	}
	pd := lastFinish(events, "agent1").ProcessData
	if pd["rounds"] != 3 || pd["strategy"] != "function_calling" || pd["generation_record_id"] == "" || pd["output_format"] != "schema" {
		t.Errorf("process data: rounds %v strategy %v record %v output format %v", pd["rounds"], pd["strategy"], pd["generation_record_id"], pd["output_format"])
	}
	for _, r := range reqs[:3] {
		if r.Format != llm.FormatProse {
			t.Errorf("an agent round asked for %s", r.Format)
		}
	}
	final := reqs[3]
	if final.Format != llm.FormatSchema || len(final.Tools) != 0 || !strings.Contains(string(final.Schema), `"enum":[1,2,3,4]`) {
		t.Errorf("the answer should be asked again without tools, in the schema of the passages its tools returned: format %s, tools %v, schema %s", final.Format, final.Tools, final.Schema)
	}
}

// agentAnswer is a model's reply in the answer schema citing one passage.
func agentAnswer(answer string, rank int, quote string) llmtest.Reply {
	return llmtest.Text(fmt.Sprintf(`{"answerable": true, "answer": "%s", "citations": [{"rank": %d, "quote": %q}]}`, answer, rank, quote))
}

// A server that refuses the answer schema is asked for JSON mode, then
// prose, and the record says which format the answer came in and what the
// server said to the stronger ones.
func TestAgentAnswerFallsBackToTheFormatsTheServerTakes(t *testing.T) {
	for _, tc := range []struct {
		refuse []llm.Format
		want   llm.Format
		final  llmtest.Reply
	}{
		{[]llm.Format{llm.FormatSchema}, llm.FormatJSON, agentAnswer("Thirty days of written notice [1].", 1, "written notice of thirty days")},
		{[]llm.Format{llm.FormatSchema, llm.FormatJSON}, llm.FormatProse, agentAnswer("Thirty days of written notice [1].", 1, "written notice of thirty days")},
	} {
		t.Run(string(tc.want), func(t *testing.T) {
			e := newEnv(t, "ollama")
			e.srv.RefuseFormats(tc.refuse...)
			e.srv.Script("qwen3",
				llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("search_collection", map[string]any{"query": "terminate contract notice"})}},
				llmtest.Text("Thirty days [1]."), tc.final)
			plan := e.compile(t, []byte(agentApp("[search_collection]", "")))
			res, err, events := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "How much notice ends a contract?"}}, 1)
			if err != nil {
				t.Fatal(err)
			}
			if res.Outputs["status"].Text() != "success" {
				t.Errorf("status %q, want success: %v", res.Outputs["status"].Text(), res.Outputs["text"].Text())
			}
			pd := lastFinish(events, "agent1").ProcessData
			if pd["output_format"] != string(tc.want) {
				t.Errorf("output format %v, want %s", pd["output_format"], tc.want)
			}
			rec, err := generation.Load(context.Background(), e.deps.Verifier.(*generation.Pipeline).Store, pd["generation_record_id"].(string))
			if err != nil {
				t.Fatal(err)
			}
			if got := len(rec.Raw.Output.Rejected); got != len(tc.refuse) {
				t.Errorf("%d refused formats recorded, want %d: %+v", got, len(tc.refuse), rec.Raw.Output)
			}
		})
	}
}

// agentStreams is a node's streams in order: one entry per run of chunks of
// one output, tool calls and results with their content.
func agentStreams(events []engine.Event, node string) []string {
	var out []string
	last := ""
	for _, ev := range events {
		if ev.Kind != engine.NodeRunStreamChunk || ev.NodeID != node || ev.Response {
			continue
		}
		output := ev.Selector[1]
		switch output {
		case "tool_calls":
			var c map[string]any
			_ = json.Unmarshal([]byte(ev.Chunk), &c)
			if c["phase"] == "result" {
				out = append(out, fmt.Sprintf("tool_result %v %v", c["index"], c["failed"]))
				break
			}
			delete(c, "id")
			delete(c, "phase")
			b, _ := json.Marshal(c)
			out = append(out, "tool_call "+string(b))
		default:
			if output != last {
				out = append(out, output)
			}
		}
		last = output
	}
	return out
}

// A tool given as a Tool node's data keeps its fixed parameters out of the
// model's hands: they are not offered, and they win over the model's.
func TestAgentToolWithFixedParameters(t *testing.T) {
	e := newEnv(t, "ollama")
	e.srv.Script("qwen3",
		llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("search_collection", map[string]any{"query": "notice", "top_k": 9})}},
		llmtest.Text("Thirty days [1]."),
		agentAnswer("Thirty days [1].", 1, ""),
	)
	tools := `[{tool_name: search_collection, tool_parameters: {top_k: {type: constant, value: 1}}}]`
	plan := e.compile(t, []byte(agentApp(tools, "")))
	if _, err, _ := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "notice?"}}, 1); err != nil {
		t.Fatal(err)
	}
	first := string(e.srv.Requests()[0].Raw)
	if strings.Contains(first, "top_k") || !strings.Contains(first, "search_collection") {
		t.Errorf("the fixed parameter was offered to the model: %s", first)
	}
	obs := e.srv.Requests()[1].Messages
	if n := strings.Count(obs[len(obs)-1].Content, "id="); n != 1 {
		t.Errorf("%d passages returned, want top_k 1 to win over the model's 9", n)
	}
}

// An agent whose tools return no passages answers without a record.
func TestAgentWithoutEvidenceAnswersPlainly(t *testing.T) {
	e := newEnv(t, "ollama")
	e.srv.Script("qwen3",
		llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("date_arithmetic", map[string]any{"operation": "add", "date": "2025-03-14", "days": 30})}},
		llmtest.Text("The notice ends on 13 April 2025."),
	)
	plan := e.compile(t, []byte(agentApp("[date_arithmetic]", "")))
	res, err, _ := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "30 days from today?"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outputs["text"].Text() != "The notice ends on 13 April 2025." || res.Outputs["status"].Text() != "" {
		t.Errorf("outputs %v", res.Outputs)
	}
	if sys := e.srv.Requests()[0].Messages[0].Content; strings.Contains(sys, "like [1]") {
		t.Errorf("no library tool, yet the citation rule was added: %q", sys)
	}
}

func TestAgentCompileErrors(t *testing.T) {
	e := newEnv(t, "ollama")
	for _, tc := range []struct{ tools, extra, want string }{
		{"[]", "", "at least one tool"},
		{"[summon_judge]", "", `tools[0]: "summon_judge" is not a Lexflow tool`},
		{"[search_collection, search_collection]", "", "listed twice"},
		{"[search_collection]", "          strategy: telepathy", `strategy: "telepathy"`},
		{"[search_collection]", "          max_iterations: 99", "max_iterations: 99"},
		{`[{tool_name: search_collection, tool_parameters: {court: {type: constant, value: x}}}]`, "", "no such parameter"},
	} {
		app, _, err := dify.Import([]byte(agentApp(tc.tools, tc.extra)))
		if err != nil {
			t.Fatalf("import: %v", err)
		}
		_, err = engine.Compile(app, e.registry(t))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "agent1") {
			t.Errorf("tools %s %s: err %v, want %q on agent1", tc.tools, tc.extra, err, tc.want)
		}
	}
}

// An agent's context feeds a variable extraction like any LLM node's: the
// sub-node inherits the agent's model and reads the conversation.
func TestExtractionFromAnAgentsContext(t *testing.T) {
	e := newEnv(t, "ollama")
	e.srv.Script("qwen3",
		llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("search_collection", map[string]any{"query": "wages"})}},
		llmtest.Text("Wages are paid monthly [1]."),
		agentAnswer("Wages are paid monthly [1].", 1, ""),
		llmtest.Text("Article 20"),
	)
	extra := `      - id: fetch
        type: tool
        data:
          tool_name: fetch_article
          tool_parameters:
            article: {type: extraction, value: {source_node_id: agent1, extraction_prompt: "Which article?"}}`
	dsl := strings.Replace(agentApp("[search_collection]", extra), "{source: agent1, target: end}", "{source: agent1, target: fetch}\n      - {source: fetch, target: end}", 1)
	plan := e.compile(t, []byte(dsl))
	_, err, events := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "When are wages paid?"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	ext := lastFinish(events, "fetch_ext_1")
	if ext.Outputs["text"].Text() != "Article 20" {
		t.Fatalf("extraction outputs %v", ext.Outputs)
	}
	msgs := e.srv.Requests()[3].Messages
	if len(msgs) < 3 || msgs[0].Content != "When are wages paid?" || msgs[1].Content != "Wages are paid monthly [1]." {
		t.Errorf("the extraction should read the agent's conversation: %+v", msgs)
	}
	if got := lastFinish(events, "fetch").Outputs["text"].Text(); !strings.Contains(got, "Wages are paid monthly") {
		t.Errorf("fetched %q", got)
	}
}

// The built-in extractive answerer cannot call tools: the agent says so
// instead of answering without its tools.
func TestAgentRefusesTheExtractiveAnswerer(t *testing.T) {
	e := newEnv(t, "ollama")
	set := e.deps.Models.(nodes.ProviderSet)
	set.Providers = append(set.Providers, nodes.NamedProvider{ID: "builtin", Name: "Extractive", Provider: extractive.New(extractive.Options{}), DefaultModel: "extractive"})
	e.deps.Models = set
	dsl := strings.Replace(agentApp("[search_collection]", ""), "{provider: ollama, name: qwen3}", "{provider: builtin}", 1)
	plan := e.compile(t, []byte(dsl))
	_, err, _ := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "notice?"}}, 1)
	if err == nil || !strings.Contains(err.Error(), "extractive answerer cannot use tools") {
		t.Fatalf("err %v", err)
	}
	if n := len(e.srv.Requests()); n != 0 {
		t.Errorf("%d model calls, want none", n)
	}
}

// difyAgentApp: a Dify chatflow whose agent has one tool Lexflow lacks.
const difyAgentApp = `version: 0.1.5
kind: app
app: {name: travel, mode: advanced-chat}
workflow:
  graph:
    nodes:
      - {id: start, data: {type: start, title: Start, variables: []}}
      - id: agent1
        data:
          type: agent
          title: Agent
          agent_strategy_name: function_calling
          agent_parameters:
            model: {type: constant, value: {provider: ollama, model: qwen3, mode: chat}}
            query: {type: constant, value: "{{#sys.query#}}"}
            tools: {type: constant, value: [{enabled: true, provider_name: langgenius/duckduckgo/duckduckgo, tool_name: ddgo_search,
              type: builtin, extra: {description: Search the web}, parameters: {max_results: 5, query: ""}}]}
      - {id: answer, data: {type: answer, title: Answer, answer: "{{#agent1.text#}}"}}
    edges:
      - {source: start, target: agent1}
      - {source: agent1, target: answer}
`

// A Dify agent's tool with no Lexflow equivalent is offered to the model as
// Dify described it: the run goes on while the model does not call it, and
// fails with "replace this tool" and what it was given when it does.
func TestDifyAgentPlaceholderFailsOnlyWhenCalled(t *testing.T) {
	e := newEnv(t, "ollama")
	plan := e.compile(t, []byte(difyAgentApp))
	e.srv.Script("qwen3", llmtest.Text("Lisbon is lovely in May."))
	res, err, events := run(t, plan, engine.RunInput{Sys: engine.Sys{Query: "Where to in May?"}}, 1)
	if err != nil || res.Answer != "Lisbon is lovely in May." {
		t.Fatalf("no call: err %v, answer %q", err, res.Answer)
	}
	if offered := e.srv.Requests()[0].Tools; len(offered) != 1 || offered[0] != "ddgo_search" {
		t.Errorf("offered %v, want the placeholder ddgo_search", offered)
	}
	if w := fmt.Sprint(lastFinish(events, "agent1").ProcessData["warnings"]); !strings.Contains(w, "ddgo_search (langgenius/duckduckgo/duckduckgo)") {
		t.Errorf("warnings %s", w)
	}

	e.srv.Script("qwen3", llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("ddgo_search", map[string]any{"query": "Lisbon in May"})}},
		llmtest.Text("never asked"))
	_, err, _ = run(t, plan, engine.RunInput{Sys: engine.Sys{Query: "Where to in May?"}}, 1)
	var f *nodes.Failure
	if !errors.As(err, &f) || f.Type != nodes.ErrorTypeToolPlaceholder || !strings.Contains(err.Error(), `"ddgo_search"`) ||
		!strings.Contains(err.Error(), `{"max_results":5,"query":"Lisbon in May"}`) {
		t.Fatalf("a call should fail the run with the placeholder's message: %v", err)
	}
	if n := len(e.srv.Requests()); n != 2 {
		t.Errorf("%d model calls in all, want 1 for the first run and 1 before the placeholder stopped the second", n)
	}
}
