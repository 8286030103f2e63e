package nodes_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// A chatflow that counts its turns and remembers every question, in both of
// Dify's assigner forms; each turn starts from the variables the last left.
const counterApp = `
version: 0.1.0
kind: lexflow-app
app: {name: Counter, mode: chatflow}
workflow:
  conversation_variables:
    - {name: turns, value_type: number, value: 0}
    - {name: asked, value_type: 'array[string]', value: []}
    - {name: last, value_type: string, value: ''}
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - id: count
        type: assigner
        data:
          version: '2'
          items:
            - {variable_selector: [conversation, turns], input_type: constant, operation: '+=', value: 1}
            - {variable_selector: [conversation, asked], input_type: variable, operation: append, value: [sys, query]}
      - id: remember
        type: assigner
        data: {assigned_variable_selector: [conversation, last], write_mode: over-write, input_variable_selector: [sys, query]}
      - {id: reply, type: answer, data: {answer: '{{#conversation.turns#}}: {{#conversation.asked#}} / {{#conversation.last#}}'}}
    edges:
      - {source: start, target: count}
      - {source: count, target: remember}
      - {source: remember, target: reply}
`

func TestAssignerKeepsConversationVariables(t *testing.T) {
	e := newEnv(t, "ollama")
	plan := e.compile(t, []byte(counterApp))
	var conv map[string]any
	var answers []string
	for _, q := range []string{"first", "second"} {
		res, err, _ := run(t, plan, engine.RunInput{Sys: engine.Sys{Query: q}, Conversation: conv}, 2)
		if err != nil {
			t.Fatal(err)
		}
		answers = append(answers, res.Answer)
		conv = map[string]any{}
		for k, v := range res.Conversation {
			conv[k] = v.Any()
		}
	}
	want := []string{`1: ["first"] / first`, `2: ["first","second"] / second`}
	if d := cmp.Diff(want, answers); d != "" {
		t.Errorf("answers (-want +got):\n%s", d)
	}
}

func TestAssignerRefusesUndeclaredTargets(t *testing.T) {
	e := newEnv(t, "ollama")
	doc := strings.Replace(counterApp, "[conversation, last], write_mode", "[conversation, missing], write_mode", 1)
	app, err := dsl.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.Compile(app, e.registry(t))
	if err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("compile: %v, want a problem naming conversation.missing", err)
	}
}
