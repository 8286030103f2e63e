package chat

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"lexflow/backend/engine"
	"lexflow/backend/evidence"
	"lexflow/backend/generation"
	"lexflow/backend/index"
	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/ollama"
	"lexflow/backend/nodes"
	"lexflow/backend/runs"
	"lexflow/backend/store"
)

// world is a real store, a real in-memory index with a small act, the real
// node types and run service, and the fake model server's fake-cite model.
type world struct {
	db   *store.DB
	srv  *llmtest.Server
	chat *Service
	conv store.Conversation
}

func newWorld(t *testing.T) *world {
	texts := []string{
		"Either party may terminate this agreement by giving ninety days' written notice to the other party.",
		"Wages are paid monthly, no later than the fifth day of the month.",
	}
	var chunks []evidence.Chunk
	start := 0
	for i, text := range texts {
		n := len([]rune(text))
		chunks = append(chunks, evidence.Chunk{ID: "act-" + string(rune('0'+i)), DocID: "act", CollectionID: "acts", Ordinal: i,
			Language: "en", Text: text, Locator: evidence.Locator{DocID: "act", DocName: "act.txt",
				HeadingPath: []string{"Article " + string(rune('1'+i))}, Start: start, End: start + n}})
		start += n + 2
	}
	return newWorldOf(t, func(*store.DB) ([]evidence.Chunk, error) { return chunks, nil })
}

// newWorldOf is a world whose store setup fills and whose index holds the
// chunks it returns; its runs name scopes as the app does.
func newWorldOf(t *testing.T, setup func(*store.DB) ([]evidence.Chunk, error)) *world {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	chunks, err := setup(db)
	if err != nil {
		t.Fatal(err)
	}
	idx, err := index.OpenMem()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { idx.Close() })
	if err := idx.Add(ctx, chunks); err != nil {
		t.Fatal(err)
	}
	srv := llmtest.New(t)
	srv.InstallDemo(0)
	p, err := ollama.New(llm.Config{Kind: llm.KindOllama, BaseURL: srv.OllamaURL(), Name: "Fake"})
	if err != nil {
		t.Fatal(err)
	}
	models := nodes.ProviderSet{Default: "fake", Providers: []nodes.NamedProvider{{ID: "fake", Name: "Fake", Provider: p, DefaultModel: llmtest.DemoCite}}}
	reg := engine.NewRegistry()
	if err := nodes.Register(reg, nodes.Deps{Models: models, Search: idx.Search, Answerer: &generation.Pipeline{Store: db}, Scope: Describe(db)}); err != nil {
		t.Fatal(err)
	}
	rs := runs.NewService(db, reg, nil, context.Background())
	t.Cleanup(rs.Shutdown)
	if err := EnsureDefaultApp(ctx, db); err != nil {
		t.Fatal(err)
	}
	conv, err := db.CreateConversation(ctx, store.Conversation{AppID: DefaultAppID})
	if err != nil {
		t.Fatal(err)
	}
	return &world{db: db, srv: srv, chat: New(db, rs, nil), conv: conv}
}

