//go:build eino

// Package einobench measures the same no-op graphs on Lexflow's engine and on
// cloudwego/eino's compose graph, in one run:
//
//	cd backend/engine/einobench && go test -tags eino -run Compare -v -bench .
package einobench

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/cloudwego/eino/compose"

	"lexflow/backend/engine"
)

const (
	chainNodes = 1000
	fanWidth   = 200
)

// noop is the Lexflow node for all three roles the graphs need.
type noop struct{ role engine.Role }

func (n noop) Spec() engine.Spec { return engine.Spec{Role: n.role} }
func (noop) Run(context.Context, engine.NodeInput) (engine.NodeResult, error) {
	return engine.NodeResult{}, nil
}

func registry() *engine.Registry {
	r := engine.NewRegistry()
	for typ, role := range map[string]engine.Role{"start": engine.RoleStart, "noop": engine.RoleNone, "end": engine.RoleEnd} {
		if err := r.Register(typ, func(engine.NodeDef) (engine.Node, error) { return noop{role}, nil }); err != nil {
			panic(err)
		}
	}
	return r
}

func lexflowPlan(tb testing.TB, fan bool) *engine.Plan {
	app := &engine.App{Version: engine.DSLVersion, Kind: engine.DSLKind, App: engine.AppInfo{Name: "b", Mode: engine.ModeWorkflow}}
	g := &app.Workflow.Graph
	add := func(id, typ string) { g.Nodes = append(g.Nodes, engine.GraphNode{ID: id, Type: typ}) }
	link := func(a, b string) { g.Edges = append(g.Edges, engine.Edge{Source: a, Target: b}) }
	add("start", "start")
	add("end", "end")
	if fan {
		add("join", "noop")
		for i := range fanWidth {
			id := fmt.Sprint("b", i)
			add(id, "noop")
			link("start", id)
			link(id, "join")
		}
		link("join", "end")
	} else {
		prev := "start"
		for i := 1; i < chainNodes-1; i++ {
			id := fmt.Sprint("n", i)
			add(id, "noop")
			link(prev, id)
			prev = id
		}
		link(prev, "end")
	}
	plan, err := engine.Compile(app, registry())
	if err != nil {
		tb.Fatal(err)
	}
	return plan
}

type state = map[string]any

func einoRunnable(tb testing.TB, fan bool) compose.Runnable[state, state] {
	ctx := context.Background()
	g := compose.NewGraph[state, state]()
	pass := compose.InvokableLambda(func(_ context.Context, in state) (state, error) { return in, nil })
	must := func(err error) {
		if err != nil {
			tb.Fatal(err)
		}
	}
	if fan {
		must(g.AddLambdaNode("join", compose.InvokableLambda(func(_ context.Context, in state) (state, error) { return in, nil })))
		for i := range fanWidth {
			id := fmt.Sprint("b", i)
			branch := compose.InvokableLambda(func(_ context.Context, _ state) (any, error) { return 1, nil })
			must(g.AddLambdaNode(id, branch, compose.WithOutputKey(id)))
			must(g.AddEdge(compose.START, id))
			must(g.AddEdge(id, "join"))
		}
		must(g.AddEdge("join", compose.END))
	} else {
		prev := compose.START
		for i := range chainNodes {
			id := fmt.Sprint("n", i)
			must(g.AddLambdaNode(id, pass))
			must(g.AddEdge(prev, id))
			prev = id
		}
		must(g.AddEdge(prev, compose.END))
	}
	// A fan-in needs eino's DAG mode (wait for all predecessors); a chain is
	// faster in its default Pregel mode, so each graph gets eino's best.
	opts := []compose.GraphCompileOption{compose.WithNodeTriggerMode(compose.AllPredecessor)}
	if !fan {
		opts = []compose.GraphCompileOption{compose.WithMaxRunSteps(chainNodes + 10)}
	}
	r, err := g.Compile(ctx, opts...)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

func benchLexflow(fan bool) func(b *testing.B) {
	return func(b *testing.B) {
		plan := lexflowPlan(b, fan)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := plan.Run(context.Background(), engine.RunInput{RunID: "b"}, engine.RunOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func benchEino(fan bool) func(b *testing.B) {
	return func(b *testing.B) {
		r := einoRunnable(b, fan)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.Invoke(context.Background(), state{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkChain1000(b *testing.B) {
	b.Run("lexflow", benchLexflow(false))
	b.Run("eino", benchEino(false))
}

func BenchmarkFanOut200(b *testing.B) {
	b.Run("lexflow", benchLexflow(true))
	b.Run("eino", benchEino(true))
}

// TestCompare runs both engines on both graphs and logs the ratios.
func TestCompare(t *testing.T) {
	if testing.Short() {
		t.Skip("benchmark comparison")
	}
	for _, c := range []struct {
		name string
		fan  bool
	}{{"chain-1000", false}, {"fan-out-200", true}} {
		lx, en := testing.Benchmark(benchLexflow(c.fan)), testing.Benchmark(benchEino(c.fan))
		if lx.N == 0 || en.N == 0 {
			t.Fatalf("%s: a benchmark failed (run with -bench to see why)", c.name)
		}
		t.Logf("%s: lexflow %v/run, eino %v/run, lexflow/eino = %.2f", c.name,
			lx.T/timesN(lx.N), en.T/timesN(en.N), float64(lx.NsPerOp())/float64(en.NsPerOp()))
	}
}

func timesN(n int) time.Duration { return time.Duration(n) }
