package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
)

// found is a problem reduced to what fixtures assert: its kind and where.
type found struct{ Kind, Where string }

func problemsOf(t *testing.T, err error) []found {
	t.Helper()
	var ce *CompileError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a *CompileError", err)
	}
	var out []found
	for _, p := range ce.Problems {
		where := p.NodeID
		if where == "" {
			where = p.EdgeID
		}
		if where == "" {
			where = strings.Join(p.NodeIDs, ",")
		}
		out = append(out, found{p.Kind(), where})
	}
	return out
}

func TestCompileReportsEveryProblem(t *testing.T) {
	tests := []struct {
		file string
		want []found
	}{
		{"self_loop", []found{{"cycle", "again"}}},
		{"cycle", []found{{"cycle", "draft"}}},
		{"missing_node", []found{{"reference to a missing node", "quote"}}},
		{"newer_type", []found{{"unknown node type: from a newer dsl version", "think"}}},
		{"self_reference", []found{{"self reference", "loop"}}},
		{"no_start", []found{{"no start node", ""}, {"no answer node", ""}}},
		{"two_starts", []found{{"several start nodes", "s1,s2"}}},
		{"many_problems", []found{
			{"invalid variable declaration", ""},
			{"duplicate node id", "twin"},
			{"unknown node type", "mystery"},
			{"invalid node", "sys"},
			{"invalid node", "flaky"},
			{"unknown source handle", "#2 (if → early)"},
			{"dangling edge", "#7 (deep → nowhere)"},
			{"duplicate edge", "dup"},
			{"no end node", ""},
			{"unreachable node", "twin"},
			{"unreachable node", "orphan"},
			{"reference to a node that is not upstream", "early"},
			{"reference to an unknown variable", "early"},
			{"reference to an unknown variable", "early"},
			{"reference to an unknown variable", "early"},
			{"type mismatch", "typed"},
			{"type mismatch", "deep"},
			{"invalid node", "flaky"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			app, err := dsl.Parse(readFixture(t, "testdata/bad/"+tt.file+".yml"))
			if err != nil {
				t.Fatal(err)
			}
			_, err = Compile(app, testRegistry())
			if d := cmp.Diff(tt.want, problemsOf(t, err)); d != "" {
				t.Errorf("problems (-want +got):\n%s\n%v", d, err)
			}
		})
	}
}

func TestCompileMessagesArePrecise(t *testing.T) {
	tests := []struct {
		file     string
		sentinel error
		contains string
	}{
		{"self_loop", ErrCycle, "node again: cycle: again → again"},
		{"cycle", ErrCycle, "draft → review → revise → draft"},
		{"missing_node", ErrMissingNode, `node quote: reference to a missing node: {{#ghost.text#}}: there is no node "ghost"`},
		{"newer_type", ErrNewerVersion, `type "deep-research" comes with dsl version 0.3.0, newer than this Lexflow's 0.1.0`},
		{"newer_type", ErrUnknownNodeType, "update Lexflow"},
		{"self_reference", ErrSelfReference, "{{#loop.text#}} reads the node's own output"},
		{"many_problems", ErrNotUpstream, "node late does not run before early"},
		{"many_problems", ErrUnknownVariable, `node start has no output "nickname" (it has name)`},
		{"many_problems", ErrUnknownVariable, `{{#sys.query#}}: no sys variable "query" in a workflow`},
		{"many_problems", ErrTypeMismatch, "{{#start.name#}} is string, but number is expected"},
		{"many_problems", ErrTypeMismatch, `start.name`},
		{"many_problems", ErrTypeMismatch, `late.text is string, which has no field "first"`},
		{"many_problems", ErrInvalidNode, "retry_config.max_retries: 99"},
		{"many_problems", ErrUnknownHandle, `node if has no handle "maybe" (it has "false", "true")`},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.contains, func(t *testing.T) {
			app, err := dsl.Parse(readFixture(t, "testdata/bad/"+tt.file+".yml"))
			if err != nil {
				t.Fatal(err)
			}
			_, err = Compile(app, testRegistry())
			if !errors.Is(err, tt.sentinel) || !strings.Contains(err.Error(), tt.contains) {
				t.Errorf("err = %v\nwant %v containing %q", err, tt.sentinel, tt.contains)
			}
		})
	}
}

func TestCompileNilAndLimits(t *testing.T) {
	if _, err := Compile(nil, testRegistry()); err == nil {
		t.Error("Compile(nil) should fail")
	}
	app := &dsl.App{App: dsl.AppInfo{Mode: dsl.ModeWorkflow}}
	for i := range MaxNodes + 1 {
		app.Workflow.Graph.Nodes = append(app.Workflow.Graph.Nodes, dsl.GraphNode{ID: fmt.Sprint("n", i), Type: "noop"})
	}
	if _, err := Compile(app, testRegistry()); !errors.Is(err, ErrInvalidNode) {
		t.Errorf("too many nodes: %v", err)
	}
}

func TestPlanDescribesNodes(t *testing.T) {
	plan := compileFile(t, "testdata/runs/branch.yml")
	var ids []string
	for _, n := range plan.Nodes() {
		ids = append(ids, n.ID)
	}
	want := []string{"start", "if", "yes1", "yes2", "no1", "no2", "join", "end"}
	if !slices.Equal(ids, want) {
		t.Errorf("topological order %v, want %v", ids, want)
	}
	info, ok := plan.Node("if")
	if !ok || !slices.Equal(info.Spec.Handles, []string{"true", "false"}) || plan.Mode() != dsl.ModeWorkflow {
		t.Errorf("Node(if) = %+v, %v", info, ok)
	}
	if _, ok := plan.Node("ghost"); ok {
		t.Error("Node(ghost) found")
	}
}

// A plan is immutable: many runs at once share it without races (run -race).
func TestPlanRunsConcurrently(t *testing.T) {
	plan := compileFile(t, "testdata/runs/answer_sequential.yml")
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := plan.Run(t.Context(), RunInput{RunID: fmt.Sprint("run", i)}, RunOptions{Workers: 2})
			if err != nil || res.Answer != "First: Article 12. Then: Article 13." {
				t.Errorf("run %d: %v %q", i, err, res.Answer)
			}
		}()
	}
	wg.Wait()
}

func TestRegistry(t *testing.T) {
	r := NewRegistry()
	if err := r.Register("x", newNoopNode); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct {
		typ string
		f   NodeFactory
	}{{"x", newNoopNode}, {"", newNoopNode}, {"y", nil}} {
		if err := r.Register(bad.typ, bad.f); err == nil {
			t.Errorf("Register(%q) should fail", bad.typ)
		}
	}
	if _, ok := r.Lookup("x"); !ok || !slices.Equal(r.Types(), []string{"x"}) {
		t.Errorf("Lookup/Types wrong: %v", r.Types())
	}
}
