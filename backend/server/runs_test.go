package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lexflow/backend/api"
	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/runs"
	"lexflow/backend/store"
)

// Node types for stream tests: a start and a slow streamer.
type inputNode struct{}

func (inputNode) Spec() engine.Spec { return engine.Spec{Role: engine.RoleStart} }
func (inputNode) Run(context.Context, engine.NodeInput) (engine.NodeResult, error) {
	return engine.NodeResult{}, nil
}

type slowStreamer struct{}

func (slowStreamer) Spec() engine.Spec {
	return engine.Spec{Outputs: []engine.Output{{Name: "text", Type: engine.TypeString}}, Streams: []string{"text"}}
}
func (slowStreamer) Run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	var b strings.Builder
	for i := 0; i < 40; i++ {
		time.Sleep(3 * time.Millisecond)
		chunk := fmt.Sprintf("w%d ", i)
		b.WriteString(chunk)
		in.Stream("text", chunk)
	}
	return engine.NodeResult{Outputs: map[string]engine.Value{"text": engine.ValueOf(b.String())}}, nil
}

type finishNode struct{}

func (finishNode) Spec() engine.Spec { return engine.Spec{Role: engine.RoleEnd} }
func (finishNode) Run(context.Context, engine.NodeInput) (engine.NodeResult, error) {
	return engine.NodeResult{}, nil
}

const streamDSL = `version: "0.1.0"
kind: lexflow-app
app: {name: Streamer, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {title: Start}}
      - {id: s, type: streamer, data: {title: Streamer}}
      - {id: end, type: end, data: {title: End}}
    edges:
      - {source: start, target: s}
      - {source: s, target: end}
`

func newRunsAPI(t *testing.T) (*httptest.Server, *api.Services) {
	srv, svc, _ := newRunsAPIWithDB(t)
	return srv, svc
}

func newRunsAPIWithDB(t *testing.T) (*httptest.Server, *api.Services, *store.DB) {
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	reg := engine.NewRegistry()
	reg.Register("start", func(engine.NodeDef) (engine.Node, error) { return inputNode{}, nil })
	reg.Register("streamer", func(engine.NodeDef) (engine.Node, error) { return slowStreamer{}, nil })
	reg.Register("end", func(engine.NodeDef) (engine.Node, error) { return finishNode{}, nil })
	hub := api.NewHub(nil, 4096)
	rs := runs.NewService(db, reg, api.PublishRun(hub), context.Background())
	svc := api.New(api.Options{DB: db, Hub: hub, Runs: rs})
	srv := httptest.NewServer(Routes(svc))
	t.Cleanup(func() { srv.Close(); rs.Shutdown(); db.Close() })
	return srv, svc, db
}

// readRunEvents reads up to max events (0: until the stream ends).
func readRunEvents(t testing.TB, url string, max int) []api.Event {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out []api.Event
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var ev api.Event
			json.Unmarshal([]byte(data), &ev)
			out = append(out, ev)
			if max > 0 && len(out) == max {
				return out
			}
		}
	}
	return out
}

func TestRunStreamResumesAfterAReloadWithoutLoss(t *testing.T) {
	srv, svc := newRunsAPI(t)
	var imported api.AppImported
	app := &testAPI{t: t, srv: srv}
	if code := app.call("POST", "/api/apps/import", api.AppImport{DSL: streamDSL}, &imported); code != 201 {
		t.Fatalf("import: %d", code)
	}
	var started api.RunStarted
	if code := app.call("POST", "/api/apps/"+imported.App.ID+"/runs", api.RunRequest{}, &started); code != 202 {
		t.Fatalf("start: %d", code)
	}
	base := srv.URL + "/api/runs/" + started.RunID + "/events"
	first := readRunEvents(t, base, 12) // the page goes away mid-run
	last := first[len(first)-1].Seq
	rest := readRunEvents(t, fmt.Sprintf("%s?after=%d", base, last), 0)
	all := append(first, rest...)
	for i, ev := range all {
		if ev.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d: lost or duplicated across the reconnect", i, ev.Seq)
		}
	}
	if end := all[len(all)-1].Type; end != "run_succeeded" {
		t.Fatalf("stream ended with %s", end)
	}
	// After the run, a fresh page replays the whole run from storage.
	replayed := readRunEvents(t, base, 0)
	if len(replayed) != len(all) {
		t.Errorf("replay has %d events, the live stream had %d", len(replayed), len(all))
	}
	// The stream says through which seq its replay goes, so that a page can
	// tell when it has all of it.
	for after, want := range map[int64]string{0: fmt.Sprint(len(all)), int64(len(all)): fmt.Sprint(len(all))} {
		resp, err := http.Get(fmt.Sprintf("%s?after=%d", base, after))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("Lexflow-Replay-Through"); got != want {
			t.Errorf("after %d: replay through %q, want %q", after, got, want)
		}
	}
	var detail api.RunDetail
	app.call("GET", "/api/runs/"+started.RunID, nil, &detail)
	if detail.Run.Status != "succeeded" || len(detail.Nodes) != 3 || detail.Nodes[1].ElapsedMs < 100 {
		t.Errorf("run detail = %+v", detail.Run)
	}
	var e struct{ Error api.ErrorBody }
	if code := app.call("GET", "/api/runs/nope/events", nil, &e); code != 404 || e.Error.Code != "not_found" {
		t.Errorf("events of an unknown run: %d %+v", code, e)
	}
	_ = svc
}

