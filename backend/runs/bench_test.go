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
	"lexflow/backend/internal/proccpu"
	"lexflow/backend/nodes/dify"
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
// until the recorder has written the run's outcome. Each run's rows are then
// read back, outside the timing, to prove they were all written. cpu-µs/node
// is the median run's process CPU time (every thread: engine, recorder and
// SQLite) per node, which a busy machine does not inflate as it does the
// wall-clock figure.
func BenchmarkChain1000Recorded(b *testing.B) {
	wall, cpu := runRecorded(b, chainDSL(1000), 1002)
	b.ReportMetric(float64(median(wall).Nanoseconds())/1002/1000, "µs/node")
	b.ReportMetric(float64(median(cpu).Nanoseconds())/1002/1000, "cpu-µs/node")
}

// BenchmarkFanOut200Recorded is a 200-way fan-out and fan-in of no-op nodes
// with persistence on, measured like BenchmarkChain1000Recorded: median ms per run.
func BenchmarkFanOut200Recorded(b *testing.B) {
	wall, cpu := runRecorded(b, fanDSL(200), 203)
	b.ReportMetric(float64(median(wall).Microseconds())/1000, "ms/run")
	b.ReportMetric(float64(median(cpu).Microseconds())/1000, "cpu-ms/run")
}

// runRecorded runs the workflow b.N times with a Recorder on a real SQLite
// file, checks each run's rows, and returns each run's wall-clock and
// process CPU time.
func runRecorded(b *testing.B, dsl []byte, nodes int) (wall, cpu []time.Duration) {
	db, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "lexflow.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	reg := engine.NewRegistry()
	reg.Register("start", func(engine.NodeDef) (engine.Node, error) { return noopNode{engine.RoleStart}, nil })
	reg.Register("end", func(engine.NodeDef) (engine.Node, error) { return noopNode{engine.RoleEnd}, nil })
	reg.Register("noop", func(engine.NodeDef) (engine.Node, error) { return noopNode{}, nil })
	app, _, err := dify.Import(dsl)
	if err != nil {
		b.Fatal(err)
	}
	plan, err := engine.Compile(app, reg)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start, cpuStart := time.Now(), proccpu.Used()
		id := fmt.Sprintf("bench-%d", i)
		if err := db.InsertRun(context.Background(), store.Run{ID: id, Mode: "workflow", StartedAt: start}); err != nil {
			b.Fatal(err)
		}
		res, _ := plan.Run(context.Background(), engine.RunInput{RunID: id},
			engine.RunOptions{Observers: []engine.Observer{NewRecorder(db, "")}})
		if res.Status != engine.StatusSucceeded {
			b.Fatalf("run %s", res.Status)
		}
		wall, cpu = append(wall, time.Since(start)), append(cpu, proccpu.Used()-cpuStart)
		b.StopTimer()
		checkRecorded(b, db, id, nodes)
		b.StartTimer()
	}
	return wall, cpu
}

// fanDSL is start → width no-op nodes → join → end.
func fanDSL(width int) []byte {
	var nodes, edges strings.Builder
	for i := 0; i < width; i++ {
		fmt.Fprintf(&nodes, "      - {id: b%d, type: noop, data: {title: B%d}}\n", i, i)
		fmt.Fprintf(&edges, "      - {source: start, target: b%d}\n      - {source: b%d, target: join}\n", i, i)
	}
	return []byte(`version: "0.1.0"
kind: lexflow-app
app: {name: Fan, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {title: Start}}
      - {id: join, type: noop, data: {title: Join}}
      - {id: end, type: end, data: {title: End}}
` + nodes.String() + "    edges:\n" + edges.String() + "      - {source: join, target: end}\n")
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// checkRecorded fails unless the run, every node execution and every event
// (run start and end, a start and a finish per node) are stored.
func checkRecorded(b *testing.B, db *store.DB, runID string, nodes int) {
	b.Helper()
	ctx := context.Background()
	run, err := db.GetRun(ctx, runID)
	if err != nil || run.Status != "succeeded" || run.FinishedAt == nil {
		b.Fatalf("stored run = %+v, %v", run, err)
	}
	execs, err := db.NodeExecutions(ctx, runID)
	if err != nil || len(execs) != nodes {
		b.Fatalf("%d node executions stored, want %d (%v)", len(execs), nodes, err)
	}
	for _, e := range execs {
		if e.Status != "succeeded" || e.FinishedAt == nil {
			b.Fatalf("node execution %s stored as %s", e.NodeID, e.Status)
		}
	}
	events, err := db.RunEvents(ctx, runID, 0)
	if err != nil || len(events) != 2*nodes+2 || events[len(events)-1].Type != string(engine.RunSucceeded) {
		b.Fatalf("%d events stored, want %d (%v)", len(events), 2*nodes+2, err)
	}
}