func (w *world) messages(t *testing.T) []store.Message {
	t.Helper()
	w.chat.Wait()
	ms, err := w.db.ListMessages(context.Background(), w.conv.ID)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestSendAnswersWithCheckedCitations(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	turn, err := w.chat.Send(ctx, w.conv.ID, "What notice terminates the agreement?", Settings{CollectionIDs: []string{"acts"}}, "k1")
	if err != nil {
		t.Fatal(err)
	}
	if turn.RunID == "" || turn.AI.Status != "streaming" || turn.Human.Seq != 1 || turn.AI.Seq != 2 {
		t.Fatalf("turn %+v", turn)
	}
	ms := w.messages(t)
	if len(ms) != 2 {
		t.Fatalf("%d messages", len(ms))
	}
	ai := ms[1]
	want := "Either party may terminate this agreement by giving ninety days' written notice to the other party [1]."
	if ai.Status != "done" || ai.Content != want || ai.GenerationStatus != "success" || !strings.Contains(ai.Citations, `"verified":true`) {
		t.Errorf("answer %+v", ai)
	}
	if d, ok, err := w.db.MessageGenerationDetail(ctx, ai.ID); err != nil || !ok || !strings.Contains(d.Reasoning, "speaks to the question") {
		t.Errorf("the answer's generation detail by message id: %+v %v %v", d, ok, err)
	}
	run, err := w.db.GetRun(ctx, turn.RunID)
	if err != nil || run.MessageID != ai.ID || !strings.Contains(run.DSL, "acts") {
		t.Errorf("run %+v, %v: want it tied to the answer and recording the chosen collection", run.MessageID, err)
	}
	conv, _ := w.db.GetConversation(ctx, w.conv.ID)
	if conv.Title != "What notice terminates the agreement?" || !strings.Contains(conv.Settings, "acts") {
		t.Errorf("conversation %+v", conv)
	}

	// The same turn key again starts nothing new.
	again, err := w.chat.Send(ctx, w.conv.ID, "What notice terminates the agreement?", Settings{}, "k1")
	if err != nil || again.RunID != turn.RunID || len(w.messages(t)) != 2 {
		t.Errorf("resent turn %+v, %v", again, err)
	}

	// Regenerate appends a new answer to the same question.
	re, err := w.chat.Regenerate(ctx, ai.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	ms = w.messages(t)
	if len(ms) != 3 || ms[2].ID != re.AI.ID || ms[2].Content != want || re.Human.ID != ms[0].ID {
		t.Errorf("regenerated %+v", ms)
	}
	// The next turn gets the earlier ones as context.
	next, err := w.chat.Send(ctx, w.conv.ID, "And by what means?", Settings{}, "")
	if err != nil {
		t.Fatal(err)
	}
	w.chat.Wait()
	nextRun, _ := w.db.GetRun(ctx, next.RunID)
	if !strings.Contains(nextRun.Inputs, `"role":"user","text":"What notice terminates the agreement?"`) ||
		!strings.Contains(nextRun.Inputs, `"role":"assistant","text":"Either party`) || strings.Contains(nextRun.Inputs, "And by what means") {
		t.Errorf("history passed to the next turn: %s", nextRun.Inputs)
	}
	md, err := w.chat.Export(ctx, w.conv.ID)
	if err != nil || !strings.Contains(md, "notice to the other party [^a2-1].") ||
		!strings.Contains(md, "[^a2-1]: act.txt, Article 1 — “Either party may terminate") {
		t.Errorf("export:\n%s", md)
	}
	// Each answer says how well it is supported, by which model and when; each question what it searched.
	answerLine := regexp.MustCompile(`(?m)^_(Supported|Cited, but partly supported) · model \S+ · written \d{4}-\d\d-\d\d \d\d:\d\d UTC_$`)
	if n := len(answerLine.FindAllString(md, -1)); n != 3 || !strings.Contains(md, "_Searched: collection “") {
		t.Errorf("export carries %d answer lines, want 3, and each question's scope:\n%s", n, md)
	}
}

func TestNoEvidenceAndBadQuestions(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.chat.Send(ctx, w.conv.ID, "xylophone quantum chromodynamics", Settings{}, ""); err != nil {
		t.Fatal(err)
	}
	ms := w.messages(t)
	if ai := ms[1]; ai.Status != "done" || !strings.HasPrefix(ai.Content, "No evidence: searching all collections") || ai.GenerationStatus != "no_evidence" {
		t.Errorf("answer %+v", ai)
	}
	if len(w.srv.Requests()) != 0 {
		t.Error("a model was asked without evidence")
	}
	if _, err := w.chat.Send(ctx, w.conv.ID, "  ", Settings{}, ""); !errors.Is(err, ErrEmptyQuestion) {
		t.Errorf("empty question: %v", err)
	}
	if _, err := w.chat.Send(ctx, w.conv.ID, strings.Repeat("a ", MaxQuestionRunes), Settings{}, ""); !errors.Is(err, ErrLongQuestion) {
		t.Errorf("long question: %v", err)
	}
	if _, err := w.chat.Regenerate(ctx, ms[0].ID, nil); !errors.Is(err, ErrNotAnswer) {
		t.Errorf("regenerating a question: %v", err)
	}
	if _, err := w.chat.Send(ctx, "nope", "q", Settings{}, ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown conversation: %v", err)
	}
}

func TestStopKeepsThePartialAnswer(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	w.srv.Script(llmtest.DemoCite, llmtest.Reply{Parts: []llmtest.Part{llmtest.Content(
		`{"answer": "Either party may terminate this agreement by giving ninety days' written notice [1]. Notice must be in writing and delivered to the other party [1]. The ninety days run from delivery [1].", "citations": [], "answerable": true}`)},
		Chunk: 4, Delay: 15 * time.Millisecond})
	turn, err := w.chat.Send(ctx, w.conv.ID, "What notice terminates the agreement?", Settings{}, "")
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) && len(w.srv.Requests()) == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(400 * time.Millisecond) // several pieces stream (the reply takes about a second), even on a busy machine
	if err := w.chat.Stop(ctx, turn.AI.ID); err != nil {
		t.Fatal(err)
	}
	ai := w.messages(t)[1]
	if ai.Status != "interrupted" || ai.Content == "" || !strings.HasPrefix("Either party may terminate this agreement", strings.TrimSpace(ai.Content)[:min(len(strings.TrimSpace(ai.Content)), 20)]) {
		t.Errorf("stopped answer %+v", ai)
	}
	if err := w.chat.Stop(ctx, turn.AI.ID); !errors.Is(err, runs.ErrNotRunning) {
		t.Errorf("stopping twice: %v", err)
	}
	g, err := w.db.MessageGeneration(ctx, ai.ID)
	if err != nil || g.Status != "failed" || g.OutputRaw == "" {
		t.Errorf("the stopped generation's record %+v, %v", g.Status, err)
	}
}
