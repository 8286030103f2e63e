package nodes_test

import (
	stdcmp "cmp"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"

	"lexflow/backend/engine"
	"lexflow/backend/internal/golden"
	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/nodes"
)

// App fixtures: testdata/apps/NAME.expect.yml runs testdata/apps/NAME.yml
// (or the app it names; Lexflow or Dify DSL) once per provider it lists,
// with the real Ollama and OpenAI providers talking to llmtest's scripted
// fake server, a real in-memory index, and asserts the run's status,
// outputs, answer, chosen node outputs and process data, generation
// details, and the exact sequence of events (rewrite with -update).
type fixture struct {
	App       string                 `yaml:"app"`
	Providers []string               `yaml:"providers"`
	Workers   int                    `yaml:"workers"`
	Inputs    map[string]any         `yaml:"inputs"`
	Query     string                 `yaml:"query"`
	History   []map[string]any       `yaml:"history"`
	Script    []replySpec            `yaml:"script"`
	Scripts   map[string][]replySpec `yaml:"scripts"`
	Models    []string               `yaml:"models"` // installed models; others are "not found"

	Status        engine.Status             `yaml:"status"`
	ErrorContains string                    `yaml:"error_contains"`
	Outputs       map[string]any            `yaml:"outputs"`
	Answer        *string                   `yaml:"answer"`
	NodeOutputs   map[string]map[string]any `yaml:"node_outputs"`
	Process       map[string]map[string]any `yaml:"process"`
	Details       map[string]any            `yaml:"details"`
	ModelCalls    *int                      `yaml:"model_calls"`
	Events        []string                  `yaml:"events"`
	Contains      []string                  `yaml:"contains"`
	Before        [][2]string               `yaml:"before"`
}

// replySpec is a scripted model reply.
type replySpec struct {
	Parts []map[string]any `yaml:"parts"`
	Text  string           `yaml:"text"`
	Usage *struct {
		Prompt     int `yaml:"prompt"`
		Completion int `yaml:"completion"`
	} `yaml:"usage"`
	Status int    `yaml:"status"` // an HTTP error instead of a reply
	Chunk  int    `yaml:"chunk"`
	Finish string `yaml:"finish"` // the finish reason, e.g. length
}

var update = flag.Bool("update", false, "rewrite the events of app fixtures from actual runs")

func TestAppFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "apps", "*.expect.yml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".expect.yml")
		var fx fixture
		readYAML(t, f, &fx)
		for _, provider := range cmpOr(fx.Providers, []string{"ollama"}) {
			t.Run(name+"/"+provider, func(t *testing.T) {
				t.Parallel()
				runFixture(t, f, stdcmp.Or(fx.App, name+".yml"), provider, fx)
			})
		}
	}
}

func cmpOr[T any](v []T, def []T) []T {
	if len(v) == 0 {
		return def
	}
	return v
}

func runFixture(t *testing.T, expectPath, app, provider string, fx fixture) {
	e := newEnv(t, provider)
	e.script(t, fx)
	dsl, err := os.ReadFile(filepath.Join("testdata", "apps", app))
	if err != nil {
		t.Fatal(err)
	}
	plan := e.compile(t, dsl)
	inputs := map[string]any{}
	for k, v := range fx.Inputs {
		inputs[k] = v
	}
	if fx.History != nil {
		inputs[nodes.HistoryInput] = toAny(fx.History)
	}
	res, runErr, events := run(t, plan, engine.RunInput{Inputs: inputs, Sys: engine.Sys{Query: fx.Query, ConversationID: "c1"}}, stdcmp.Or(fx.Workers, 1))
	checkOutcome(t, fx, res, runErr)
	checkNodes(t, fx, events)
	if fx.ModelCalls != nil && len(e.srv.Requests()) != *fx.ModelCalls {
		t.Errorf("%d model calls, want %d", len(e.srv.Requests()), *fx.ModelCalls)
	}
	if *update && fx.Events != nil && provider == cmpOr(fx.Providers, []string{"ollama"})[0] {
		golden.Rewrite(t, expectPath, describeAll(events))
		return
	}
	golden.Events{Events: fx.Events, Contains: fx.Contains, Before: fx.Before}.Check(t, describeAll(events))
}

func (e *env) script(t *testing.T, fx fixture) {
	if len(fx.Models) > 0 {
		e.srv.SetModels(fx.Models...)
	}
	for _, r := range fx.Script {
		e.srv.Script("", r.reply(t))
	}
	for model, rs := range fx.Scripts {
		for _, r := range rs {
			e.srv.Script(model, r.reply(t))
		}
	}
}

func (r replySpec) reply(t *testing.T) llmtest.Reply {
	if r.Status != 0 {
		return llmtest.Fail(llmtest.HTTPError(r.Status, "scripted failure"))
	}
	rep := llmtest.Reply{Chunk: r.Chunk, Finish: r.Finish}
	if r.Usage != nil {
		rep.Usage = llm.Usage{PromptTokens: r.Usage.Prompt, CompletionTokens: r.Usage.Completion}
	}
	if r.Text != "" {
		rep.Parts = append(rep.Parts, llmtest.Content(r.Text))
	}
	for _, p := range r.Parts {
		rep.Parts = append(rep.Parts, partOf(t, p))
	}
	return rep
}

