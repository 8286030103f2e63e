// Package chat runs conversations: each question is stored with
// the answer to come, then answered by a fresh run of the conversation's app
// (by default Legal Q&A: retrieval, cited answer, answer). The run goes on
// server-side whatever the UI does; when it ends, the answer message gets
// its final text, citations and status. The database is the only history.
package chat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/generation"
	"lexflow/backend/nodes"
	"lexflow/backend/runs"
	"lexflow/backend/store"
	"lexflow/examples"
)

// DefaultAppID is the built-in Legal Q&A chatflow every new conversation uses.
const DefaultAppID = "legal-qa"

// MaxQuestionRunes bounds a question; longer ones are refused with a clear error.
const MaxQuestionRunes = 20000

// Errors the API maps to client errors.
var (
	ErrEmptyQuestion = errors.New("the question is empty")
	ErrLongQuestion  = fmt.Errorf("the question is longer than %d characters", MaxQuestionRunes)
	ErrNotAnswer     = errors.New("only an answer can be regenerated or stopped")
)

// Settings are the user's choices for a turn; the conversation keeps them
// for the next one, all but Mentioned (see scope.go).
type Settings struct {
	CollectionIDs []string `json:"collection_ids"`
	// DocumentIDs, when any, are what is searched: only these documents.
	DocumentIDs []string `json:"document_ids,omitempty"`
	ProviderID  string   `json:"provider_id"`
	Model       string   `json:"model"`
	// Mentioned are the documents @-mentioned in this question: they join
	// its scope, not the conversation's.
	Mentioned []string `json:"-"`
}

// Turn is a question and the answer being produced for it.
type Turn struct {
	Human, AI store.Message
	RunID     string
}

// Service runs chat turns.
type Service struct {
	db   *store.DB
	runs *runs.Service
	now  func() time.Time
	wg   sync.WaitGroup
}

// New returns a chat service over the store and the run service; now is the
// clock (nil means time.Now), injectable for expiry tests.
func New(db *store.DB, rs *runs.Service, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, runs: rs, now: now}
}

// ClarifyAppID is the built-in chatflow that asks which source a vague question is about.
const ClarifyAppID = "clarify-then-answer"

// builtinApps are the chatflows every install has, by id, from examples/apps.
var builtinApps = []struct{ id, file string }{
	{DefaultAppID, "legal-qa.yml"},
	{ClarifyAppID, "clarify-then-answer.yml"},
	{StatuteLookupAppID, "statute-lookup.yml"},
	{ResearchAppID, "research-assistant.yml"},
}

// ResearchAppID is the built-in agent chat that researches the library in
// several tool rounds and answers with checked citations.
const ResearchAppID = "research-assistant"

// StatuteLookupAppID is the built-in chatflow that fetches the article a
// conversation is about, extracted by a virtual LLM node.
const StatuteLookupAppID = "statute-lookup"

