package nodes_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/runs"
	"lexflow/backend/store"
)

// iterationApp splits a comma-separated list and shouts each item with its
// index inside an iteration; the item "bad" fails its round, "slow" waits
// for the run to be cancelled.
func iterationApp(parallel bool, mode string) string {
	return fmt.Sprintf(`
version: 0.1.0
kind: lexflow-app
app: {name: Iterate, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: [{variable: list, type: paragraph}]}}
      - id: split
        type: code
        data:
          code_language: javascript
          code: "function main({list}) { return {items: list.split(',')} }"
          variables: [{variable: list, value_selector: [start, list]}]
          outputs: {items: {type: 'array[string]'}}
      - id: each
        type: iteration
        data: {title: Each, iterator_selector: [split, items], output_selector: [shout, result], output_type: 'array[string]',
          start_node_id: each-start, is_parallel: %t, parallel_nums: 2, error_handle_mode: %s}
      - {id: each-start, type: iteration-start, parentId: each, data: {}}
      - id: shout
        type: code
        parentId: each
        data:
          code_language: javascript
          code: "function main({item, index, list}) { if (item === 'bad') throw new Error('bad item'); if (item === 'slow') { while (true) {} } return {result: item.toUpperCase() + index + '/' + list.length} }"
          variables: [{variable: item, value_selector: [each, item]}, {variable: index, value_selector: [each, index]}, {variable: list, value_selector: [start, list]}]
          outputs: {result: {type: string}}
      - {id: end, type: end, data: {outputs: [{variable: out, value_selector: [each, output]}]}}
    edges:
      - {source: start, target: split}
      - {source: split, target: each}
      - {source: each-start, target: shout}
      - {source: each, target: end}
`, parallel, mode)
}

// The iteration runs its body once per item, in order or two at a time;
// a failing item fails its round, and the error mode says what becomes of
// its output or, terminated, of the run.
func TestIterationRunsItsBodyPerItem(t *testing.T) {
	e := newEnv(t, "ollama")
	tests := []struct {
		mode, list        string
		want              []any // the iteration's output
		succeeded, failed []int // the rounds in which the body's step succeeded, failed
	}{
		{"terminated", "a,b,c", []any{"A0/5", "B1/5", "C2/5"}, []int{0, 1, 2}, nil},
		{"continue-on-error", "a,bad,c", []any{"A0/7", nil, "C2/7"}, []int{0, 2}, []int{1}},
		{"remove-abnormal-output", "a,bad,c", []any{"A0/7", "C2/7"}, []int{0, 2}, []int{1}},
	}
	for _, parallel := range []bool{false, true} {
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/parallel=%t", tt.mode, parallel), func(t *testing.T) {
				plan := e.compile(t, []byte(iterationApp(parallel, tt.mode)))
				res, err, evs := run(t, plan, engine.RunInput{Inputs: map[string]any{"list": tt.list}}, 4)
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(tt.want, res.Outputs["out"].Any()); d != "" {
					t.Errorf("output (-want +got):\n%s", d)
				}
				if got := roundsOf(evs, "each", "shout", engine.NodeRunSucceeded); !slices.Equal(got, tt.succeeded) {
					t.Errorf("shout succeeded in rounds %v, want %v", got, tt.succeeded)
				}
				if got := roundsOf(evs, "each", "shout", engine.NodeRunFailed); !slices.Equal(got, tt.failed) {
					t.Errorf("shout failed in rounds %v, want %v", got, tt.failed)
				}
				checkEventOrder(t, evs)
			})
		}
	}
	t.Run("terminated by a failed item", func(t *testing.T) {
		plan := e.compile(t, []byte(iterationApp(true, "terminated")))
		_, err, _ := run(t, plan, engine.RunInput{Inputs: map[string]any{"list": "a,bad,c"}}, 4)
		var ne *engine.NodeError
		if !errors.As(err, &ne) || ne.NodeID != "each" || !strings.Contains(err.Error(), "bad item") {
			t.Errorf("terminated: %v, want the iteration to fail with its item's error", err)
		}
	})
}

// roundsOf lists, sorted, the rounds of a body step's events of one kind
// that name parent as their container.
func roundsOf(evs []engine.Event, parent, nodeID string, kind engine.EventKind) []int {
	var rounds []int
	for _, e := range evs {
		if e.NodeID == nodeID && e.Kind == kind && e.Round != nil && e.ParentNodeID == parent {
			rounds = append(rounds, *e.Round)
		}
	}
	slices.Sort(rounds)
	return rounds
}

