package runs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/nodes/dify"
	"lexflow/backend/store"
)

// Publisher forwards a run's events to listeners (the UI's event hub).
// stored tells whether every event of the run so far is in SQLite, which
// is known at the run's terminal event: true, a replay can read the run
// there; false (always before the end), only the publisher holds them.
type Publisher func(topic string, ev engine.Event, stored bool)

// Topic is the event topic of one run.
func Topic(runID string) string { return "run:" + runID }

// Service starts runs and keeps track of the live ones.
type Service struct {
	db       *store.DB
	registry *engine.Registry
	publish  Publisher
	bg       context.Context

	mu   sync.Mutex
	live map[string]*engine.Execution
}

// NewService returns a service running apps with the node types in registry.
// bg bounds every run: cancelling it cancels them all.
func NewService(db *store.DB, registry *engine.Registry, publish Publisher, bg context.Context) *Service {
	if publish == nil {
		publish = func(string, engine.Event, bool) {}
	}
	return &Service{db: db, registry: registry, publish: publish, bg: bg, live: map[string]*engine.Execution{}}
}

// Request starts one run: of a stored app, or of a DSL given inline.
type Request struct {
	AppID          string
	DSL            []byte
	Inputs         map[string]any
	Query          string // a chatflow turn's question (sys.query)
	ConversationID string
	MessageID      string // the chat message this run answers
	UserID         string
	// A pending clarifying question being answered (sys.pending_intent, ...).
	PendingIntent string
	OriginalQuery string
	AskUserCount  int
	// Overrides stand in for node data in this run (engine.RunInput.Overrides).
	Overrides any
	Observers []engine.Observer // extra observers, e.g. a CLI printing events
}

// Start compiles the app, records the run and starts it; it returns at once
// with the run id while the run goes on server-side.
func (s *Service) Start(ctx context.Context, req Request) (*engine.Execution, error) {
	app, dsl, err := s.load(ctx, req)
	if err != nil {
		return nil, err
	}
	plan, err := engine.Compile(app, s.registry)
	if err != nil {
		return nil, err
	}
	conv, err := conversationVariables(ctx, s.db, req.ConversationID, app)
	if err != nil {
		return nil, err
	}
	inputs, _ := json.Marshal(nonNilMap(req.Inputs))
	run := store.Run{AppID: req.AppID, Mode: string(app.App.Mode), Inputs: string(inputs), Query: req.Query,
		DSL: string(dsl), ConversationID: req.ConversationID, MessageID: req.MessageID}
	return s.begin(ctx, run, req.Observers, func(runID string, opts engine.RunOptions) (*engine.Execution, error) {
		return plan.Start(s.bg, engine.RunInput{RunID: runID, Inputs: req.Inputs, Conversation: conv,
			Sys: engine.Sys{Query: req.Query, ConversationID: req.ConversationID, UserID: req.UserID, AppID: req.AppID,
				PendingIntent: req.PendingIntent, OriginalQuery: req.OriginalQuery, AskUserCount: req.AskUserCount},
			Overrides: req.Overrides}, opts)
	})
}

// begin records a run as it starts, then starts it with the recorder (and
// extra observers) watching; a run that cannot start is recorded as failed.
func (s *Service) begin(ctx context.Context, run store.Run, extra []engine.Observer,
	start func(runID string, opts engine.RunOptions) (*engine.Execution, error)) (*engine.Execution, error) {
	run.ID, run.StartedAt = newRunID(), time.Now().UTC()
	if err := s.db.InsertRun(ctx, run); err != nil {
		return nil, err
	}
	observers := append([]engine.Observer{s.recordThenPublish(NewRecorder(s.db, run.AppID), run)}, extra...)
	x, err := start(run.ID, engine.RunOptions{Observers: observers})
	if err != nil {
		_ = s.db.FinishRun(ctx, store.Run{ID: run.ID, Status: "failed", Error: err.Error()})
		return nil, err
	}
	s.track(x)
	return x, nil
}

// load reads the app to run and returns it with the DSL text recorded with
// the run. A DSL given inline wins over the stored app's (a chat turn runs
// its app with the user's collections and model filled in).
func (s *Service) load(ctx context.Context, req Request) (*dsl.App, []byte, error) {
	doc := req.DSL
	if req.AppID != "" && len(doc) == 0 {
		a, err := s.db.GetApp(ctx, req.AppID)
		if err != nil {
			return nil, nil, err
		}
		doc = []byte(a.DSL)
	}
	if len(doc) == 0 {
		return nil, nil, errors.New("start run: no app and no DSL given")
	}
	app, _, err := dify.Import(doc)
	if err != nil {
		return nil, nil, err
	}
	return app, doc, nil
}

// recordThenPublish hands each event to the recorder before publishing it.
// The recorder returns from a run's terminal event only once the run's
// outcome is written, so whoever sees a run end over the live stream reads
// the finished run from the database at once.
// A chat turn's conversation variables are kept first, so the next turn
// started by whoever saw this one end reads them.
func (s *Service) recordThenPublish(rec *Recorder, run store.Run) engine.Observer {
	topic := Topic(run.ID)
	return engine.ObserverFunc(func(ev engine.Event) {
		if err := keepConversationVariables(s.db, run.ConversationID, ev); err != nil {
			slog.Error("keep conversation variables", "run", run.ID, "err", err)
		}
		rec.Observe(ev)
		s.publish(topic, ev, rec.Stored())
	})
}

func (s *Service) track(x *engine.Execution) {
	s.mu.Lock()
	s.live[x.RunID()] = x
	s.mu.Unlock()
	go func() {
		<-x.Done()
		s.mu.Lock()
		delete(s.live, x.RunID())
		s.mu.Unlock()
	}()
}

// ErrNotRunning is returned when cancelling a run that is not live.
var ErrNotRunning = errors.New("run is not running")

// Cancel stops a live run; in-flight model calls are cancelled with it.
func (s *Service) Cancel(runID string) error {
	s.mu.Lock()
	x, ok := s.live[runID]
	s.mu.Unlock()
	if ok {
		select {
		case <-x.Done():
			ok = false // finished; the cleanup has not caught up yet
		default:
		}
	}
	if !ok {
		return fmt.Errorf("cancel run %s: %w", runID, ErrNotRunning)
	}
	x.Cancel()
	return nil
}

// Live reports whether a run is still going in this process.
func (s *Service) Live(runID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.live[runID]
	return ok
}

// Shutdown cancels every live run and waits for them to be recorded.
func (s *Service) Shutdown() {
	s.mu.Lock()
	xs := make([]*engine.Execution, 0, len(s.live))
	for _, x := range s.live {
		xs = append(xs, x)
	}
	s.mu.Unlock()
	for _, x := range xs {
		x.Cancel()
		x.Wait()
	}
}

func newRunID() string {
	return fmt.Sprintf("%s-%s", time.Now().UTC().Format("20060102T150405"), randomHex(6))
}

func nonNilMap(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// Registry is the node types runs compile against; the editor validates
// drafts with the same one.
func (s *Service) Registry() *engine.Registry { return s.registry }
