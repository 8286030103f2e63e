package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"lexflow/backend/internal/proccpu"
)

// BenchmarkSaveRunBatch is the database side of recording a 1,000-node chain:
// each node's two events and its execution row, written in batches of 128
// nodes, as the recorder's writer goroutine does when it keeps up. cpu-µs/node
// is process CPU time, steadier than wall-clock time on a busy machine.
func BenchmarkSaveRunBatch(b *testing.B) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(b.TempDir(), "lexflow.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	const nodes, perBatch = 1000, 128
	var cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		runID := fmt.Sprintf("20260521T090000-%012d", i)
		b.StopTimer()
		if err := db.InsertRun(ctx, Run{ID: runID, Mode: "workflow", StartedAt: time.Now()}); err != nil {
			b.Fatal(err)
		}
		type batch struct {
			events []RunEvent
			execs  []NodeExecution
		}
		var batches []batch
		for first := 0; first < nodes; first += perBatch {
			events, execs := chainBatch(runID, first, min(first+perBatch, nodes))
			batches = append(batches, batch{events, execs})
		}
		b.StartTimer()
		began := proccpu.Used()
		for _, bt := range batches {
			if err := db.SaveRunBatch(ctx, bt.events, bt.execs); err != nil {
				b.Fatal(err)
			}
		}
		cpu += proccpu.Used() - began
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/nodes/1000, "µs/node")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/nodes/1000, "cpu-µs/node")
}

// chainBatch is nodes [from, to) of a chain: a start and a finish event each
// with payloads the size of the engine's, and each node's finished row.
func chainBatch(runID string, from, to int) ([]RunEvent, []NodeExecution) {
	var events []RunEvent
	var execs []NodeExecution
	t := time.Now()
	for n := from; n < to; n++ {
		id := fmt.Sprint("n", n)
		events = append(events,
			RunEvent{RunID: runID, Seq: int64(2*n + 1), Type: "node_started", NodeID: id, CreatedAt: t,
				Payload: fmt.Sprintf(`{"seq":%d,"kind":"node_started","run_id":%q,"time":"2026-11-21T13:38:06.497508945Z","node_id":%q,"node_type":"noop","title":"N","predecessor_node_id":"start","attempt":1}`, 2*n+1, runID, id)},
			RunEvent{RunID: runID, Seq: int64(2*n + 2), Type: "node_succeeded", NodeID: id, CreatedAt: t,
				Payload: fmt.Sprintf(`{"seq":%d,"kind":"node_succeeded","run_id":%q,"time":"2026-11-21T13:38:06.497515246Z","node_id":%q,"node_type":"noop","title":"N0","status":"succeeded","started_at":"2026-11-21T13:38:06.497508766Z","finished_at":"2026-11-21T13:38:06.497514085Z","elapsed":5322,"handle":"source","attempt":1}`, 2*n+2, runID, id)})
		execs = append(execs, NodeExecution{RunID: runID, NodeID: id, NodeType: "noop", Title: "N", Position: n + 1,
			Status: "succeeded", Inputs: "{}", Outputs: "{}", ProcessData: "{}", StartedAt: t, FinishedAt: &t})
	}
	return events, execs
}
