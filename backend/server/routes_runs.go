package server

import (
	"net/http"
	"strconv"

	"lexflow/backend/api"
	"lexflow/backend/runs"
)

// runRoutes adds apps (create, edit, import, export) and runs (start, cancel, history, events).
func runRoutes(mux *http.ServeMux, svc *api.Services) {
	apps, rs := svc.Apps, svc.Runs
	mux.Handle("GET /api/apps", handle(func(r *http.Request) (any, error) { return apps.List(r.Context()) }))
	mux.Handle("POST /api/apps", created(withBodyFunc(apps.Create)))
	mux.Handle("POST /api/apps/import", created(withBodyFunc(apps.Import)))
	mux.Handle("POST /api/apps/validate", withBody(apps.Validate))
	mux.Handle("GET /api/app-templates", handle(func(*http.Request) (any, error) { return apps.Templates(), nil }))
	mux.Handle("GET /api/node-types", handle(func(r *http.Request) (any, error) { return apps.NodeTypes(r.Context()) }))
	mux.Handle("GET /api/tools", handle(func(r *http.Request) (any, error) { return apps.Tools(r.Context()) }))
	mux.Handle("GET /api/apps/{id}", handle(withID(apps.Get)))
	mux.Handle("PATCH /api/apps/{id}", handle(withIDBody(apps.Rename)))
	mux.Handle("DELETE /api/apps/{id}", handle(withID(noValue(apps.Delete))))
	mux.Handle("POST /api/apps/{id}/duplicate", created(withID(apps.Duplicate)))
	mux.Handle("GET /api/apps/{id}/dsl", handle(withID(apps.Document)))
	mux.Handle("PUT /api/apps/{id}/dsl", handle(withIDBody(apps.Save)))
	mux.Handle("GET /api/apps/{id}/hosts", handle(withID(apps.Hosts)))
	mux.Handle("PUT /api/apps/{id}/hosts/{host}", handle(func(r *http.Request) (any, error) {
		return apps.ApproveHost(r.Context(), r.PathValue("id"), r.PathValue("host"))
	}))
	mux.Handle("DELETE /api/apps/{id}/hosts/{host}", handle(func(r *http.Request) (any, error) {
		return apps.RevokeHost(r.Context(), r.PathValue("id"), r.PathValue("host"))
	}))
	mux.Handle("GET /api/apps/{id}/export", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		format := r.URL.Query().Get("format")
		dsl, err := apps.Export(r.Context(), r.PathValue("id"), format)
		if err != nil {
			writeError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", map[bool]string{true: "application/json", false: "application/yaml"}[format == "json"])
		w.Write(dsl)
	}))
	mux.Handle("POST /api/apps/{id}/runs", accepted(withIDBody(rs.Start)))
	mux.Handle("POST /api/apps/{id}/nodes/{nodeId}/run", accepted(func(r *http.Request) (any, error) {
		return rs.StartNode(r.Context(), r.PathValue("id"), r.PathValue("nodeId"))
	}))
	mux.Handle("GET /api/runs", handle(func(r *http.Request) (any, error) { return rs.List(r.Context(), r.URL.Query().Get("appId")) }))
	mux.Handle("GET /api/runs/{id}", handle(withID(rs.Get)))
	mux.Handle("POST /api/runs/{id}/cancel", handle(withID(noValue(rs.Cancel))))
	mux.Handle("GET /api/runs/{id}/events", runEvents(svc))
}

// runEvents streams a run's events as SSE from seq ?after= (or Last-Event-ID):
// first those stored in SQLite, then live ones from the hub, with no gap and
// no duplicate, ending after the run's last event. A reload mid-run resumes
// exactly where the client left off; a finished run replays from storage.
func runEvents(svc *api.Services) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		runID := r.PathValue("id")
		after, err := afterSeq(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if err := svc.Runs.Exists(r.Context(), runID); err != nil {
			writeError(w, r, err)
			return
		}
		// Subscribe before reading storage so nothing published meanwhile is lost.
		replay, live, cancel := svc.Events.Subscribe(runs.Topic(runID), after)
		defer cancel()
		stored, err := svc.Runs.Events(r.Context(), runID, after)
		if err != nil {
			writeError(w, r, err)
			return
		}
		// The page shows a replayed answer once it has every event stored so far.
		w.Header().Set(replayThroughHeader, strconv.FormatInt(lastSeq(after, stored, replay), 10))
		s := newRunStream(w, after)
		if s == nil {
			writeError(w, r, errStreaming)
			return
		}
		if s.send(stored) || s.send(replay) || !svc.Runs.Live(runID) {
			return
		}
		s.follow(r, live)
	})
}

// replayThroughHeader names the last seq that a run's event stream had
// stored when it opened: a reader has the whole replay once it has read
// that far.
const replayThroughHeader = "Lexflow-Replay-Through"

// lastSeq is the highest seq among the lists, or after when they are empty.
func lastSeq(after int64, lists ...[]api.Event) int64 {
	for _, events := range lists {
		for _, ev := range events {
			after = max(after, ev.Seq)
		}
	}
	return after
}

// runStream writes events in seq order, skipping any already written.
type runStream struct {
	w       http.ResponseWriter
	flusher http.Flusher
	last    int64
}

func newRunStream(w http.ResponseWriter, after int64) *runStream {
	f, ok := w.(http.Flusher)
	if !ok {
		return nil
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	f.Flush()
	return &runStream{w: w, flusher: f, last: after}
}

// send writes the events not yet written and reports whether the run ended.
func (s *runStream) send(events []api.Event) (ended bool) {
	for _, ev := range events {
		if ev.Seq <= s.last {
			continue
		}
		writeEvent(s.w, ev)
		s.last = ev.Seq
		ended = ended || terminal(ev.Type)
	}
	s.flusher.Flush()
	return ended
}

// follow writes the run's live events until the run ends.
func (s *runStream) follow(r *http.Request, live <-chan api.Event) {
	followLive(r, s.w, s.flusher, live, func(ev api.Event) bool { return s.send([]api.Event{ev}) })
}

func terminal(kind string) bool {
	return kind == "run_succeeded" || kind == "run_failed" || kind == "run_cancelled"
}
