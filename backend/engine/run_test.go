package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
	"lexflow/backend/llm"
)

// planWith compiles an inline DSL against the test registry plus extra
// node instances registered under their own types.
func planWith(t testing.TB, doc string, extra map[string]Node) *Plan {
	t.Helper()
	reg := testRegistry()
	for typ, n := range extra {
		if err := reg.Register(typ, func(NodeDef) (Node, error) { return n, nil }); err != nil {
			t.Fatal(err)
		}
	}
	app, err := dsl.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := Compile(app, reg)
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

const oneNodeDSL = `version: 0.1.0
kind: lexflow-app
app: {name: one, mode: workflow}
workflow:
  environment_variables: [{name: REGION, value_type: string, value: gulf}]
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - {id: work, type: probe, data: {title: Work}}
      - {id: end, type: end, data: {outputs: [{variable: out, value_selector: [work, text]}]}}
    edges:
      - {source: start, target: work}
      - {source: work, target: end}
`

func probe(run func(ctx context.Context, in NodeInput) (NodeResult, error)) Node {
	return specNode{spec: Spec{Outputs: []Output{{Name: "text", Type: TypeString}},
		Inputs: []Input{{Selector: Selector{"env", "REGION"}}}}, run: run}
}

func TestCancelReachesTheRunningNode(t *testing.T) {
	started, stopped := make(chan struct{}), make(chan error, 1)
	plan := planWith(t, oneNodeDSL, map[string]Node{"probe": probe(func(ctx context.Context, _ NodeInput) (NodeResult, error) {
		close(started)
		<-ctx.Done()
		stopped <- ctx.Err()
		return NodeResult{}, ctx.Err()
	})})
	x, err := plan.Start(t.Context(), RunInput{}, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	<-started
	x.Cancel()
	res, err := x.Wait()
	if !errors.Is(<-stopped, context.Canceled) || res.Status != StatusCancelled || !errors.Is(err, ErrRunCancelled) {
		t.Errorf("status %s err %v", res.Status, err)
	}
	x.Cancel() // cancelling a finished run does nothing
}

func TestParentContextEndsTheRun(t *testing.T) {
	block := probe(func(ctx context.Context, _ NodeInput) (NodeResult, error) {
		<-ctx.Done()
		return NodeResult{}, ctx.Err()
	})
	plan := planWith(t, oneNodeDSL, map[string]Node{"probe": block})

	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(20*time.Millisecond, cancel)
	if res, err := plan.Run(ctx, RunInput{}, RunOptions{}); res.Status != StatusCancelled || !errors.Is(err, context.Canceled) {
		t.Errorf("parent cancel: %s %v", res.Status, err)
	}
	ctx, cancel = context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	if res, err := plan.Run(ctx, RunInput{}, RunOptions{}); res.Status != StatusFailed || !errors.Is(err, ErrRunTimeout) {
		t.Errorf("parent deadline: %s %v", res.Status, err)
	}
}

func TestEnvOverridesAndBadInput(t *testing.T) {
	echoEnv := probe(func(_ context.Context, in NodeInput) (NodeResult, error) {
		v, _ := in.Vars.Get(Selector{"env", "REGION"})
		return NodeResult{Outputs: map[string]Value{"text": v}}, nil
	})
	plan := planWith(t, oneNodeDSL, map[string]Node{"probe": echoEnv})
	res, err := plan.Run(t.Context(), RunInput{Env: map[string]any{"REGION": "levant"}}, RunOptions{})
	if err != nil || res.Outputs["out"].Text() != "levant" {
		t.Errorf("override: %v %v", res, err)
	}
	res, _ = plan.Run(t.Context(), RunInput{}, RunOptions{})
	if res.Outputs["out"].Text() != "gulf" {
		t.Errorf("default: %v", res.Outputs)
	}
	if _, err := plan.Start(t.Context(), RunInput{Env: map[string]any{"NOPE": 1}}, RunOptions{}); err == nil {
		t.Error("unknown env variable accepted")
	}
	if _, err := plan.Start(t.Context(), RunInput{Env: map[string]any{"REGION": 3}}, RunOptions{}); !errors.Is(err, ErrTypeMismatch) {
		t.Errorf("wrong type: %v", err)
	}
}

func TestEventPayloads(t *testing.T) {
	plan := compileFile(t, "testdata/runs/linear.yml")
	rec := &recorder{}
	res, err := plan.Run(t.Context(), RunInput{RunID: "r1", Inputs: map[string]any{"name": "Amal"}}, RunOptions{Observers: []Observer{rec}})
	if err != nil || res.RunID != "r1" {
		t.Fatal(err)
	}
	var greet Event
	for _, e := range rec.all() {
		if e.Kind == NodeRunSucceeded && e.NodeID == "greet" {
			greet = e
		}
		if e.Kind == NodeRunStarted && e.NodeID == "greet" && e.PredecessorID != "start" {
			t.Errorf("predecessor = %q", e.PredecessorID)
		}
		if _, err := json.Marshal(e); err != nil {
			t.Errorf("event %d does not encode: %v", e.Seq, err)
		}
	}
	if greet.NodeType != "echo" || greet.Title != "Greet" || greet.Outputs["text"].Text() != "Hello Amal" ||
		greet.Inputs["text"] != "Hello Amal" || greet.Handle != HandleSource || greet.StartedAt.IsZero() ||
		greet.FinishedAt.Before(greet.StartedAt) || greet.Elapsed < 0 || greet.RunID != "r1" {
		t.Errorf("greet event = %+v", greet)
	}
}

// A step without a title is recorded without one (each face names it by its
// kind); a message of the compiler still names it by its id.
func TestUntitledStepKeepsNoTitle(t *testing.T) {
	const graph = `version: 0.1.0
kind: lexflow-app
app: {name: Untitled, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: [{variable: name, type: string}]}}
      - {id: greet, type: echo, data: {text: "Hello {{#start.name#}}"}}
      - {id: end, type: end, data: {outputs: [{variable: greeting, value_selector: [greet, text]}]}}%s
    edges:
      - {source: start, target: greet}
      - {source: greet, target: end}
`
	plan := compileText(t, fmt.Sprintf(graph, ""))
	rec := &recorder{}
	if _, err := plan.Run(t.Context(), RunInput{Inputs: map[string]any{"name": "Amal"}}, RunOptions{Observers: []Observer{rec}}); err != nil {
		t.Fatal(err)
	}
	for _, e := range rec.all() {
		if e.NodeID != "" && e.Title != "" {
			t.Errorf("%s event of untitled %s has title %q", e.Kind, e.NodeID, e.Title)
		}
	}
	app, err := dsl.Parse(fmt.Appendf(nil, graph, "\n      - {id: lost, type: echo, data: {text: x}}"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Compile(app, testRegistry())
	var problems *CompileError
	if !errors.As(err, &problems) || len(problems.Problems) != 1 || !strings.Contains(problems.Problems[0].Message, "“start”") {
		t.Fatalf("the unreachable step's problem does not name Start by its id: %v", err)
	}
}

func TestObserversAreIsolated(t *testing.T) {
	plan := compileFile(t, "testdata/runs/answer_sequential.yml")
	var panics atomic.Int32
	var slowSeen atomic.Int32
	rec := &recorder{}
	bad := ObserverFunc(func(e Event) {
		if e.Seq%2 == 0 {
			panic("observer bug")
		}
	})
	slow := ObserverFunc(func(Event) { time.Sleep(10 * time.Millisecond); slowSeen.Add(1) })
	ch := make(chan Event, 1)
	var fromChan []Event
	done := make(chan struct{})
	go func() {
		for e := range ch {
			fromChan = append(fromChan, e)
		}
		close(done)
	}()
	res, err := plan.Run(t.Context(), RunInput{}, RunOptions{
		Observers:       []Observer{bad, slow, rec, ChanObserver(ch), nil},
		OnObserverPanic: func(error) { panics.Add(1) },
	})
	<-done
	events := rec.all()
	if err != nil || res.Status != StatusSucceeded {
		t.Fatalf("run broken by observers: %v", err)
	}
	if n := len(events); int(slowSeen.Load()) != n || len(fromChan) != n || int(panics.Load()) != n/2 {
		t.Errorf("events %d, slow saw %d, chan got %d, panics %d", n, slowSeen.Load(), len(fromChan), panics.Load())
	}
	// The slow observer delayed Run's return, not the run itself.
	if took := events[len(events)-1].Time.Sub(events[0].Time); took > time.Duration(len(events))*5*time.Millisecond {
		t.Errorf("run took %v with a slow observer", took)
	}
}

func TestVirtualNodeFailureAndRetry(t *testing.T) {
	doc := `version: 0.1.0
kind: lexflow-app
app: {name: v, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - id: tool1
        type: parent
        data:
          source: llm1.context
          prompt: extract keywords
          retry_config: {max_retries: 1, retry_interval: 1}
          virtual: [{id: ext, type: fail, data: {times: 1}}, {id: ext2, type: fail, data: {times: -1, message: model gone}}]
      - {id: end, type: end, data: {outputs: []}}
    edges:
      - {source: start, target: tool1}
      - {source: tool1, target: end}
`
	plan := planWith(t, doc, nil)
	rec := &recorder{}
	res, err := plan.Run(t.Context(), RunInput{}, RunOptions{Workers: 1, Observers: []Observer{rec}})
	if res.Status != StatusFailed || !strings.Contains(err.Error(), "node tool1_ext_2 (fail): model gone (attempt 2)") {
		t.Errorf("status %s err %v", res.Status, err)
	}
	got := describeAll(rec.all())
	want := []string{"run_started", "node_started start", "node_succeeded start", "node_started tool1",
		"node_started tool1_ext_1", "node_retry tool1_ext_1", "node_succeeded tool1_ext_1",
		"node_started tool1_ext_2", "node_retry tool1_ext_2", "node_failed tool1_ext_2",
		// no node_retry tool1: the extraction used the parent's retries already
		"node_failed tool1", "run_failed"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\n%s", strings.Join(got, "\n"))
	}
	for _, e := range rec.all() {
		if strings.HasPrefix(e.NodeID, "tool1_ext") && (!e.IsVirtual || e.ParentNodeID != "tool1" ||
			e.ExtractionSource != "llm1.context" || e.ExtractionPrompt != "extract keywords") {
			t.Errorf("virtual event lacks its fields: %+v", e)
		}
	}
}

func TestRuntimeOutputTypeIsChecked(t *testing.T) {
	wrong := probe(func(context.Context, NodeInput) (NodeResult, error) {
		return NodeResult{Outputs: map[string]Value{"text": Number(3)}}, nil
	})
	plan := planWith(t, oneNodeDSL, map[string]Node{"probe": wrong})
	_, err := plan.Run(t.Context(), RunInput{}, RunOptions{})
	var nodeErr *NodeError
	if !errors.Is(err, ErrBadResult) || !errors.As(err, &nodeErr) || nodeErr.NodeID != "work" {
		t.Errorf("err = %v", err)
	}
}

// Parallel branches really run at once: each waits for the other to start.
func TestParallelBranchesOverlap(t *testing.T) {
	var arrived atomic.Int32
	both := make(chan struct{})
	rendezvous := specNode{spec: Spec{}, run: func(ctx context.Context, _ NodeInput) (NodeResult, error) {
		if arrived.Add(1) == 2 {
			close(both)
		}
		select {
		case <-both:
			return NodeResult{}, nil
		case <-time.After(5 * time.Second):
			return NodeResult{}, errors.New("the other branch never started")
		}
	}}
	doc := `version: 0.1.0
kind: lexflow-app
app: {name: p, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - {id: a, type: meet, data: {}}
      - {id: b, type: meet, data: {}}
      - {id: end, type: end, data: {outputs: []}}
    edges:
      - {source: start, target: a}
      - {source: start, target: b}
      - {source: a, target: end}
      - {source: b, target: end}
`
	plan := planWith(t, doc, map[string]Node{"meet": rendezvous})
	if _, err := plan.Run(t.Context(), RunInput{}, RunOptions{Workers: 2}); err != nil {
		t.Error(err)
	}
}

func TestChatflowSysAndConversation(t *testing.T) {
	doc := `version: 0.1.0
kind: lexflow-app
app: {name: c, mode: chatflow}
workflow:
  conversation_variables: [{name: topic, value_type: string, value: leases}]
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - {id: answer, type: answer, data: {answer: "{{#sys.query#}}/{{#conversation.topic#}}/{{#sys.dialogue_count#}}/{{#sys.workflow_run_id#}}"}}
    edges:
      - {source: start, target: answer}
`
	plan := planWith(t, doc, nil)
	res, err := plan.Run(t.Context(), RunInput{RunID: "r9", Sys: Sys{Query: "rent?", DialogueCount: 2},
		Conversation: map[string]any{"topic": "rent"}}, RunOptions{})
	if err != nil || res.Answer != "rent?/rent/2/r9" || res.Outputs == nil {
		t.Errorf("answer %q err %v", res.Answer, err)
	}
}

func TestUsageIsSummed(t *testing.T) {
	calls := 0
	costly := probe(func(context.Context, NodeInput) (NodeResult, error) {
		calls++
		return NodeResult{Outputs: map[string]Value{"text": String("ok")}, Usage: &llm.Usage{PromptTokens: 10, CompletionTokens: 5}}, nil
	})
	doc := strings.Replace(oneNodeDSL, "      - {id: end,", "      - {id: work2, type: probe, data: {}}\n      - {id: end,", 1)
	doc = strings.Replace(doc, "      - {source: work, target: end}", "      - {source: work, target: work2}\n      - {source: work2, target: end}", 1)
	plan := planWith(t, doc, map[string]Node{"probe": costly})
	rec := &recorder{}
	res, err := plan.Run(t.Context(), RunInput{}, RunOptions{Workers: 1, Observers: []Observer{rec}})
	if err != nil || calls != 2 || res.Usage != (llm.Usage{PromptTokens: 20, CompletionTokens: 10}) {
		t.Errorf("usage %+v err %v", res.Usage, err)
	}
	last := rec.all()[len(rec.all())-1]
	if last.Usage == nil || last.Usage.Total() != 30 {
		t.Errorf("run_succeeded usage = %+v", last.Usage)
	}
}

func TestFactoriesSeePeers(t *testing.T) {
	reg := testRegistry()
	var seen PeerNode
	_ = reg.Register("inherit", func(def NodeDef) (Node, error) {
		seen, _ = def.Peer("start")
		if _, ok := def.Peer("ghost"); ok {
			t.Error("ghost peer found")
		}
		return specNode{run: func(context.Context, NodeInput) (NodeResult, error) { return NodeResult{}, nil }}, nil
	})
	app, _ := dsl.Parse([]byte(strings.Replace(oneNodeDSL, "type: probe", "type: inherit", 1)))
	_, err := Compile(app, reg)
	if seen.Type != "start" || string(seen.Data) != "{}" {
		t.Errorf("peer = %+v (compile: %v)", seen, err)
	}
}

func TestFileAttributeTypes(t *testing.T) {
	doc := `version: 0.1.0
kind: lexflow-app
app: {name: f, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: [{variable: doc, type: file}]}}
      - {id: size, type: echo, data: {text: "{{#start.doc.size#}}", expect: string}}
      - {id: name, type: echo, data: {text: "{{#start.doc.name#}}", expect: string}}
      - {id: end, type: end, data: {outputs: []}}
    edges:
      - {source: start, target: size}
      - {source: size, target: name}
      - {source: name, target: end}
`
	app, _ := dsl.Parse([]byte(doc))
	_, err := Compile(app, testRegistry())
	if !errors.Is(err, ErrTypeMismatch) || !strings.Contains(err.Error(), "node size: type mismatch: {{#start.doc.size#}} is number") ||
		strings.Contains(err.Error(), "node name") {
		t.Errorf("err = %v", err)
	}
}

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

func TestInjectedClockAndHandle(t *testing.T) {
	at := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	plan := compileFile(t, "testdata/runs/linear.yml")
	rec := &recorder{}
	x, err := plan.Start(t.Context(), RunInput{}, RunOptions{Clock: fixedClock{at}, Observers: []Observer{rec}})
	if err != nil {
		t.Fatal(err)
	}
	<-x.Done()
	res, _ := x.Wait()
	if len(x.RunID()) != 32 || res.RunID != x.RunID() || !res.StartedAt.Equal(at) || !res.FinishedAt.Equal(at) {
		t.Errorf("run id %q result %+v", x.RunID(), res)
	}
	for _, e := range rec.all() {
		if !e.Time.Equal(at) || e.Elapsed != 0 {
			t.Errorf("event %d at %v elapsed %v", e.Seq, e.Time, e.Elapsed)
		}
	}
}

// Virtual nodes declared with local ids get "parent.local" ids; a problem in
// one is reported on its parent, the node a person can see.
func TestVirtualLocalIDsAndProblems(t *testing.T) {
	doc := func(virtual string) string {
		return `version: 0.1.0
kind: lexflow-app
app: {name: v, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - id: tool1
        type: parent
        data:
          local: true
          virtual: ` + virtual + `
      - {id: end, type: end, data: {outputs: [{variable: out, value_selector: [tool1, text]}]}}
    edges:
      - {source: start, target: tool1}
      - {source: tool1, target: end}
`
	}
	plan := planWith(t, doc(`[{id: ext_1, type: echo, data: {text: one}}, {id: ext_2, type: echo, data: {text: two}}]`), nil)
	rec := &recorder{}
	res, err := plan.Run(t.Context(), RunInput{}, RunOptions{Observers: []Observer{rec}})
	if err != nil || res.Outputs["out"].Text() != "one+two" {
		t.Fatalf("outputs %v, err %v", res.Outputs, err)
	}
	if info, ok := plan.Node("tool1.ext_2"); !ok || !info.Virtual || info.ParentID != "tool1" {
		t.Errorf("tool1.ext_2: %+v %v", info, ok)
	}
	app, err := dsl.Parse([]byte(doc(`[{id: ext_1, type: echo, data: {text: "{{#ghost.text#}}"}}, {id: "bad id", type: echo, data: {}}]`)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Compile(app, testRegistry())
	got := problemsOf(t, err)
	want := []found{{"invalid node", "tool1"}, {"reference to a missing node", "tool1"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	if !strings.Contains(err.Error(), "node tool1: reference to a missing node: virtual node tool1.ext_1: {{#ghost.text#}}") {
		t.Errorf("message: %v", err)
	}
}

// A node that finishes at once never finishes before it started: the
// worker can be done before the dispatcher stamps the start.
func TestInstantNodesNeverFinishBeforeTheyStart(t *testing.T) {
	plan, err := Compile(fanApp(100), testRegistry())
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		rec := &recorder{}
		if _, err := plan.Run(t.Context(), RunInput{}, RunOptions{Observers: []Observer{rec}}); err != nil {
			t.Fatal(err)
		}
		for _, e := range rec.all() {
			if e.Kind == NodeRunSucceeded && (e.FinishedAt.Before(e.StartedAt) || e.Elapsed < 0) {
				t.Fatalf("%s finished %v before it started (%v)", e.NodeID, e.StartedAt.Sub(e.FinishedAt), e.Elapsed)
			}
		}
	}
}
