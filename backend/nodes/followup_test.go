package nodes_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"lexflow/backend/engine"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/nodes"
)

func followUpApp(model string) string {
	return fmt.Sprintf(`
version: "0.1.0"
kind: lexflow-app
app: {name: Follow-up, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {title: Start, variables: [{variable: q, type: paragraph, required: true}]}}
      - id: retrieve
        type: knowledge-retrieval
        data:
          title: Search
          query_variable_selector: [start, q]
          multiple_retrieval_config: {top_k: 3}
          follow_up: {enabled: true, model: %s}
      - {id: end, type: end, data: {title: End, outputs: [{variable: query, value_selector: [retrieve, query]}, {variable: result, value_selector: [retrieve, result]}]}}
    edges:
      - {source: start, target: retrieve}
      - {source: retrieve, target: end}
`, model)
}

var earlierTurns = []nodes.Turn{
	{Role: "user", Text: "How much notice terminates an employment contract?"},
	{Role: "assistant", Text: "Thirty days' written notice [1]."},
}

// Without a model to write it, a follow-up is searched with the question it
// follows, and the step says so.
func TestFollowUpCarriesTheEarlierQuestionWithoutAModel(t *testing.T) {
	e := newEnv(t, "")
	plan := e.compile(t, []byte(followUpApp(`{provider: "", name: ""}`)))
	res, err, events := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "And during annual leave?", nodes.HistoryInput: earlierTurns}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := "How much notice terminates an employment contract? And during annual leave?"
	if got := res.Outputs["query"].Text(); got != want {
		t.Errorf("searched %q, want %q", got, want)
	}
	if !strings.Contains(fmt.Sprint(res.Outputs["result"].Any()), "annual leave") {
		t.Errorf("the annual-leave notice rule is not among the hits: %v", res.Outputs["result"].Any())
	}
	if len(e.srv.Requests()) != 0 {
		t.Errorf("%d model requests, want none", len(e.srv.Requests()))
	}
	if !strings.Contains(fmt.Sprint(events), "earlier question carried over") {
		t.Errorf("no step note says the earlier question was carried over")
	}
}

// With a model, the model writes the standalone question from the
// conversation; a question that stands alone is searched as asked.
func TestFollowUpIsRewrittenByTheModel(t *testing.T) {
	e := newEnv(t, "ollama")
	e.srv.Script("qwen3", llmtest.Text("What notice ends an employment contract during annual leave?"))
	plan := e.compile(t, []byte(followUpApp(`{provider: ollama, name: qwen3}`)))
	res, err, _ := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "and what about during leave?", nodes.HistoryInput: earlierTurns}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Outputs["query"].Text(); got != "What notice ends an employment contract during annual leave?" {
		t.Errorf("searched %q", got)
	}
	reqs := e.srv.Requests()
	if len(reqs) != 1 || len(reqs[0].Messages) != 4 || reqs[0].Messages[3].Content != "and what about during leave?" {
		t.Fatalf("model requests %+v, want one with the instruction, the two earlier turns and the follow-up", reqs)
	}
	res, err, _ = run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "When are wages paid under the labour act?", nodes.HistoryInput: earlierTurns}}, 1)
	if err != nil || res.Outputs["query"].Text() != "When are wages paid under the labour act?" || len(e.srv.Requests()) != 1 {
		t.Errorf("a standalone question: searched %q after %d model requests (%v)", res.Outputs["query"].Text(), len(e.srv.Requests()), err)
	}
}

// A model that fails, or answers with something that is not a question,
// does not fail the answer: the earlier question is carried over.
func TestFollowUpSurvivesAModelThatCannotWriteIt(t *testing.T) {
	e := newEnv(t, "ollama")
	e.srv.Script("qwen3", llmtest.Text(`{"answer": "", "citations": []}`))
	plan := e.compile(t, []byte(followUpApp(`{provider: ollama, name: qwen3}`)))
	res, err, _ := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "And during annual leave?", nodes.HistoryInput: earlierTurns}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Outputs["query"].Text(); !strings.HasPrefix(got, "How much notice") {
		t.Errorf("searched %q, want the earlier question carried over", got)
	}
}

// "Which documents …?" checks every document in scope on its own.
func TestRetrievalChecksEveryDocumentForAQuestionAcrossThem(t *testing.T) {
	e := newEnv(t, "")
	var listed []string
	e.deps.Documents = func(_ context.Context, collections []string) ([]string, error) {
		listed = collections
		return []string{"labour-act", "civil-law"}, nil
	}
	dsl := strings.Replace(followUpApp(`{provider: "", name: ""}`), "follow_up: {enabled: true, model: {provider: \"\", name: \"\"}}",
		"across_documents: {enabled: true}", 1)
	dsl = strings.Replace(dsl, "{variable: result, value_selector: [retrieve, result]}", "{variable: result, value_selector: [retrieve, result]}, {variable: checked, value_selector: [retrieve, documents_checked]}", 1)
	plan := e.compile(t, []byte(dsl))
	res, err, _ := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "Which documents say when wages are paid?"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Outputs["checked"].Any(); got != float64(2) {
		t.Errorf("documents_checked %v, want 2", got)
	}
	hits, _ := res.Outputs["result"].Any().([]any)
	if len(hits) == 0 || !strings.Contains(fmt.Sprint(hits[0]), "Wages are paid monthly") {
		t.Errorf("result %v, want the wages article first", hits)
	}
	if listed != nil {
		t.Errorf("listed collections %v, want all (none given)", listed)
	}
}
