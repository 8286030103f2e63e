package engine

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"

	"lexflow/backend/dsl"
	"lexflow/backend/internal/golden"
)

// Run fixtures: testdata/runs/NAME.yml is an app, NAME.expect.yml says how
// to run it and what must come out — status, outputs, answer, and the
// sequence of events as "kind node (status) \"chunk\"" lines. Fixtures that
// run nodes in parallel state ordering constraints (before) instead of one
// exact sequence.
type runExpect struct {
	Inputs        map[string]any `yaml:"inputs"`
	Query         string         `yaml:"query"`
	Workers       int            `yaml:"workers"`
	RunTimeoutMS  int            `yaml:"run_timeout_ms"`
	CancelAfterMS int            `yaml:"cancel_after_ms"`
	AbandonMS     int            `yaml:"abandon_ms"`

	Status        Status         `yaml:"status"`
	ErrorIs       []string       `yaml:"error_is"`
	ErrorContains string         `yaml:"error_contains"`
	Outputs       map[string]any `yaml:"outputs"`
	Answer        *string        `yaml:"answer"`
	Events        []string       `yaml:"events"`
	Before        [][2]string    `yaml:"before"`
	Contains      []string       `yaml:"contains"`
	MaxElapsedMS  int            `yaml:"max_elapsed_ms"`
}

var update = flag.Bool("update", false, "rewrite the events of exact-sequence run fixtures from actual runs")

func TestRunFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "runs", "*.expect.yml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".expect.yml")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runFixture(t, filepath.Join("testdata", "runs", name+".yml"), f)
		})
	}
}

func runFixture(t *testing.T, appPath, expectPath string) {
	var want runExpect
	readYAML(t, expectPath, &want)
	plan := compileFile(t, appPath)
	rec := &recorder{}
	opts := RunOptions{Workers: want.Workers, Observers: []Observer{rec},
		RunTimeout: ms(want.RunTimeoutMS), AbandonAfter: ms(want.AbandonMS)}
	began := time.Now()
	res, runErr := startAndMaybeCancel(t, plan, RunInput{Inputs: want.Inputs, Sys: Sys{Query: want.Query}}, opts, want.CancelAfterMS)
	elapsed := time.Since(began)
	events := rec.all()
	checkInvariants(t, events)
	checkOutcome(t, want, res, runErr)
	if *update && want.Events != nil {
		golden.Rewrite(t, expectPath, describeAll(events))
		return
	}
	golden.Events{Events: want.Events, Contains: want.Contains, Before: want.Before}.Check(t, describeAll(events))
	if want.MaxElapsedMS > 0 && elapsed > ms(want.MaxElapsedMS) {
		t.Errorf("run took %v, want ≤ %dms", elapsed, want.MaxElapsedMS)
	}
}

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func startAndMaybeCancel(t *testing.T, p *Plan, in RunInput, opts RunOptions, cancelAfter int) (*RunResult, error) {
	t.Helper()
	x, err := p.Start(context.Background(), in, opts)
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	if cancelAfter > 0 {
		time.AfterFunc(ms(cancelAfter), x.Cancel)
	}
	return x.Wait()
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func compileFile(t testing.TB, path string) *Plan {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return compileText(t, string(b))
}

// compileText compiles an app's DSL, failing the test on any problem.
func compileText(t testing.TB, text string) *Plan {
	t.Helper()
	app, err := dsl.Parse([]byte(text))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	plan, err := Compile(app, testRegistry())
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return plan
}

func checkOutcome(t *testing.T, want runExpect, res *RunResult, err error) {
	t.Helper()
	if res.Status != cmpOr(want.Status, StatusSucceeded) {
		t.Errorf("status %s, want %s (error: %v)", res.Status, want.Status, err)
	}
	for _, name := range want.ErrorIs {
		if !errors.Is(err, errorByName(name)) {
			t.Errorf("error %v is not %s", err, name)
		}
	}
	if want.ErrorContains != "" && (err == nil || !strings.Contains(err.Error(), want.ErrorContains)) {
		t.Errorf("error %v does not contain %q", err, want.ErrorContains)
	}
	if want.Outputs != nil {
		got := map[string]any{}
		for k, v := range res.Outputs {
			got[k] = v.Any()
		}
		if d := cmp.Diff(normalize(want.Outputs), got); d != "" {
			t.Errorf("outputs (-want +got):\n%s", d)
		}
	}
	if want.Answer != nil && res.Answer != *want.Answer {
		t.Errorf("answer %q, want %q", res.Answer, *want.Answer)
	}
}

// normalize turns YAML ints into float64 like Values hold numbers.
func normalize(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if n, ok := v.(int); ok {
			out[k] = float64(n)
		} else {
			out[k] = v
		}
	}
	return out
}

func describeAll(events []Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = describe(e)
	}
	return out
}

// describe renders an event for fixtures: kind, node, a non-default status,
// and a chunk's text.
func describe(e Event) string {
	s := string(e.Kind)
	if e.NodeID != "" {
		s += " " + e.NodeID
	}
	defaults := map[EventKind]Status{NodeRunSucceeded: StatusSucceeded, NodeRunFailed: StatusFailed, NodeRunSkipped: StatusSkipped}
	if def, ok := defaults[e.Kind]; ok && e.Status != def {
		s += " (" + string(e.Status) + ")"
	}
	if e.Kind == NodeRunStreamChunk {
		s += fmt.Sprintf(" %q", e.Chunk)
	}
	return s
}

// checkInvariants holds for every run: sequence numbers 1..n, one run id,
// a terminal event last, and exactly one end per started node.
func checkInvariants(t *testing.T, events []Event) {
	t.Helper()
	if len(events) == 0 {
		t.Fatal("no events")
	}
	open := map[string]int{}
	for i, e := range events {
		if e.Seq != int64(i+1) || e.RunID != events[0].RunID {
			t.Errorf("event %d: seq %d run %q", i, e.Seq, e.RunID)
		}
		switch e.Kind {
		case NodeRunStarted:
			open[e.NodeID]++
		case NodeRunSucceeded, NodeRunFailed:
			if open[e.NodeID]--; open[e.NodeID] < 0 {
				t.Errorf("event %d: %s ends %s, which did not start", i, e.Kind, e.NodeID)
			}
		}
		if e.Kind.IsTerminal() != (i == len(events)-1) {
			t.Errorf("event %d: %s terminal=%v at position %d of %d", i, e.Kind, e.Kind.IsTerminal(), i+1, len(events))
		}
	}
	for id, n := range open {
		if n != 0 {
			t.Errorf("node %s started %d more times than it ended", id, n)
		}
	}
}

func readFixture(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
