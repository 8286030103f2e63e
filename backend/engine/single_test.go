package engine

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
)

const chainDSL = `version: 0.1.0
kind: lexflow-app
app: {name: chain, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: [{variable: q, type: text-input}]}}
      - {id: a, type: echo, data: {text: "A({{#start.q#}})"}}
      - {id: b, type: echo, data: {text: "B({{#a.text#}}, {{#sys.workflow_run_id#}})"}}
      - {id: end, type: end, data: {outputs: [{variable: out, value_selector: [b, text]}]}}
    edges:
      - {source: start, target: a}
      - {source: a, target: b}
      - {source: b, target: end}
`

// A node run alone with the variables recorded at its start in a whole run
// produces what it produced then, and nothing else runs.
func TestStartNodeReplaysRecordedVariables(t *testing.T) {
	plan := planWith(t, chainDSL, nil)
	var whole recorder
	res, err := plan.Run(t.Context(), RunInput{RunID: "r1", Inputs: map[string]any{"q": "why"}}, RunOptions{Observers: []Observer{&whole}})
	if err != nil {
		t.Fatal(err)
	}
	var recorded []byte
	for _, e := range whole.all() {
		if e.Kind == NodeRunStarted && e.NodeID == "b" {
			recorded, _ = json.Marshal(e.Vars)
		}
	}
	if want := `{"a.text":"A(why)","sys.workflow_run_id":"r1"}`; string(recorded) != want {
		t.Fatalf("recorded vars %s, want %s", recorded, want)
	}

	var vars Vars
	if err := json.Unmarshal(recorded, &vars); err != nil {
		t.Fatal(err)
	}
	if missing := plan.MissingVars("b", vars); len(missing) != 0 {
		t.Errorf("missing %v", missing)
	}
	var alone recorder
	x, err := plan.StartNode(t.Context(), "b", vars, RunInput{RunID: "r2"}, RunOptions{Observers: []Observer{&alone}})
	if err != nil {
		t.Fatal(err)
	}
	single, err := x.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(res.Outputs["out"], single.Outputs["text"]); diff != "" {
		t.Errorf("output differs from the whole run's (-whole +alone):\n%s", diff)
	}
	var kinds []string
	for _, e := range alone.all() {
		kinds = append(kinds, string(e.Kind)+" "+e.NodeID)
	}
	want := []string{"run_started ", "node_started b", "node_succeeded b", "run_succeeded "}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

func TestStartNodeNamesWhatIsMissing(t *testing.T) {
	plan := planWith(t, chainDSL, nil)
	if got := plan.MissingVars("b", Vars{}); !cmp.Equal(got, []string{"a.text", "sys.workflow_run_id"}) {
		t.Errorf("missing %v", got)
	}
	if _, err := plan.StartNode(t.Context(), "nope", Vars{}, RunInput{}, RunOptions{}); !errors.Is(err, ErrNodeNotFound) {
		t.Errorf("unknown node: %v", err)
	}
}

// brokenElsewhereDSL is chainDSL with its end step replaced by broken ones:
// a reference to a deleted step, a step of an unknown type; the edge into
// the end now dangles, and there is no end.
var brokenElsewhereDSL = strings.Replace(chainDSL, "      - {id: end, type: end, data: {outputs: [{variable: out, value_selector: [b, text]}]}}\n",
	"      - {id: c, type: echo, data: {text: \"{{#gone.text#}}\"}}\n      - {id: d, type: quantum, data: {}}\n", 1)

// A step compiled to run alone is checked alone: steps broken elsewhere in
// the app do not stop it, its own problems still do, and the plan runs it
// and nothing else.
func TestCompileNodeChecksTheStepAlone(t *testing.T) {
	app, err := dsl.Parse([]byte(brokenElsewhereDSL))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compile(app, testRegistry()); err == nil {
		t.Fatal("the whole app compiled; the test needs it broken")
	}
	plan, err := CompileNode(app, testRegistry(), "b")
	if err != nil {
		t.Fatalf("compile step b alone: %v", err)
	}
	var vars Vars
	if err := json.Unmarshal([]byte(`{"a.text":"A(why)"}`), &vars); err != nil {
		t.Fatal(err)
	}
	x, err := plan.StartNode(t.Context(), "b", vars, RunInput{}, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := x.Wait()
	if err != nil || !strings.HasPrefix(res.Outputs["text"].Text(), "B(A(why)") {
		t.Errorf("step b alone: %v, outputs %v", err, res.Outputs)
	}
	if _, err := plan.Start(t.Context(), RunInput{}, RunOptions{}); !errors.Is(err, ErrNodeNotFound) {
		t.Errorf("a whole run of a one-step plan: %v, want refused", err)
	}

	if _, err := CompileNode(app, testRegistry(), "d"); !errors.Is(err, ErrUnknownNodeType) {
		t.Errorf("step d alone: %v, want its own unknown type reported", err)
	}
	if _, err := CompileNode(app, testRegistry(), "nope"); !errors.Is(err, ErrNodeNotFound) {
		t.Errorf("a step the app lacks: %v", err)
	}
}
