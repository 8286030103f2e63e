package store

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestRunLifecycle(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	app, err := db.SaveApp(ctx, App{Name: "Legal Q&A", Mode: "chatflow", DSL: "version: 1"})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	if err := db.InsertRun(ctx, Run{ID: "r1", AppID: app.ID, Mode: "chatflow", Inputs: `{"q":"x"}`, StartedAt: start}); err != nil {
		t.Fatal(err)
	}
	exec := NodeExecution{RunID: "r1", NodeID: "llm1", NodeType: "llm", Position: 1, Status: "running", StartedAt: start}
	if err := db.SaveNodeExecution(ctx, exec); err != nil {
		t.Fatal(err)
	}
	fin := start.Add(1500 * time.Millisecond)
	exec.Status, exec.Outputs, exec.FinishedAt, exec.ElapsedMs, exec.PromptTokens = "succeeded", `{"text":"ok"}`, &fin, 1500, 12
	if err := db.SaveNodeExecution(ctx, exec); err != nil {
		t.Fatal(err)
	}
	db.SaveNodeExecution(ctx, NodeExecution{RunID: "r1", NodeID: "llm1_ext_1", NodeType: "llm", Position: 2,
		Status: "running", IsVirtual: true, ParentNodeID: "tool1", StartedAt: fin})
	execs, _ := db.NodeExecutions(ctx, "r1")
	if len(execs) != 2 || execs[0].Status != "succeeded" || execs[0].ElapsedMs != 1500 || !execs[1].IsVirtual {
		t.Fatalf("executions = %+v", execs)
	}

	events := []RunEvent{{RunID: "r1", Seq: 1, Type: "run_started", Payload: "{}", CreatedAt: start},
		{RunID: "r1", Seq: 2, Type: "node_started", NodeID: "llm1", Payload: "{}", CreatedAt: start},
		{RunID: "r1", Seq: 3, Type: "node_succeeded", NodeID: "llm1", Payload: "{}", CreatedAt: fin}}
	db.AppendRunEvents(ctx, events)
	db.AppendRunEvents(ctx, events[2:]) // a repeated batch is ignored
	if got, _ := db.RunEvents(ctx, "r1", 1); len(got) != 2 || got[0].Seq != 2 {
		t.Errorf("events after 1 = %+v", got)
	}

	last := fin.Add(200 * time.Millisecond)
	db.AppendRunEvents(ctx, []RunEvent{{RunID: "r1", Seq: 4, Type: "node_stream_chunk", NodeID: "llm1_ext_1", Payload: "{}", CreatedAt: last}})
	if n, err := db.InterruptRuns(ctx); err != nil || n != 1 {
		t.Fatalf("interrupt = %d, %v", n, err)
	}
	r, _ := db.GetRun(ctx, "r1")
	execs, _ = db.NodeExecutions(ctx, "r1")
	if r.Status != "interrupted" || execs[1].Status != "interrupted" || execs[0].Status != "succeeded" {
		t.Errorf("after interrupt: run %s, executions %s %s", r.Status, execs[0].Status, execs[1].Status)
	}
	// Interrupted at their last recorded event.
	if r.FinishedAt == nil || !r.FinishedAt.Equal(last) || r.ElapsedMs != 1700 {
		t.Errorf("interrupted run finished %v after %d ms, want %v after 1700", r.FinishedAt, r.ElapsedMs, last)
	}
	if execs[1].FinishedAt == nil || !execs[1].FinishedAt.Equal(last) || execs[1].ElapsedMs != 200 {
		t.Errorf("interrupted node finished %v after %d ms, want %v after 200", execs[1].FinishedAt, execs[1].ElapsedMs, last)
	}
	if runs, _ := db.ListRuns(ctx, app.ID, 10); len(runs) != 1 {
		t.Errorf("list runs = %d", len(runs))
	}
	// Deleting the app keeps its runs for the audit trail.
	db.DeleteApp(ctx, app.ID)
	if r, err := db.GetRun(ctx, "r1"); err != nil || r.AppID != "" {
		t.Errorf("run after app delete = %+v, %v", r, err)
	}
}