// EnsureDefaultApp stores the built-in chatflows (Legal Q&A, Clarify then
// answer, Statute lookup, Research assistant) that are not there already; a version the user edited is kept.
func EnsureDefaultApp(ctx context.Context, db *store.DB) error {
	for _, b := range builtinApps {
		if _, err := db.GetApp(ctx, b.id); err == nil {
			continue
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		doc, err := examples.App(b.file)
		if err != nil {
			return err
		}
		app, err := dsl.Parse(doc)
		if err != nil {
			return fmt.Errorf("the built-in app %s: %w", b.file, err)
		}
		if _, err := db.SaveApp(ctx, store.App{ID: b.id, Name: app.App.Name, Mode: string(app.App.Mode),
			Description: app.App.Description, DSL: string(doc)}); err != nil {
			return err
		}
	}
	return nil
}

// Send asks a question in a conversation. With a turn key already used, it
// returns that turn and starts nothing.
func (s *Service) Send(ctx context.Context, conversationID, question string, set Settings, turnKey string) (Turn, error) {
	question = strings.TrimSpace(question)
	switch {
	case question == "":
		return Turn{}, ErrEmptyQuestion
	case utf8.RuneCountInString(question) > MaxQuestionRunes:
		return Turn{}, ErrLongQuestion
	}
	conv, err := s.db.GetConversation(ctx, conversationID)
	if err != nil {
		return Turn{}, err
	}
	scope, err := s.scopeOf(ctx, set)
	if err != nil {
		return Turn{}, err
	}
	human, ai, created, err := s.db.SaveTurn(ctx, conversationID, turnKey, question, scope.encode())
	if err != nil || !created {
		return Turn{Human: human, AI: ai, RunID: ai.RunID}, err
	}
	title := ""
	if conv.Title == "" {
		title = titleOf(question)
	}
	settings, _ := json.Marshal(set)
	if err := s.db.UpdateConversation(ctx, conversationID, title, string(settings)); err != nil {
		return Turn{}, err
	}
	return s.start(ctx, conv, human, ai, question, set)
}

// Regenerate answers an answer's question again, as a new answer after it.
func (s *Service) Regenerate(ctx context.Context, messageID string, set *Settings) (Turn, error) {
	m, err := s.db.GetMessage(ctx, messageID)
	if err != nil {
		return Turn{}, err
	}
	if m.Role != "ai" {
		return Turn{}, ErrNotAnswer
	}
	q, err := s.db.QuestionBefore(ctx, m)
	if err != nil {
		return Turn{}, err
	}
	conv, err := s.db.GetConversation(ctx, m.ConversationID)
	if err != nil {
		return Turn{}, err
	}
	if set == nil {
		set = &Settings{}
		_ = json.Unmarshal([]byte(conv.Settings), set)
	}
	if sc := ParseScope(q.Scope); !sc.Empty() {
		*set = set.withScope(sc) // the question is answered again over what it searched, as it says
	}
	_, ai, _, err := s.db.SaveTurn(ctx, m.ConversationID, "", "", "")
	if err != nil {
		return Turn{}, err
	}
	return s.start(ctx, conv, q, ai, q.Content, *set)
}

// Stop cancels the run producing an answer; the answer keeps its partial text.
func (s *Service) Stop(ctx context.Context, messageID string) error {
	m, err := s.db.GetMessage(ctx, messageID)
	if err != nil {
		return err
	}
	if m.Role != "ai" {
		return ErrNotAnswer
	}
	if m.Status != "streaming" || m.RunID == "" {
		return runs.ErrNotRunning
	}
	return s.runs.Cancel(m.RunID)
}

// Wait blocks until every answer started so far has been finished.
func (s *Service) Wait() { s.wg.Wait() }

// start runs the app for the answer message. A run that cannot start fails
// the answer with the reason, and the conversation goes on.
func (s *Service) start(ctx context.Context, conv store.Conversation, human, ai store.Message, question string, set Settings) (Turn, error) {
	appID := conv.AppID
	if appID == "" {
		appID = DefaultAppID
	}
	turn := Turn{Human: human, AI: ai}
	doc, overrides, policy, err := s.appFor(ctx, appID, set)
	var history []any
	if err == nil {
		history, err = s.history(ctx, conv.ID, human.Seq, policy.historyWords)
	}
	p := pending{policy: policy.ask}
	if err == nil {
		p.state, p.ok, err = s.db.AskUser(ctx, conv.ID, s.now())
	}
	watch := &askWatch{}
	var x *engine.Execution
	if err == nil {
		req := runs.Request{AppID: appID, DSL: doc, Query: question, ConversationID: conv.ID, MessageID: ai.ID,
			Inputs: map[string]any{nodes.HistoryInput: history}, Overrides: overrides, Observers: []engine.Observer{watch}}
		if p.ok {
			req.PendingIntent, req.OriginalQuery, req.AskUserCount = p.state.PendingIntent, p.state.OriginalQuery, p.state.AskUserCount
		}
		x, err = s.runs.Start(ctx, req)
	}
	if err != nil {
		turn.AI.Status, turn.AI.Error = "failed", "the answer could not start: "+err.Error()
		return turn, s.db.FinishMessage(context.WithoutCancel(ctx), turn.AI)
	}
	turn.RunID, turn.AI.RunID = x.RunID(), x.RunID()
	if err := s.db.SetMessageRun(ctx, ai.ID, x.RunID()); err != nil {
		return turn, err
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.finish(ai, x, question, p, watch)
	}()
	return turn, nil
}

// history is the conversation before the question at seq, as memory turns:
// the newest turns that fit in budget words, oldest dropped first (nodes
// with memory read them; their window narrows it further). The system
// prompt and the question are the run's own, outside this budget.
func (s *Service) history(ctx context.Context, conversationID string, seq, budget int) ([]any, error) {
	var turns []any
	words := 0
	err := s.db.EachEarlierMessage(ctx, conversationID, seq, func(m store.Message) bool {
		if m.Content == "" || (m.Role != "human" && m.Role != "ai") || m.Status == "failed" {
			return true
		}
		if words += len(strings.Fields(m.Content)); words > budget {
			return false
		}
		role := map[string]string{"human": "user", "ai": "assistant"}[m.Role]
		turns = append(turns, map[string]any{"role": role, "text": m.Content})
		return true
	})
	slices.Reverse(turns)
	return turns, err
}

// finish waits for the run and stores the answer: the checked answer of its
// generation record when there is one, else what the run's Answer nodes
// streamed.
func (s *Service) finish(ai store.Message, x *engine.Execution, question string, p pending, watch *askWatch) {
	res, err := x.Wait()
	ctx := context.Background()
	ai.Content = res.Answer
	ai.Status = "done"
	switch res.Status {
	case engine.StatusFailed:
		ai.Status, ai.Error = "failed", errText(err, res.Err)
	case engine.StatusCancelled:
		ai.Status, ai.Error = "interrupted", "stopped before the answer was complete"
	}
	if g, gerr := s.db.MessageGeneration(ctx, ai.ID); gerr == nil {
		if v := generation.ParseVerification(g.Verification); v.Answer != "" && ai.Status == "done" {
			ai.Content = v.Answer
		}
		ai.Citations = g.Citations
		_ = s.db.LinkGenerationDetail(ctx, g.RunID, g.NodeID, ai.ID) // the run's own record keeps it either way
	} else {
		_ = s.db.LinkLastGenerationDetail(ctx, x.RunID(), ai.ID) // an answer without a record: its last model step's
	}
	_ = s.db.FinishMessage(ctx, ai) // a closed database at shutdown: InterruptMessages marks it next start
	if res.Status == engine.StatusSucceeded {
		_ = s.settle(ctx, ai, question, p, watch) // lost state only means the next message starts afresh
	}
}

func errText(errs ...error) string {
	for _, e := range errs {
		if e != nil {
			return e.Error()
		}
	}
	return "the run failed"
}

// appFor is the app's DSL as stored, with the turn's choices — the
// collections or documents its retrieval and agent nodes search, the model
// its answering nodes use — as the run's overrides (nodes.Overrides). The
// question's message records its scope, so the audit shows what ran.
func (s *Service) appFor(ctx context.Context, appID string, set Settings) ([]byte, nodes.Overrides, appPolicy, error) {
	a, err := s.db.GetApp(ctx, appID)
	if err != nil {
		return nil, nodes.Overrides{}, appPolicy{}, err
	}
	app, err := dsl.Parse([]byte(a.DSL))
	if err != nil {
		return nil, nodes.Overrides{}, appPolicy{}, err
	}
	colls, docs := set.searched()
	o := nodes.Overrides{Model: nodes.ModelRef{Provider: set.ProviderID, Name: set.Model}}
	if len(docs) > 0 {
		o.Documents = docs
	} else {
		o.Collections = colls
	}
	return []byte(a.DSL), o, policyOf(app), nil
}

// titleOf names a conversation after its first question.
func titleOf(q string) string {
	q = strings.Join(strings.Fields(q), " ")
	if r := []rune(q); len(r) > 60 {
		return strings.TrimSpace(string(r[:57])) + "…"
	}
	return q
}