// checkEventOrder checks the run's events are numbered 1, 2, ... and that
// the iteration finishes after every step of its body.
func checkEventOrder(t *testing.T, evs []engine.Event) {
	t.Helper()
	lastBody, iterDone := 0, 0
	for i, e := range evs {
		if e.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d", i+1, e.Seq)
		}
		if e.ParentNodeID == "each" {
			lastBody = i
		}
		if e.NodeID == "each" && e.Kind == engine.NodeRunSucceeded {
			iterDone = i
		}
	}
	if iterDone < lastBody {
		t.Errorf("the iteration finished (event %d) before its body's last event (%d)", iterDone+1, lastBody+1)
	}
}

func TestIterationCancelledInsideItsBody(t *testing.T) {
	e := newEnv(t, "ollama")
	plan := e.compile(t, []byte(iterationApp(true, "continue-on-error")))
	ch := make(chan engine.Event, 256)
	x, err := plan.Start(context.Background(), engine.RunInput{Inputs: map[string]any{"list": "a,slow"}},
		engine.RunOptions{Observers: []engine.Observer{engine.ChanObserver(ch)}, AbandonAfter: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for ev := range ch {
		if ev.NodeID == "shout" && ev.Kind == engine.NodeRunStarted && ev.Round != nil && *ev.Round == 1 {
			x.Cancel()
		}
	}
	res, err := x.Wait()
	if !errors.Is(err, engine.ErrRunCancelled) || res.Status != engine.StatusCancelled {
		t.Errorf("run ended %s with %v, want cancelled", res.Status, err)
	}
}

// loopApp doubles a loop variable until it reaches a limit, or until
// loop_count rounds, or until its loop-end step is reached.
func loopApp(count int, limit int, withEnd bool) string {
	end := ""
	if withEnd {
		end = `
      - {id: stop, type: loop-end, parentId: grow, data: {}}`
	}
	edge := ""
	if withEnd {
		edge = `
      - {source: double, target: stop}`
	}
	return fmt.Sprintf(`
version: 0.1.0
kind: lexflow-app
app: {name: Grow, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: [{variable: seed, type: number}]}}
      - id: grow
        type: loop
        data:
          title: Grow
          start_node_id: grow-start
          loop_count: %d
          logical_operator: and
          break_conditions: [{variable_selector: [grow, n], comparison_operator: '≥', value: '%d'}]
          loop_variables:
            - {label: n, var_type: number, value_type: variable, value: [start, seed]}
            - {label: trail, var_type: 'array[number]', value_type: constant, value: '[]'}
      - {id: grow-start, type: loop-start, parentId: grow, data: {}}
      - id: double
        type: assigner
        parentId: grow
        data:
          version: '2'
          items:
            - {variable_selector: [grow, n], input_type: constant, operation: '*=', value: 2}
            - {variable_selector: [grow, trail], input_type: variable, operation: append, value: [grow, n]}%s
      - {id: end, type: end, data: {outputs: [{variable: n, value_selector: [grow, n]}, {variable: rounds, value_selector: [grow, loop_round]}, {variable: trail, value_selector: [grow, trail]}]}}
    edges:
      - {source: start, target: grow}
      - {source: grow-start, target: double}%s
      - {source: grow, target: end}
`, count, limit, end, edge)
}

func TestLoopRunsUntilItsBreakConditionOrItsCount(t *testing.T) {
	e := newEnv(t, "ollama")
	tests := []struct {
		name         string
		count, limit int
		withEnd      bool
		seed         float64
		n, rounds    float64
		trail        []any
	}{
		{"break condition", 10, 20, false, 3, 24, 3, []any{3.0, 6.0, 12.0}},
		{"loop_count", 2, 1000, false, 3, 12, 2, []any{3.0, 6.0}},
		{"holds before the first round", 10, 2, false, 3, 3, 0, []any{}},
		{"loop-end", 10, 1000, true, 1, 2, 1, []any{1.0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plan := e.compile(t, []byte(loopApp(tt.count, tt.limit, tt.withEnd)))
			res, err, evs := run(t, plan, engine.RunInput{Inputs: map[string]any{"seed": tt.seed}}, 2)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]any{"n": res.Outputs["n"].Any(), "rounds": res.Outputs["rounds"].Any(), "trail": res.Outputs["trail"].Any()}
			want := map[string]any{"n": tt.n, "rounds": tt.rounds, "trail": tt.trail}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("outputs (-want +got):\n%s", d)
			}
			var each []int // every round, once
			for r := range int(tt.rounds) {
				each = append(each, r)
			}
			if got := roundsOf(evs, "grow", "double", engine.NodeRunSucceeded); !slices.Equal(got, each) {
				t.Errorf("the body's assigner succeeded in rounds %v, want %v", got, each)
			}
		})
	}
}

