package runs

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"lexflow/backend/engine"
	"lexflow/backend/llm"
	"lexflow/backend/store"
)

// Minimal node types for recording tests; the real ones live in backend/nodes.
type startNode struct{}

func (startNode) Spec() engine.Spec {
	return engine.Spec{Role: engine.RoleStart, Outputs: []engine.Output{{Name: "q", Type: engine.TypeString}}}
}
func (startNode) Run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	return engine.NodeResult{Outputs: map[string]engine.Value{"q": engine.ValueOf(in.RunInputs["q"])}}, nil
}

type writerNode struct{ wait bool }

func (writerNode) Spec() engine.Spec {
	return engine.Spec{Outputs: []engine.Output{{Name: "text", Type: engine.TypeString}}, Streams: []string{"text"}}
}
func (n writerNode) Run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	if n.wait {
		<-ctx.Done()
		return engine.NodeResult{}, ctx.Err()
	}
	var b llm.DetailBuilder
	for _, d := range []llm.Delta{{Kind: llm.DeltaReasoning, Text: "think"}, {Kind: llm.DeltaContent, Text: "المادة ٥"}} {
		b.Add(d)
		if d.Kind == llm.DeltaContent {
			in.Stream("text", d.Text)
		}
	}
	return engine.NodeResult{Outputs: map[string]engine.Value{"text": engine.ValueOf("المادة ٥")},
		ProcessData: map[string]any{DetailKey: b.Detail(), "model": "m"}, Usage: &llm.Usage{PromptTokens: 3, CompletionTokens: 2}}, nil
}

type endNode struct{}

func (endNode) Spec() engine.Spec { return engine.Spec{Role: engine.RoleEnd} }
func (endNode) Run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	return engine.NodeResult{}, nil
}

func testService(t *testing.T, wait bool) (*Service, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	reg := engine.NewRegistry()
	reg.Register("start", func(engine.NodeDef) (engine.Node, error) { return startNode{}, nil })
	reg.Register("writer", func(engine.NodeDef) (engine.Node, error) { return writerNode{wait: wait}, nil })
	reg.Register("end", func(engine.NodeDef) (engine.Node, error) { return endNode{}, nil })
	return NewService(db, reg, nil, context.Background()), db
}

const testDSL = `version: "0.1.0"
kind: lexflow-app
app: {name: Test, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {title: Start}}
      - {id: w, type: writer, data: {title: Writer}}
      - {id: end, type: end, data: {title: End}}
    edges:
      - {source: start, target: w}
      - {source: w, target: end}
`

func TestRunIsRecorded(t *testing.T) {
	svc, db := testService(t, false)
	ctx := context.Background()
	x, err := svc.Start(ctx, Request{DSL: []byte(testDSL), Inputs: map[string]any{"q": "hi"}})
	if err != nil {
		t.Fatal(err)
	}
	if res, err := x.Wait(); err != nil || res.Status != engine.StatusSucceeded {
		t.Fatalf("run = %+v, %v", res, err)
	}
	run, err := db.GetRun(ctx, x.RunID())
	if err != nil || run.Status != "succeeded" || run.PromptTokens != 3 || run.FinishedAt == nil || run.DSL == "" {
		t.Fatalf("stored run = %+v, %v", run, err)
	}
	execs, _ := db.NodeExecutions(ctx, x.RunID())
	if len(execs) != 3 || execs[1].NodeID != "w" || execs[1].Status != "succeeded" || execs[1].FinishedAt == nil {
		t.Fatalf("executions = %+v", execs)
	}
	var process map[string]any
	json.Unmarshal([]byte(execs[1].ProcessData), &process)
	if _, leaked := process[DetailKey]; leaked || process["model"] != "m" {
		t.Errorf("process data = %s", execs[1].ProcessData)
	}
	g, ok, _ := db.NodeGenerationDetail(ctx, x.RunID(), "w")
	if !ok || g.Sequence != `[{"type":"reasoning","index":0},{"type":"content","start":0,"end":8}]` {
		t.Errorf("generation detail = %+v", g)
	}
	events, _ := db.RunEvents(ctx, x.RunID(), 0)
	for i, e := range events {
		if e.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d", i, e.Seq)
		}
	}
	if last := events[len(events)-1]; last.Type != string(engine.RunSucceeded) {
		t.Errorf("last stored event = %s", last.Type)
	}
	if tail, _ := db.RunEvents(ctx, x.RunID(), int64(len(events)-2)); len(tail) != 2 {
		t.Errorf("replay from seq %d gave %d events", len(events)-2, len(tail))
	}
}

func TestCancelIsRecorded(t *testing.T) {
	svc, db := testService(t, true)
	x, err := svc.Start(context.Background(), Request{DSL: []byte(testDSL), Inputs: map[string]any{"q": "hi"}})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	if err := svc.Cancel(x.RunID()); err != nil {
		t.Fatal(err)
	}
	x.Wait()
	run, _ := db.GetRun(context.Background(), x.RunID())
	if run.Status != "cancelled" {
		t.Errorf("status = %s", run.Status)
	}
	if err := svc.Cancel(x.RunID()); err == nil {
		t.Error("cancelling a finished run succeeded")
	}
}

func TestBadDSLWritesNothing(t *testing.T) {
	svc, db := testService(t, false)
	for _, dsl := range []string{"{not yaml", testDSL + "      - {source: end, target: start}\n"} {
		if _, err := svc.Start(context.Background(), Request{DSL: []byte(dsl)}); err == nil {
			t.Errorf("started %q", dsl)
		}
	}
	if runs, _ := db.ListRuns(context.Background(), "", 10); len(runs) != 0 {
		t.Errorf("%d runs recorded for bad DSL", len(runs))
	}
}