func partOf(t *testing.T, p map[string]any) llmtest.Part {
	switch {
	case p["content"] != nil:
		return llmtest.Content(fmt.Sprint(p["content"]))
	case p["reasoning"] != nil:
		return llmtest.Reasoning(fmt.Sprint(p["reasoning"]))
	case p["think"] != nil:
		return llmtest.Think(fmt.Sprint(p["think"]))
	case p["tool"] != nil:
		return llmtest.Tool(fmt.Sprint(p["tool"]), p["args"])
	}
	t.Fatalf("unknown reply part %v", p)
	return llmtest.Part{}
}

func checkOutcome(t *testing.T, fx fixture, res *engine.RunResult, err error) {
	t.Helper()
	if want := stdcmp.Or(fx.Status, engine.StatusSucceeded); res.Status != want {
		t.Errorf("status %s, want %s (error: %v)", res.Status, want, err)
	}
	if fx.ErrorContains != "" && (err == nil || !strings.Contains(err.Error(), fx.ErrorContains)) {
		t.Errorf("error %v does not contain %q", err, fx.ErrorContains)
	}
	if fx.Outputs != nil {
		got := plain(res.Outputs)
		if d := cmp.Diff(wildcard(plain(fx.Outputs), got), got); d != "" {
			t.Errorf("outputs (-want +got):\n%s", d)
		}
	}
	if fx.Answer != nil && res.Answer != *fx.Answer {
		t.Errorf("answer %q, want %q", res.Answer, *fx.Answer)
	}
}

// checkNodes compares the listed keys of node outputs, process data and
// generation details with the node's last finishing event.
func checkNodes(t *testing.T, fx fixture, events []engine.Event) {
	t.Helper()
	last := map[string]engine.Event{}
	for _, e := range events {
		if e.Kind == engine.NodeRunSucceeded || e.Kind == engine.NodeRunFailed {
			last[e.NodeID] = e
		}
	}
	for id, want := range fx.NodeOutputs {
		subset(t, id+" outputs", want, last[id].Outputs)
	}
	for id, want := range fx.Process {
		subset(t, id+" process data", want, last[id].ProcessData)
	}
	for id, want := range fx.Details {
		got, ok := last[id].ProcessData[nodes.DetailKey].(llm.Detail)
		if !ok {
			t.Errorf("%s: no llm.Detail under %s", id, nodes.DetailKey)
			continue
		}
		if d := cmp.Diff(detailShape(t, want), detailShape(t, got)); d != "" {
			t.Errorf("%s generation detail (-want +got):\n%s", id, d)
		}
	}
}

func subset[V any](t *testing.T, what string, want map[string]any, got map[string]V) {
	t.Helper()
	for k, w := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: no %q (have %v)", what, k, keys(got))
			continue
		}
		gp := plain(g)
		if d := cmp.Diff(wildcard(plain(w), gp), gp); d != "" {
			t.Errorf("%s %q (-want +got):\n%s", what, k, d)
		}
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// plain puts YAML and Go values in one JSON-like shape for comparison.
func plain(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	var x any
	_ = json.Unmarshal(b, &x)
	return x
}

func toAny(v any) any { return plain(v) }

func describeAll(events []engine.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = describe(e)
	}
	return out
}

// describe renders an event: kind, node, a non-default status, a chunk's
// text, a branch taken, an error type.
func describe(e engine.Event) string {
	s := string(e.Kind)
	if e.NodeID != "" {
		s += " " + e.NodeID
	}
	defaults := map[engine.EventKind]engine.Status{engine.NodeRunSucceeded: engine.StatusSucceeded,
		engine.NodeRunFailed: engine.StatusFailed, engine.NodeRunSkipped: engine.StatusSkipped}
	if def, ok := defaults[e.Kind]; ok && e.Status != def {
		s += " (" + string(e.Status) + ")"
	}
	if e.Kind == engine.NodeRunStreamChunk {
		s += fmt.Sprintf(" %q", e.Chunk)
	}
	if e.Handle != "" && e.Handle != engine.HandleSource {
		s += " → " + e.Handle
	}
	if e.ErrorType != "" && e.Kind != engine.RunFailed {
		s += " [" + e.ErrorType + "]"
	}
	return s
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

// detailShape normalizes a detail for comparison: through llm.Detail (so
// omitted zero offsets match) and without tool-call ids, which providers
// generate.
func detailShape(t *testing.T, v any) any {
	t.Helper()
	var d llm.Detail
	if err := json.Unmarshal(mustJSON(t, plain(v)), &d); err != nil {
		t.Fatalf("read detail: %v", err)
	}
	for i := range d.ToolCalls {
		d.ToolCalls[i].ID = ""
	}
	return plain(d)
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// wildcard lets expectations write "<any>" for values that are not stable
// (scores): it takes got's value there.
func wildcard(want, got any) any {
	switch w := want.(type) {
	case string:
		if w == "<any>" {
			return got
		}
	case map[string]any:
		g, _ := got.(map[string]any)
		out := make(map[string]any, len(w))
		for k, v := range w {
			out[k] = wildcard(v, g[k])
		}
		return out
	case []any:
		g, _ := got.([]any)
		out := make([]any, len(w))
		for i, v := range w {
			var gi any
			if i < len(g) {
				gi = g[i]
			}
			out[i] = wildcard(v, gi)
		}
		return out
	}
	return want
}