func TestBodyProblemsAreReported(t *testing.T) {
	e := newEnv(t, "ollama")
	app := strings.Replace(iterationApp(false, "terminated"), "[each, index]", "[each, position]", 1)
	app = strings.Replace(app, "output_selector: [shout, result]", "output_selector: [shout, missing]", 1)
	app = strings.Replace(app, "      - {source: each, target: end}", "      - {source: each, target: end}\n      - {source: split, target: shout}", 1)
	app = strings.Replace(app, "start_node_id: each-start", "start_node_id: nowhere", 1)
	app = strings.Replace(app, "      - {id: end, type: end,", "      - {id: stray, type: template-transform, parentId: split, data: {template: x}}\n      - {id: end, type: end,", 1)
	_, err := engine.Compile(importApp(t, app), e.registry(t))
	var ce *engine.CompileError
	if !errors.As(err, &ce) {
		t.Fatalf("compile: %v, want problems", err)
	}
	var got []string
	for _, p := range ce.Problems {
		got = append(got, p.NodeID+": "+p.Detail)
	}
	for _, want := range []string{`shout: {{#each.position#}}`, `each: {{#shout.missing#}}: node shout has no output "missing"`, `crosses`,
		`each: start node "nowhere" is not a step of the body`, `stray: parentId "split" is not an iteration`} {
		if !slices.ContainsFunc(got, func(s string) bool {
			return strings.Contains(s, want) || strings.Contains(s, "→ shout") && want == "crosses"
		}) {
			t.Errorf("no problem like %q in %q", want, got)
		}
	}
}

func importApp(t *testing.T, doc string) *dsl.App {
	t.Helper()
	app, err := dsl.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return app
}

// Every round of a body's steps is recorded as an execution of its own, with
// its round, beside the container's; the run's events keep every round too.
func TestIterationRoundsAreRecorded(t *testing.T) {
	e := newEnv(t, "ollama")
	plan := e.compile(t, []byte(iterationApp(true, "terminated")))
	db, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "runs.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.InsertRun(t.Context(), store.Run{ID: "r1", Mode: "workflow", StartedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	_, err = plan.Run(t.Context(), engine.RunInput{RunID: "r1", Inputs: map[string]any{"list": "a,b,c"}},
		engine.RunOptions{Observers: []engine.Observer{runs.NewRecorder(db, "")}})
	if err != nil {
		t.Fatal(err)
	}
	execs, err := db.NodeExecutions(t.Context(), "r1")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range execs {
		round := "-"
		if x.Round != nil {
			round = strconv.Itoa(*x.Round)
		}
		got = append(got, fmt.Sprintf("%s/%s in %q: %s", x.NodeID, round, x.ParentNodeID, x.Status))
	}
	slices.Sort(got)
	want := []string{`each-start/0 in "each": succeeded`, `each-start/1 in "each": succeeded`, `each-start/2 in "each": succeeded`,
		`each/- in "": succeeded`, `end/- in "": succeeded`, `shout/0 in "each": succeeded`, `shout/1 in "each": succeeded`,
		`shout/2 in "each": succeeded`, `split/- in "": succeeded`, `start/- in "": succeeded`}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("recorded executions (-want +got):\n%s", d)
	}
	ids := map[string]bool{}
	for _, x := range execs {
		if ids[x.ID] {
			t.Errorf("execution id %s is given twice", x.ID)
		}
		ids[x.ID] = true
	}
}

