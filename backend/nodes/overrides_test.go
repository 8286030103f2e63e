package nodes_test

import (
	"testing"

	"lexflow/backend/engine"
	"lexflow/backend/nodes"
)

const storedModelApp = `version: 0.1.0
kind: lexflow-app
app: {name: overrides, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: []}}
      - id: llm
        type: llm
        data: {model: {provider: ollama, name: stored-model}, prompt_template: [{role: user, text: hello}]}
      - {id: end, type: end, data: {outputs: [{variable: text, value_selector: [llm, text]}]}}
    edges:
      - {source: start, target: llm}
      - {source: llm, target: end}
`

// A run's overrides choose the model without the app being rewritten; a
// run without them uses the model the app names.
func TestOverridesChooseTheModel(t *testing.T) {
	e := newEnv(t, "ollama")
	plan := e.compile(t, []byte(storedModelApp))
	for _, tt := range []struct {
		overrides any
		model     string
	}{
		{nil, "stored-model"},
		{nodes.Overrides{Model: nodes.ModelRef{Provider: "openai", Name: "chosen-model"}}, "chosen-model"},
		{nodes.Overrides{Collections: []string{"c1"}}, "stored-model"},
	} {
		e.srv.ClearRequests()
		res, err, _ := run(t, plan, engine.RunInput{Overrides: tt.overrides}, 1)
		if err != nil || res.Status != engine.StatusSucceeded {
			t.Fatalf("run with %+v: %v %+v", tt.overrides, err, res)
		}
		reqs := e.srv.Requests()
		if len(reqs) != 1 || reqs[0].Model != tt.model {
			t.Errorf("with %+v the model asked was %+v, want %s", tt.overrides, reqs, tt.model)
		}
	}
}
