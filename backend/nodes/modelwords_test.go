package nodes_test

import (
	"errors"
	"strings"
	"testing"

	"lexflow/backend/engine"
	"lexflow/backend/nodes"
)

// A step whose provider has no model to use fails with words a person can
// act on: the step's title, the provider's name (never its id) and the fix.
func TestAStepWithoutAModelSaysWhichStepWhichProviderAndWhatToDo(t *testing.T) {
	e := newEnv(t, "")
	set := e.deps.Models.(nodes.ProviderSet)
	noModel := set.Providers[1]
	noModel.ID, noModel.Name, noModel.DefaultModel = "a4cdd1352288e4e59d645d85fdf51c6b", "LM Studio", ""
	e.deps.Models = nodes.ProviderSet{Providers: []nodes.NamedProvider{noModel}}
	dsl := `
version: 0.1.0
kind: lexflow-app
app: {name: Review, mode: chatflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - id: review_law
        type: llm
        data:
          title: Review the law
          model: {provider: a4cdd1352288e4e59d645d85fdf51c6b, name: "", mode: chat}
          prompt_template: [{role: user, text: "{{#sys.query#}}"}]
      - {id: answer, type: answer, data: {answer: "{{#review_law.text#}}"}}
    edges:
      - {source: start, target: review_law}
      - {source: review_law, target: answer}
`
	_, err, _ := run(t, e.compile(t, []byte(dsl)), engine.RunInput{Sys: engine.Sys{Query: "May a landlord keep the deposit?"}}, 2)
	if !errors.Is(err, nodes.ErrNoModel) {
		t.Fatalf("run error = %v, want ErrNoModel", err)
	}
	msg := err.Error()
	for _, want := range []string{`step "Review the law"`, "the provider LM Studio has no default model", "choose a model for this step", "Settings → Providers"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg, "a4cdd135") {
		t.Errorf("error %q names the provider by its id", msg)
	}
}