func TestGenerationDetailIsOnePerKey(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	db.InsertRun(ctx, Run{ID: "r1", Mode: "workflow", StartedAt: time.Now()})
	for _, seq := range []string{`[{"type":"content","start":0,"end":3}]`, `[{"type":"content","start":0,"end":5}]`} {
		if err := db.SaveGenerationDetail(ctx, GenerationDetail{RunID: "r1", NodeID: "llm1", Sequence: seq}); err != nil {
			t.Fatal(err)
		}
		if err := db.SaveGenerationDetail(ctx, GenerationDetail{MessageID: "m1", Sequence: seq}); err != nil {
			t.Fatal(err)
		}
	}
	g, ok, err := db.NodeGenerationDetail(ctx, "r1", "llm1")
	if err != nil || !ok || g.Sequence != `[{"type":"content","start":0,"end":5}]` {
		t.Errorf("node detail = %+v %v %v", g, ok, err)
	}
	if g, ok, _ := db.MessageGenerationDetail(ctx, "m1"); !ok || g.RunID != "" {
		t.Errorf("message detail = %+v", g)
	}
	var n int
	db.SQL().QueryRow(`SELECT COUNT(*) FROM llm_generation_details`).Scan(&n)
	if n != 2 {
		t.Errorf("%d rows, want one per key", n)
	}
	if _, ok, _ := db.NodeGenerationDetail(ctx, "r1", "other"); ok {
		t.Error("found a detail that was never saved")
	}
}

func TestTimeTextMatchesFormatTime(t *testing.T) {
	for _, tm := range []time.Time{time.Now(), {}, time.Date(2026, 12, 31, 23, 59, 59, 999_999_999, time.UTC),
		time.Date(999, 1, 2, 3, 4, 5, 6_000_000, time.FixedZone("x", 5*3600)), time.Date(12345, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-5, 1, 1, 0, 0, 0, 0, time.UTC)} {
		if got, want := timeText(tm), formatTime(tm); got != want {
			t.Errorf("timeText(%v) = %q, want %q", tm, got, want)
		}
	}
}

// Batches of every size are written through a few prepared statements, in
// order, and a repeated event or a newer execution state does not add rows.
func TestRunBatches(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	if err := db.InsertRun(ctx, Run{ID: "r1", Mode: "workflow", StartedAt: start}); err != nil {
		t.Fatal(err)
	}
	seq := int64(0)
	for _, size := range []int{1, 3, 4, 17, 64, 150, 0, 2} {
		var events []RunEvent
		var execs []NodeExecution
		for range size {
			seq++
			events = append(events, RunEvent{RunID: "r1", Seq: seq, Type: "node_started", NodeID: fmt.Sprint("n", seq),
				Payload: fmt.Sprintf(`{"seq":%d}`, seq), CreatedAt: start.Add(time.Duration(seq) * time.Millisecond)})
			execs = append(execs, NodeExecution{RunID: "r1", NodeID: fmt.Sprint("n", seq), NodeType: "noop",
				Position: int(seq), Status: "running", StartedAt: start})
		}
		if err := db.SaveRunBatch(ctx, events, execs); err != nil {
			t.Fatalf("batch of %d: %v", size, err)
		}
	}
	fin := start.Add(time.Second)
	again := NodeExecution{RunID: "r1", NodeID: "n5", NodeType: "noop", Position: 5, Status: "succeeded",
		StartedAt: start, FinishedAt: &fin, ElapsedMs: 1000}
	if err := db.SaveRunBatch(ctx, []RunEvent{{RunID: "r1", Seq: 5, Type: "dup", Payload: "{}", CreatedAt: start}}, []NodeExecution{again}); err != nil {
		t.Fatal(err)
	}
	events, _ := db.RunEvents(ctx, "r1", 0)
	if int64(len(events)) != seq {
		t.Fatalf("%d events stored, want %d", len(events), seq)
	}
	for i, e := range events {
		if e.Seq != int64(i+1) || e.Payload != fmt.Sprintf(`{"seq":%d}`, i+1) || !e.CreatedAt.Equal(start.Add(time.Duration(i+1)*time.Millisecond)) {
			t.Fatalf("event %d = %+v", i, e)
		}
	}
	execs, _ := db.NodeExecutions(ctx, "r1")
	if int64(len(execs)) != seq || execs[4].Status != "succeeded" || execs[4].FinishedAt == nil || !execs[4].FinishedAt.Equal(fin) ||
		execs[4].ID != "r1:n5" {
		t.Fatalf("%d executions, n5 = %+v", len(execs), execs[4])
	}
}

