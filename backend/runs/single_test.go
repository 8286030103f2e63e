package runs

import (
	"context"
	"errors"
	"strings"
	"testing"

	"lexflow/backend/engine"
	"lexflow/backend/store"
)

// echoNode reads the start's q and says it back.
type echoNode struct{ prefix string }

func (echoNode) Spec() engine.Spec {
	return engine.Spec{Inputs: []engine.Input{{Selector: engine.Selector{"start", "q"}}},
		Outputs: []engine.Output{{Name: "text", Type: engine.TypeString}}}
}
func (n echoNode) Run(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	q, _ := in.Vars.Get(engine.Selector{"start", "q"})
	return engine.NodeResult{Outputs: map[string]engine.Value{"text": engine.String(n.prefix + q.Text())}}, nil
}

const echoDSL = `version: "0.1.0"
kind: lexflow-app
app: {name: Echo, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {title: Start}}
      - {id: e, type: echo, data: {title: Echo}}
      - {id: end, type: end, data: {title: End}}
    edges:
      - {source: start, target: e}
      - {source: e, target: end}
`

// A step run alone gets exactly what it read in the app's last whole run,
// runs through the app's current configuration, and is recorded as a run of
// its own that names the step and the source run.
func TestStartNodeUsesTheLastRecordedVariables(t *testing.T) {
	svc, db := testService(t, false)
	prefix := "said: "
	svc.registry.Register("echo", func(engine.NodeDef) (engine.Node, error) { return echoNode{prefix: prefix}, nil })
	ctx := context.Background()
	app, err := db.SaveApp(ctx, store.App{Name: "Echo", Mode: "workflow", DSL: echoDSL})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.StartNode(ctx, app.ID, "e"); !errors.Is(err, ErrNeverRan) {
		t.Fatalf("before any run: %v, want ErrNeverRan", err)
	}
	x, err := svc.Start(ctx, Request{AppID: app.ID, Inputs: map[string]any{"q": "hello"}})
	if err != nil {
		t.Fatal(err)
	}
	whole, _ := x.Wait()

	prefix = "now: " // the step was edited since
	single, err := svc.StartNode(ctx, app.ID, "e")
	if err != nil {
		t.Fatal(err)
	}
	res, err := single.Execution.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Outputs["text"].Text(); got != "now: hello" {
		t.Errorf("output %q, want %q", got, "now: hello")
	}
	if single.Source.RunID != whole.RunID || len(single.Missing) != 0 {
		t.Errorf("source %s (want %s), missing %v", single.Source.RunID, whole.RunID, single.Missing)
	}
	run, err := db.GetRun(ctx, res.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if run.SingleNodeID != "e" || run.SourceRunID != whole.RunID || run.Status != "succeeded" {
		t.Errorf("recorded run %+v", run)
	}
	execs, _ := db.NodeExecutions(ctx, res.RunID)
	if len(execs) != 1 || execs[0].NodeID != "e" || execs[0].Variables != `{"start.q":"hello"}` {
		t.Errorf("executions %+v", execs)
	}
	// A run of the step alone is not itself a source: the whole run stays the last real one.
	again, err := svc.StartNode(ctx, app.ID, "e")
	if err != nil {
		t.Fatal(err)
	}
	again.Execution.Wait()
	if again.Source.RunID != whole.RunID {
		t.Errorf("second single run started from %s, want %s", again.Source.RunID, whole.RunID)
	}
}

// A step runs alone even while the app is broken elsewhere: an edit in
// progress (a step of an unknown type, the end step deleted) does not stop
// the test of a step that is fine.
func TestStartNodeIgnoresStepsBrokenElsewhere(t *testing.T) {
	svc, db := testService(t, false)
	svc.registry.Register("echo", func(engine.NodeDef) (engine.Node, error) { return echoNode{prefix: "said: "}, nil })
	ctx := context.Background()
	app, err := db.SaveApp(ctx, store.App{Name: "Echo", Mode: "workflow", DSL: echoDSL})
	if err != nil {
		t.Fatal(err)
	}
	x, err := svc.Start(ctx, Request{AppID: app.ID, Inputs: map[string]any{"q": "hello"}})
	if err != nil {
		t.Fatal(err)
	}
	x.Wait()
	broken := strings.NewReplacer("- {id: end, type: end, data: {title: End}}", "- {id: draft, type: quantum, data: {}}").Replace(echoDSL)
	if _, err := db.UpdateApp(ctx, store.App{ID: app.ID, Name: "Echo", Mode: "workflow", DSL: broken}, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Start(ctx, Request{AppID: app.ID}); err == nil {
		t.Fatal("the broken app ran whole; the test needs it broken")
	}
	single, err := svc.StartNode(ctx, app.ID, "e")
	if err != nil {
		t.Fatalf("run step e alone: %v", err)
	}
	res, err := single.Execution.Wait()
	if err != nil || res.Outputs["text"].Text() != "said: hello" {
		t.Errorf("step e alone: %v, outputs %v", err, res.Outputs)
	}
}
