package runs

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"lexflow/backend/engine"
	"lexflow/backend/store"
)

type noopNode struct{ role engine.Role }

func (n noopNode) Spec() engine.Spec { return engine.Spec{Role: n.role} }
func (noopNode) Run(context.Context, engine.NodeInput) (engine.NodeResult, error) {
	return engine.NodeResult{}, nil
}

// chainDSL is a workflow of n no-op nodes in a line between start and end.
func chainDSL(n int) []byte {
	var nodes, edges strings.Builder
	prev := "start"
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("n%d", i)
		fmt.Fprintf(&nodes, "      - {id: %s, type: noop, data: {title: N%d}}\n", id, i)
		fmt.Fprintf(&edges, "      - {source: %s, target: %s}\n", prev, id)
		prev = id
	}
	fmt.Fprintf(&edges, "      - {source: %s, target: end}\n", prev)
	return []byte(`version: "0.1.0"
kind: lexflow-app
app: {name: Chain, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {title: Start}}
      - {id: end, type: end, data: {title: End}}
` + nodes.String() + "    edges:\n" + edges.String())
}

// BenchmarkChain1000Recorded is engine overhead per node with persistence on:
// the plan is compiled once (parsing is not engine overhead), then each run
// records every event and node execution to a real SQLite file, and counts
// until the recorder has written the run's outcome.
func BenchmarkChain1000Recorded(b *testing.B) {
	db, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "lexflow.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	reg := engine.NewRegistry()
	reg.Register("start", func(engine.NodeDef) (engine.Node, error) { return noopNode{engine.RoleStart}, nil })
	reg.Register("end", func(engine.NodeDef) (engine.Node, error) { return noopNode{engine.RoleEnd}, nil })
	reg.Register("noop", func(engine.NodeDef) (engine.Node, error) { return noopNode{}, nil })
	app, _, err := engine.Import(chainDSL(1000))
	if err != nil {
		b.Fatal(err)
	}
	plan, err := engine.Compile(app, reg)
	if err != nil {
		b.Fatal(err)
	}
	var perNode []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		id := fmt.Sprintf("bench-%d", i)
		if err := db.InsertRun(context.Background(), store.Run{ID: id, Mode: "workflow", StartedAt: start}); err != nil {
			b.Fatal(err)
		}
		res, _ := plan.Run(context.Background(), engine.RunInput{RunID: id},
			engine.RunOptions{Observers: []engine.Observer{NewRecorder(db, "")}})
		if res.Status != engine.StatusSucceeded {
			b.Fatalf("run %s", res.Status)
		}
		perNode = append(perNode, time.Since(start)/1002)
	}
	b.ReportMetric(float64(median(perNode).Nanoseconds())/1000, "µs/node")
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
