package nodes_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/nodes/dify"
)

// A real Dify export (dify/testdata/dify/README.md): a chatflow that splits
// a question into steps with a parameter extractor, then, in an iteration,
// reads each step with a Python code node and answers it with an LLM; it
// imports, compiles and runs unchanged.
const corpusIteration = "dify/testdata/dify/corpus_llm2o1.yml"

const (
	corpusIterationID = "1727189041788"
	corpusCodeID      = "1727189052583"
)

func TestCorpusIterationImportsCompilesAndRuns(t *testing.T) {
	data, err := os.ReadFile(corpusIteration)
	if err != nil {
		t.Fatal(err)
	}
	app, rep, err := dify.Import(data)
	if err != nil {
		t.Fatal(err)
	}
	var inside []string
	for _, n := range app.Workflow.Graph.Nodes {
		if n.ParentID == corpusIterationID {
			inside = append(inside, n.Type)
		}
		if line := rep.Find(n.ID); line == nil || line.Outcome == dsl.OutcomeUnsupported {
			t.Errorf("node %s (%s) reported %+v", n.ID, n.Type, line)
		}
	}
	slices.Sort(inside)
	if d := cmp.Diff([]string{"code", "iteration-start", "llm"}, inside); d != "" {
		t.Errorf("steps inside the iteration (-want +got):\n%s", d)
	}

	// Its Python code step runs as written, in the sandbox, once per step.
	e := newEnv(t, "openai")
	e.srv.Respond("gpt-4o-mini", func(req llmtest.Request) llmtest.Reply {
		return llmtest.Text(`{"steps": [{"name": "define", "content": "Define the term."}, {"name": "apply", "content": "Apply it."}]}`)
	})
	e.srv.Respond("gpt-4o", func(req llmtest.Request) llmtest.Reply {
		for _, m := range req.Messages {
			for _, step := range []string{"Define the term.", "Apply it."} {
				if strings.Contains(m.Content, step) {
					return llmtest.Text("Answered: " + step)
				}
			}
		}
		return llmtest.Text("In sum.")
	})
	plan, err := engine.Compile(app, e.registry(t))
	if err != nil {
		t.Fatal(err)
	}
	res, err, evs := run(t, plan, engine.RunInput{Sys: engine.Sys{Query: "What is consideration?"}}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if rounds := roundsOf(evs, corpusIterationID, corpusCodeID, engine.NodeRunSucceeded); !slices.Equal(rounds, []int{0, 1}) {
		t.Errorf("the code step ran in rounds %v, want 0 and 1", rounds)
	}
	if !strings.Contains(res.Answer, "Answered: Define the term.\nAnswered: Apply it.") {
		t.Errorf("answer %q does not carry both steps' answers", res.Answer)
	}
}
