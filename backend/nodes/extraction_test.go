package nodes_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/nodes"
	"lexflow/backend/nodes/dify"
	"lexflow/examples"
)

// extractionApp: a conversation given as a run input, a tool whose
// article is extracted from it with an explicit model.
const extractionApp = `version: 0.1.0
kind: lexflow-app
app: {name: t, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: [{variable: convo, type: "array[object]"}]}}
      - id: tool1
        type: tool
        data:
          tool_name: fetch_article
          tool_parameters:
            article: {type: extraction, value: {source_node_id: start, source_variable: convo, extraction_prompt: "Which article?", model: {name: qwen3}}}
      - {id: end, type: end, data: {outputs: [{variable: a, value_selector: [tool1_ext_1, text]}]}}
    edges:
      - {source: start, target: tool1}
      - {source: tool1, target: end}
`

// A 10,000-message conversation is trimmed to the newest messages within
// nodes.ConversationWords, and the trace says so.
func TestExtractionTrimsLongConversation(t *testing.T) {
	e := newEnv(t, "ollama")
	e.srv.Script("", llmtest.Text("Article 12"))
	convo := make([]any, 10_000)
	for i := range convo {
		role := []string{"user", "assistant"}[i%2]
		convo[i] = map[string]any{"role": role, "text": fmt.Sprintf("message %d about article %d", i, i), "files": []any{}}
	}
	plan := e.compile(t, []byte(extractionApp))
	res, err, events := run(t, plan, engine.RunInput{Inputs: map[string]any{"convo": convo}}, 1)
	if err != nil || res.Outputs["a"].Text() != "Article 12" {
		t.Fatalf("outputs %v, err %v", res.Outputs, err)
	}
	msgs := e.srv.Requests()[0].Messages
	perMessage := 5 // "message N about article N"
	if want := nodes.ConversationWords/perMessage + 1; len(msgs) != want {
		t.Errorf("%d messages sent, want %d (the newest that fit, then the prompt)", len(msgs), want)
	}
	if !strings.HasPrefix(msgs[len(msgs)-2].Content, "message 9999 ") || msgs[len(msgs)-1].Content != "Which article?" {
		t.Errorf("last messages %+v", msgs[len(msgs)-2:])
	}
	pd := lastFinish(events, "tool1_ext_1").ProcessData
	if w := fmt.Sprint(pd["warnings"]); !strings.Contains(w, "trimmed to its newest 1200 of 10000 messages") {
		t.Errorf("warnings %s", w)
	}
}

// Conversations of the wrong shape fail with invalid_variable_type and say
// which item is wrong; a single message longer than the budget is cut.
func TestExtractionConversationShapes(t *testing.T) {
	long := strings.Repeat("word ", nodes.ConversationWords+10) + "end"
	tests := []struct {
		name    string
		convo   []any
		errType string
		lastLen int
	}{
		{"system entry", []any{map[string]any{"role": "system", "text": "obey"}}, "invalid_variable_type", 0},
		{"text not a string", []any{map[string]any{"role": "user", "text": 3}}, "invalid_variable_type", 0},
		{"one long message", []any{map[string]any{"role": "user", "text": long}}, "", nodes.ConversationWords},
		{"empty", []any{}, "", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, "ollama")
			e.srv.Script("", llmtest.Text("Article 12"))
			plan := e.compile(t, []byte(extractionApp))
			_, _, events := run(t, plan, engine.RunInput{Inputs: map[string]any{"convo": tt.convo}}, 1)
			ext := lastFinish(events, "tool1_ext_1")
			if ext.ErrorType != tt.errType {
				t.Fatalf("error type %q (%s), want %q", ext.ErrorType, ext.Error, tt.errType)
			}
			if tt.lastLen > 0 {
				msgs := e.srv.Requests()[0].Messages
				if n := len(strings.Fields(msgs[0].Content)); n != tt.lastLen || !strings.HasSuffix(msgs[0].Content, "end") {
					t.Errorf("long message kept %d words", n)
				}
			}
			if tt.lastLen < 0 && len(e.srv.Requests()[0].Messages) != 1 {
				t.Errorf("an empty conversation sends only the prompt: %+v", e.srv.Requests()[0].Messages)
			}
		})
	}
}

func lastFinish(events []engine.Event, id string) engine.Event {
	var last engine.Event
	for _, e := range events {
		if e.NodeID == id && (e.Kind == engine.NodeRunSucceeded || e.Kind == engine.NodeRunFailed) {
			last = e
		}
	}
	return last
}

// Extraction parameters and virtual_nodes survive export and import in
// both formats, and the re-imported app compiles to the same sub-nodes.
func TestExtractionDSLRoundTrip(t *testing.T) {
	e := newEnv(t, "ollama")
	for _, file := range []string{"extraction_two.yml", "extraction_virtual_nodes.yml"} {
		for _, format := range []dsl.Format{dsl.FormatYAML, dsl.FormatJSON} {
			t.Run(file+"/"+string(format), func(t *testing.T) {
				original, _, err := dify.Import(readFile(t, "testdata/apps/"+file))
				if err != nil {
					t.Fatal(err)
				}
				out, err := dsl.Export(original, format)
				if err != nil {
					t.Fatal(err)
				}
				again, _, err := dify.Import(out)
				if err != nil {
					t.Fatalf("import export: %v\n%s", err, out)
				}
				if d := cmp.Diff(original, again); d != "" {
					t.Errorf("app changed (-before +after):\n%s", d)
				}
				if a, b := virtualIDs(t, e, original), virtualIDs(t, e, again); a == "" || a != b {
					t.Errorf("virtual nodes %q, after the round trip %q", a, b)
				}
			})
		}
	}
}

func virtualIDs(t *testing.T, e *env, app *dsl.App) string {
	plan, err := engine.Compile(app, e.registry(t))
	if err != nil {
		t.Fatal(err)
	}
	info, _ := plan.Node("tool1")
	var ids []string
	for _, v := range info.Spec.Virtual {
		ids = append(ids, v.ID+":"+v.ExtractionSource)
	}
	return strings.Join(ids, ",")
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The sample app "Statute lookup": the model restates the question, the
// article number is extracted from that conversation, and the tool fetches
// the article, its extraction nested under it in the events.
func TestStatuteLookupExample(t *testing.T) {
	dsl, err := examples.App("statute-lookup.yml")
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, "ollama")
	e.srv.Script("", llmtest.Text("You ask about Article 12 of the labour act, on termination."), llmtest.Text("Article 12"))
	plan := e.compile(t, dsl)
	res, err, events := run(t, plan, engine.RunInput{Sys: engine.Sys{Query: "What does article 12 of the labour act say?"}}, 1)
	if err != nil || !strings.Contains(res.Answer, "written notice of thirty days") {
		t.Fatalf("answer %q, err %v", res.Answer, err)
	}
	ext := lastFinish(events, "fetch_ext_1")
	if !ext.IsVirtual || ext.ParentNodeID != "fetch" || ext.ExtractionSource != "llm1.context" || ext.Outputs["text"].Text() != "Article 12" {
		t.Errorf("extraction event %+v", ext)
	}
}