// An iteration inside an iteration: the inner body reads both items, and
// each event names its own container and round.
func TestNestedIterations(t *testing.T) {
	e := newEnv(t, "ollama")
	plan := e.compile(t, []byte(`
version: 0.1.0
kind: lexflow-app
app: {name: Grid, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - id: rows
        type: code
        data: {code_language: javascript, code: "function main() { return {rows: ['a', 'b'], cols: ['1', '2', '3']} }", outputs: {rows: {type: 'array[string]'}, cols: {type: 'array[string]'}}}
      - {id: outer, type: iteration, data: {iterator_selector: [rows, rows], output_selector: [inner, output], output_type: 'array[any]', start_node_id: inner}}
      - {id: inner, type: iteration, parentId: outer, data: {iterator_selector: [rows, cols], output_selector: [cell, output], output_type: 'array[string]', start_node_id: cell, is_parallel: true}}
      - {id: cell, type: template-transform, parentId: inner, data: {template: '{{ r }}{{ c }}', variables: [{variable: r, value_selector: [outer, item]}, {variable: c, value_selector: [inner, item]}]}}
      - {id: end, type: end, data: {outputs: [{variable: grid, value_selector: [outer, output]}]}}
    edges:
      - {source: start, target: rows}
      - {source: rows, target: outer}
      - {source: outer, target: end}
`))
	res, err, evs := run(t, plan, engine.RunInput{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []any{[]any{"a1", "a2", "a3"}, []any{"b1", "b2", "b3"}}
	if d := cmp.Diff(want, res.Outputs["grid"].Any()); d != "" {
		t.Errorf("grid (-want +got):\n%s", d)
	}
	if got := roundsOf(evs, "inner", "cell", engine.NodeRunSucceeded); !slices.Equal(got, []int{0, 0, 1, 1, 2, 2}) {
		t.Errorf("cells recorded in the inner iteration's rounds %v, want rounds 0 to 2 of each row", got)
	}
}

// A step inside an iteration, and the iteration itself, run alone from the
// variables a run handed them.
func TestBodyStepsAndContainersRunAlone(t *testing.T) {
	e := newEnv(t, "ollama")
	app := importApp(t, iterationApp(false, "terminated"))
	tests := []struct {
		node string
		vars map[string]engine.Value
		want map[string]any
	}{
		{"shout", map[string]engine.Value{"each.item": engine.String("x"), "each.index": engine.Number(4), "start.list": engine.String("x,y")},
			map[string]any{"result": "X4/3"}},
		{"each", map[string]engine.Value{"split.items": engine.Strings([]string{"p", "q"}), "start.list": engine.String("p,q")},
			map[string]any{"output": []any{"P0/3", "Q1/3"}}},
	}
	for _, tt := range tests {
		plan, err := engine.CompileNode(app, e.registry(t), tt.node)
		if err != nil {
			t.Fatalf("%s: %v", tt.node, err)
		}
		x, err := plan.StartNode(t.Context(), tt.node, engine.VarsOf(tt.vars), engine.RunInput{}, engine.RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := x.Wait()
		if err != nil {
			t.Fatalf("%s: %v", tt.node, err)
		}
		got := map[string]any{}
		for k, v := range res.Outputs {
			got[k] = v.Any()
		}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("%s alone (-want +got):\n%s", tt.node, d)
		}
	}
}

// wordsChatflow is a chatflow that splits the question into words and
// iterates over them in "each" (iteration: the rest of its data), running
// body, then answers done; conversation declares the conversation's variables.
func wordsChatflow(conversation, iteration, body, done string) string {
	return fmt.Sprintf(`
version: 0.1.0
kind: lexflow-app
app: {name: Words, mode: chatflow}
workflow:
  conversation_variables: [%s]
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - id: split
        type: code
        data: {code_language: javascript, code: "function main({q}) { return {items: q.split(' ')} }", variables: [{variable: q, value_selector: [sys, query]}], outputs: {items: {type: 'array[string]'}}}
      - {id: each, type: iteration, data: {iterator_selector: [split, items], %s}}
      - %s
      - {id: done, type: answer, data: {answer: '%s'}}
    edges:
      - {source: start, target: split}
      - {source: split, target: each}
      - {source: each, target: done}
`, conversation, iteration, body, done)
}

// Steps inside an iteration of a chatflow: an Answer replies once per
// round; an assigner writing a conversation variable lets each round see
// the rounds before, and the run's later steps and the next turn see them all.
func TestChatflowStepsInsideAnIteration(t *testing.T) {
	e := newEnv(t, "ollama")
	tests := []struct {
		name                                string
		conversation, iteration, body, done string
		in                                  engine.RunInput
		check                               func(t *testing.T, res *engine.RunResult)
	}{
		{"an answer replies each round", "", "output_selector: [each, item], output_type: 'array[string]', start_node_id: say",
			"{id: say, type: answer, parentId: each, data: {answer: '[{{#each.index#}}:{{#each.item#}}]'}}", "{{#each.output#}}",
			engine.RunInput{Sys: engine.Sys{Query: "rent notice"}}, func(t *testing.T, res *engine.RunResult) {
				if !strings.HasPrefix(res.Answer, "[0:rent][1:notice]") || len(res.Answer) == len("[0:rent][1:notice]") {
					t.Errorf("answer %q", res.Answer)
				}
			}},
		{"an assigner writes the conversation", "{name: seen, value_type: 'array[string]', value: []}",
			"output_selector: [each, index], output_type: 'array[number]', start_node_id: keep",
			"{id: keep, type: assigner, parentId: each, data: {version: '2', items: [{variable_selector: [conversation, seen], input_type: variable, operation: append, value: [each, item]}]}}",
			"{{#conversation.seen#}}",
			engine.RunInput{Sys: engine.Sys{Query: "notice rent"}, Conversation: map[string]any{"seen": []any{"lease"}}},
			func(t *testing.T, res *engine.RunResult) {
				if d := cmp.Diff([]any{"lease", "notice", "rent"}, res.Conversation["seen"].Any()); d != "" {
					t.Errorf("conversation after the run (-want +got):\n%s", d)
				}
				if !strings.Contains(res.Answer, "rent") {
					t.Errorf("answer %q does not show what the iteration wrote", res.Answer)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plan := e.compile(t, []byte(wordsChatflow(tt.conversation, tt.iteration, tt.body, tt.done)))
			res, err, _ := run(t, plan, tt.in, 2)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, res)
		})
	}
}