// namedWriter streams its own text and hands over a generation detail.
type namedWriter struct{ text string }

func (namedWriter) Spec() engine.Spec {
	return engine.Spec{Outputs: []engine.Output{{Name: "text", Type: engine.TypeString}}, Streams: []string{"text"}}
}
func (n namedWriter) Run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	var b llm.DetailBuilder
	b.Add(llm.Delta{Kind: llm.DeltaReasoning, Text: "why " + n.text})
	b.Add(llm.Delta{Kind: llm.DeltaContent, Text: n.text})
	in.Stream("text", n.text)
	return engine.NodeResult{Outputs: map[string]engine.Value{"text": engine.ValueOf(n.text)},
		ProcessData: map[string]any{DetailKey: b.Detail()}}, nil
}

type answerNode struct{ tpl string }

func (a answerNode) Spec() engine.Spec {
	return engine.Spec{Role: engine.RoleAnswer, Response: engine.ParseTemplate(a.tpl)}
}
func (answerNode) Run(context.Context, engine.NodeInput) (engine.NodeResult, error) {
	return engine.NodeResult{}, nil
}

// An Answer referencing two LLM nodes gets one detail, merged in its reference order.
func TestAnswerDetailsMergeInReferenceOrder(t *testing.T) {
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	reg := engine.NewRegistry()
	reg.Register("start", func(engine.NodeDef) (engine.Node, error) { return startNode{}, nil })
	reg.Register("w", func(d engine.NodeDef) (engine.Node, error) { return namedWriter{text: "«" + d.ID + "»"}, nil })
	reg.Register("answer", func(engine.NodeDef) (engine.Node, error) { return answerNode{"{{#b.text#}} then {{#a.text#}}"}, nil })
	svc := NewService(db, reg, nil, context.Background())
	dsl := `version: "0.1.0"
kind: lexflow-app
app: {name: Two, mode: chatflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - {id: a, type: w, data: {}}
      - {id: b, type: w, data: {}}
      - {id: answer, type: answer, data: {}}
    edges:
      - {source: start, target: a}
      - {source: start, target: b}
      - {source: a, target: answer}
      - {source: b, target: answer}
`
	x, err := svc.Start(context.Background(), Request{DSL: []byte(dsl), Inputs: map[string]any{"q": "x"}})
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := x.Wait(); res.Answer != "«b» then «a»" {
		t.Fatalf("answer = %q", res.Answer)
	}
	g, ok, _ := db.NodeGenerationDetail(context.Background(), x.RunID(), "answer")
	if !ok {
		t.Fatal("no merged detail for the answer")
	}
	want := `["why «b»","why «a»"]`
	if g.Reasoning != want || g.Sequence != `[{"type":"reasoning","index":0},{"type":"content","start":0,"end":3},{"type":"reasoning","index":1},{"type":"content","start":3,"end":6}]` {
		t.Errorf("merged detail = %s %s", g.Reasoning, g.Sequence)
	}
}

// blockNode waits until its channel closes; the run is then "in progress".
type blockNode struct{ release <-chan struct{} }

func (blockNode) Spec() engine.Spec { return engine.Spec{} }
func (n blockNode) Run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	select {
	case <-n.release:
	case <-ctx.Done():
	}
	return engine.NodeResult{}, nil
}

// While a run is in progress, what is stored is what a crash would leave:
// events 1..k with nothing missing, and node states no newer than those
// events; InterruptRuns then marks the run and its running node.
func TestStoredTraceIsAPrefixMidRun(t *testing.T) {
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	release := make(chan struct{})
	reg := engine.NewRegistry()
	reg.Register("start", func(engine.NodeDef) (engine.Node, error) { return noopNode{engine.RoleStart}, nil })
	reg.Register("end", func(engine.NodeDef) (engine.Node, error) { return noopNode{engine.RoleEnd}, nil })
	reg.Register("noop", func(d engine.NodeDef) (engine.Node, error) {
		if d.ID == "n700" {
			return blockNode{release}, nil
		}
		return noopNode{}, nil
	})
	x, err := NewService(db, reg, nil, context.Background()).Start(context.Background(), Request{DSL: chainDSL(1000)})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { close(release); x.Wait() }()
	ctx := context.Background()
	deadline := time.Now().Add(5 * time.Second)
	for {
		execs, _ := db.NodeExecutions(ctx, x.RunID())
		if len(execs) > 701 && execs[701].NodeID == "n700" || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	events, _ := db.RunEvents(ctx, x.RunID(), 0)
	execs, _ := db.NodeExecutions(ctx, x.RunID())
	// start, n0..n700: 702 starts and 701 finishes after run_started.
	if len(events) != 1+702+701 {
		t.Fatalf("%d events stored mid-run, want %d", len(events), 1+702+701)
	}
	for i, e := range events {
		if e.Seq != int64(i+1) {
			t.Fatalf("stored event %d has seq %d: a gap", i, e.Seq)
		}
	}
	if len(execs) != 702 || execs[701].Status != "running" || execs[700].Status != "succeeded" {
		t.Fatalf("%d executions stored, last %+v", len(execs), execs[len(execs)-1])
	}
	if n, err := db.InterruptRuns(ctx); err != nil || n != 1 {
		t.Fatalf("interrupt = %d, %v", n, err)
	}
	execs, _ = db.NodeExecutions(ctx, x.RunID())
	if run, _ := db.GetRun(ctx, x.RunID()); run.Status != "interrupted" || execs[701].Status != "interrupted" {
		t.Errorf("after interrupt: run %s, n700 %s", run.Status, execs[701].Status)
	}
}