// A value left at its default is bound as NULL (see defaulted): it must come
// out as the default even when the same prepared statement bound a value
// there for the row before.
func TestUnboundParametersAreNull(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	fin := start.Add(time.Second)
	if err := db.InsertRun(ctx, Run{ID: "r1", Mode: "workflow", StartedAt: start}); err != nil {
		t.Fatal(err)
	}
	full := NodeExecution{ID: "x1", RunID: "r1", NodeID: "a", NodeType: "llm", Title: "A", Position: 1,
		PredecessorNodeID: "start", Status: "failed", Inputs: `{"i":1}`, ProcessData: `{"p":1}`, Outputs: `{"o":1}`,
		Error: "boom", Retries: 2, PromptTokens: 3, CompletionTokens: 4, IsVirtual: true, ParentNodeID: "tool",
		StartedAt: start, FinishedAt: &fin, ElapsedMs: 1000, Variables: `{"start.q":"x"}`}
	bare := NodeExecution{RunID: "r1", NodeID: "b", NodeType: "noop", Position: 2, Status: "running", StartedAt: start}
	for _, e := range []NodeExecution{full, bare} {
		if err := db.SaveRunBatch(ctx, nil, []NodeExecution{e}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := db.NodeExecutions(ctx, "r1")
	if err != nil || len(got) != 2 {
		t.Fatalf("%+v, %v", got, err)
	}
	bare.ID, bare.Inputs, bare.ProcessData, bare.Outputs = "r1:b", "{}", "{}", "{}"
	for i, want := range []NodeExecution{full, bare} {
		if diff := cmp.Diff(want, got[i]); diff != "" {
			t.Errorf("row %d (-want +got):\n%s", i, diff)
		}
	}
}

// A batch may hold rows of several runs: each goes to its own run although a
// statement binds one run id for all its rows.
func TestRunBatchOfSeveralRuns(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	var events []RunEvent
	var execs []NodeExecution
	for _, id := range []string{"a", "b", "a"} {
		if id != "a" || len(events) == 0 {
			if err := db.InsertRun(ctx, Run{ID: id, Mode: "workflow", StartedAt: start}); err != nil {
				t.Fatal(err)
			}
		}
		for range 5 {
			seq := int64(len(events) + 1)
			events = append(events, RunEvent{RunID: id, Seq: seq, Type: "node_started", Payload: "{}", CreatedAt: start})
			execs = append(execs, NodeExecution{RunID: id, NodeID: fmt.Sprint("n", seq), NodeType: "noop",
				Position: int(seq), Status: "running", StartedAt: start})
		}
	}
	if err := db.SaveRunBatch(ctx, events, execs); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]int{"a": 10, "b": 5} {
		events, _ := db.RunEvents(ctx, id, 0)
		execs, _ := db.NodeExecutions(ctx, id)
		if len(events) != want || len(execs) != want || execs[0].ID != id+":"+execs[0].NodeID {
			t.Errorf("run %s: %d events, %d executions (%+v), want %d", id, len(events), len(execs), execs, want)
		}
	}
}

// Runs recorded at the same time take turns on the one recording
// connection; each keeps every row of its own.
func TestRunBatchesOfConcurrentRuns(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for r := range 4 {
		id := fmt.Sprint("run", r)
		if err := db.InsertRun(ctx, Run{ID: id, Mode: "workflow", StartedAt: start}); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			for seq := int64(1); seq <= 100; seq++ {
				ev := RunEvent{RunID: id, Seq: seq, Type: "node_started", Payload: "{}", CreatedAt: start}
				ex := NodeExecution{RunID: id, NodeID: fmt.Sprint("n", seq), NodeType: "noop", Status: "running", StartedAt: start}
				if err := db.SaveRunBatch(ctx, []RunEvent{ev}, []NodeExecution{ex}); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for r := range 4 {
		events, _ := db.RunEvents(ctx, fmt.Sprint("run", r), 0)
		execs, _ := db.NodeExecutions(ctx, fmt.Sprint("run", r))
		if len(events) != 100 || len(execs) != 100 {
			t.Errorf("run%d: %d events, %d executions", r, len(events), len(execs))
		}
	}
	if err := db.Close(); err != nil { // finalizes the recording statements first
		t.Fatal(err)
	}
}

// Run history names each run by its question and its app's current name.
func TestRunKeepsItsQuestionAndCurrentAppName(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	app, err := db.SaveApp(ctx, App{Name: "Legal Q&A", Mode: "chatflow", DSL: "version: 1"})
	if err != nil {
		t.Fatal(err)
	}
	run := Run{ID: "r1", AppID: app.ID, Mode: "chatflow", Query: "Is a verbal contract binding?", StartedAt: time.Now()}
	if err := db.InsertRun(ctx, run); err != nil {
		t.Fatal(err)
	}
	if err := db.InsertRun(ctx, Run{ID: "r2", Mode: "workflow", StartedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	got, err := db.GetRun(ctx, "r1")
	if err != nil || got.Query != run.Query || got.AppName != "Legal Q&A" {
		t.Fatalf("run = %q in %q, %v; want %q in Legal Q&A", got.Query, got.AppName, err, run.Query)
	}
	app.Name = "Contracts Q&A"
	if _, err := db.SaveApp(ctx, app); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.GetRun(ctx, "r1"); got.AppName != "Contracts Q&A" {
		t.Errorf("after a rename the run names %q, want the app's current name", got.AppName)
	}
	if got, _ := db.GetRun(ctx, "r2"); got.Query != "" || got.AppName != "" {
		t.Errorf("a workflow run without an app = %q in %q, want both empty", got.Query, got.AppName)
	}
	db.DeleteApp(ctx, app.ID)
	list, _ := db.ListRuns(ctx, "", 10)
	for _, r := range list {
		if r.AppName != "" {
			t.Errorf("after the app is deleted, run %s still names %q", r.ID, r.AppName)
		}
	}
}

// Rebuilding node_executions (migrations 8 and 28) keeps every row and every column.
func TestNodeExecutionsRebuildKeepsRows(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	fin := start.Add(time.Second)
	if err := db.InsertRun(ctx, Run{ID: "r1", Mode: "workflow", StartedAt: start}); err != nil {
		t.Fatal(err)
	}
	want := NodeExecution{RunID: "r1", NodeID: "llm1_ext_1", NodeType: "llm", Title: "Extraction", Position: 3,
		PredecessorNodeID: "llm1", Status: "succeeded", Inputs: `{"context_source":"llm1.context"}`, ProcessData: `{"p":1}`,
		Outputs: `{"text":"Article 12"}`, Error: "", Retries: 1, PromptTokens: 40, CompletionTokens: 3, IsVirtual: true,
		ParentNodeID: "tool1", StartedAt: start, FinishedAt: &fin, ElapsedMs: 1000}
	if err := db.SaveNodeExecution(ctx, want); err != nil {
		t.Fatal(err)
	}
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	rebuild := ms[7]
	if rebuild.version != 8 {
		t.Fatalf("migration 8 is %s", rebuild.name)
	}
	rebuild.version = 108 // applied again, over rows, with the columns added since
	later := ms[8]
	later.version = 109
	rounds := ms[27] // and the latest rebuild, which brings the table to today's shape
	if rounds.version != 28 {
		t.Fatalf("migration 28 is %s", rounds.name)
	}
	rounds.version = 110
	for _, m := range []migration{rebuild, later, rounds} {
		if err := apply(ctx, db.SQL(), m); err != nil {
			t.Fatal(err)
		}
	}
	got, err := db.NodeExecutions(ctx, "r1")
	if err != nil || len(got) != 1 {
		t.Fatalf("%v, %v", got, err)
	}
	want.ID = got[0].ID
	if diff := cmp.Diff(want, got[0]); diff != "" {
		t.Errorf("after the rebuild (-want +got):\n%s", diff)
	}
}

// After the upgrade that stores derived execution ids empty (migration 13),
// every id reads as it did, and rows written since read the same way.
func TestUpgradeDerivesExecutionIDs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	raw := openAtVersion(t, path, 12)
	start := formatTime(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC))
	for _, q := range []string{`INSERT INTO workflow_runs (id, mode, status, started_at) VALUES ('r1', 'workflow', 'running', ?1)`,
		`INSERT INTO node_executions (id, run_id, node_id, node_type, position, status, started_at, variables)
		VALUES ('r1:a', 'r1', 'a', 'noop', 1, 'succeeded', ?1, '{"x":1}'), ('x2', 'r1', 'b', 'llm', 2, 'running', ?1, NULL)`} {
		if _, err := raw.Exec(q, start); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	db := openAt(t, path)
	ctx := context.Background()
	if err := db.SaveRunBatch(ctx, nil, []NodeExecution{{RunID: "r1", NodeID: "c", NodeType: "noop", Position: 3,
		Status: "running", StartedAt: time.Now()}, {ID: "r1:d", RunID: "r1", NodeID: "d", NodeType: "noop", Position: 4,
		Status: "running", StartedAt: time.Now()}}); err != nil {
		t.Fatal(err)
	}
	got, err := db.NodeExecutions(ctx, "r1")
	if err != nil || len(got) != 4 {
		t.Fatalf("%+v, %v", got, err)
	}
	for i, id := range []string{"r1:a", "x2", "r1:c", "r1:d"} {
		if got[i].ID != id {
			t.Errorf("execution %s has id %q, want %q", got[i].NodeID, got[i].ID, id)
		}
	}
	if got[0].Variables != `{"x":1}` || got[1].NodeType != "llm" {
		t.Errorf("rows changed: %+v", got[:2])
	}
	var stored int
	if err := db.SQL().QueryRow(`SELECT count(*) FROM node_executions WHERE id != ''`).Scan(&stored); err != nil || stored != 1 {
		t.Errorf("%d ids stored, want only the random one (%v)", stored, err)
	}
}