// A run whose events SQLite refused (a full disk, say) still replays whole
// once it ended: the hub keeps what storage lacks instead of forgetting
// the finished run.
func TestRunNotStoredStillReplays(t *testing.T) {
	srv, _, db := newRunsAPIWithDB(t)
	a := &testAPI{t: t, srv: srv}
	appID := importApp(a, streamDSL)
	if _, err := db.SQL().Exec(`CREATE TRIGGER refuse_events BEFORE INSERT ON run_event_pages
		BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`); err != nil {
		t.Fatal(err)
	}
	runID := runToEnd(a, appID, api.RunRequest{})
	replayed := readRunEvents(t, srv.URL+"/api/runs/"+runID+"/events", 0)
	if len(replayed) == 0 || replayed[len(replayed)-1].Type != "run_succeeded" {
		t.Fatalf("replay of a run not stored: %d events, want the whole run to its end", len(replayed))
	}
	for i, ev := range replayed {
		if ev.Seq != int64(i+1) {
			t.Fatalf("replayed event %d has seq %d", i, ev.Seq)
		}
	}
}

func TestImportRejectsMalformedDSLAndWritesNothing(t *testing.T) {
	srv, _ := newRunsAPI(t)
	a := &testAPI{t: t, srv: srv}
	var e struct{ Error api.ErrorBody }
	if code := a.call("POST", "/api/apps/import", api.AppImport{DSL: "nodes: [unclosed"}, &e); code != 400 || e.Error.Field != "dsl" {
		t.Errorf("malformed: %d %+v", code, e)
	}
	var apps []api.App
	a.call("GET", "/api/apps", nil, &apps)
	if len(apps) != 0 {
		t.Errorf("%d apps after a failed import", len(apps))
	}
}

// importApp imports a DSL through the API and returns the new app's id.
func importApp(a *testAPI, dsl string) string {
	a.t.Helper()
	var imported api.AppImported
	if code := a.call("POST", "/api/apps/import", api.AppImport{DSL: dsl}, &imported); code != 201 {
		a.t.Fatalf("import: %d", code)
	}
	return imported.App.ID
}

// runToEnd starts a run of an app and reads its events until it ends.
func runToEnd(a *testAPI, appID string, req api.RunRequest) string {
	a.t.Helper()
	var started api.RunStarted
	if code := a.call("POST", "/api/apps/"+appID+"/runs", req, &started); code != 202 {
		a.t.Fatalf("start: %d", code)
	}
	readRunEvents(a.t, a.srv.URL+"/api/runs/"+started.RunID+"/events", 0)
	return started.RunID
}

// A run's detail carries the graph it ran, whatever became of the app since:
// its trace is drawn on that graph, with steps since renamed or deleted.
func TestRunDetailKeepsTheGraphItRan(t *testing.T) {
	srv, _ := newRunsAPI(t)
	a := &testAPI{t: t, srv: srv}
	appID := importApp(a, streamDSL)
	runID := runToEnd(a, appID, api.RunRequest{})
	edited := strings.NewReplacer("{title: Streamer}", "{title: Renamed}").Replace(streamDSL)
	if code := a.call("PUT", "/api/apps/"+appID+"/dsl", api.AppSave{DSL: edited}, nil); code != 200 {
		t.Fatalf("save: %d", code)
	}
	var detail api.RunDetail
	a.call("GET", "/api/runs/"+runID, nil, &detail)
	ran, err := dsl.Parse([]byte(detail.DSL))
	if err != nil {
		t.Fatalf("the run's DSL %q: %v", detail.DSL, err)
	}
	if n := ran.Workflow.Graph.Nodes; len(n) != 3 || !strings.Contains(string(n[1].Data), `"Streamer"`) {
		t.Errorf("the run's graph = %+v, want the three steps as they ran, the streamer still titled Streamer", n)
	}
}

// The history lists a run with the question it answered and its app's name.
func TestRunHistoryNamesTheQuestionAndTheApp(t *testing.T) {
	srv, _ := newRunsAPI(t)
	a := &testAPI{t: t, srv: srv}
	appID := importApp(a, streamDSL)
	req := api.RunRequest{Query: "May a landlord keep the deposit?"}
	runID := runToEnd(a, appID, req)
	var list []api.Run
	if code := a.call("GET", "/api/runs?appId="+appID, nil, &list); code != 200 || len(list) != 1 {
		t.Fatalf("list: %d, %d runs", code, len(list))
	}
	if got := list[0]; got.Query != req.Query || got.AppName != "Streamer" || got.ID != runID {
		t.Errorf("listed run = %q in %q (%s), want %q in Streamer", got.Query, got.AppName, got.ID, req.Query)
	}
	var detail api.RunDetail
	a.call("GET", "/api/runs/"+runID, nil, &detail)
	if detail.Run.Query != req.Query || detail.Run.AppName != "Streamer" || detail.Run.ConversationID != "" {
		t.Errorf("run detail = %+v", detail.Run)
	}
}
