package chat

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"lexflow/backend/store"
)

// clock is a settable time source.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// clarifyWorld is a world whose conversation uses the Clarify then answer sample app.
func clarifyWorld(t *testing.T) (*world, *clock) {
	t.Helper()
	w := newWorld(t)
	var err error
	if w.conv, err = w.db.CreateConversation(context.Background(), store.Conversation{AppID: ClarifyAppID}); err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
	w.chat.now = c.now
	return w, c
}

func (w *world) send(t *testing.T, q string) store.Message {
	t.Helper()
	turn, err := w.chat.Send(context.Background(), w.conv.ID, q, Settings{}, "")
	if err != nil {
		t.Fatal(err)
	}
	w.chat.Wait()
	m, err := w.db.GetMessage(context.Background(), turn.AI.ID)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAskUserAcrossTwoTurns(t *testing.T) {
	w, _ := clarifyWorld(t)
	ctx := context.Background()
	asked := w.send(t, "How much notice is needed to end it?")
	if !asked.IsAskUser || asked.PendingIntent != "find_provision" || !strings.HasPrefix(asked.Content, "Which source is your question about") {
		t.Fatalf("first turn %+v: want a clarifying question", asked)
	}
	st, ok, err := w.db.AskUser(ctx, w.conv.ID, w.chat.now())
	if err != nil || !ok || st.OriginalQuery != "How much notice is needed to end it?" || st.AskUserCount != 1 ||
		!st.ExpiresAt.Equal(w.chat.now().Add(24*time.Hour)) {
		t.Fatalf("pending state %+v %v %v", st, ok, err)
	}
	answer := w.send(t, "the agreement")
	if answer.IsAskUser || !strings.HasSuffix(answer.Content, "[1].") || answer.GenerationStatus != "success" {
		t.Fatalf("second turn %+v: want a cited answer", answer)
	}
	run, _ := w.db.GetRun(ctx, answer.RunID)
	nodes, _ := w.db.NodeExecutions(ctx, run.ID)
	var question string
	for _, n := range nodes {
		if n.NodeID == "question" {
			question = n.Outputs
		}
	}
	if !strings.Contains(question, "How much notice is needed to end it? (the agreement)") {
		t.Errorf("the follow-up did not restore the original question: %s", question)
	}
	if _, ok, _ := w.db.AskUser(ctx, w.conv.ID, w.chat.now()); ok {
		t.Error("the pending state outlived the answer")
	}
}

func TestExpiredAskUserIsANewQuestion(t *testing.T) {
	w, c := clarifyWorld(t)
	ctx := context.Background()
	w.send(t, "How much notice is needed to end it?")
	c.t = c.t.Add(25 * time.Hour) // past the app's 24 h
	again := w.send(t, "what about wages")
	if !again.IsAskUser {
		t.Fatalf("after expiry the reply was treated as an answer: %+v", again)
	}
	st, ok, _ := w.db.AskUser(ctx, w.conv.ID, c.t)
	if !ok || st.OriginalQuery != "what about wages" || st.AskUserCount != 1 {
		t.Errorf("state after expiry %+v %v: want a fresh question", st, ok)
	}
	c.t = c.t.Add(48 * time.Hour)
	if n, _, err := w.chat.Sweep(ctx); err != nil || n != 1 {
		t.Errorf("swept %d, %v", n, err)
	}
}

func TestCorruptAskUserStateIsIgnored(t *testing.T) {
	w, c := clarifyWorld(t)
	ctx := context.Background()
	w.send(t, "How much notice is needed to end it?")
	if _, err := w.db.SQL().Exec(`UPDATE ask_user_states SET expires_at = 'soon'`); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := w.db.AskUser(ctx, w.conv.ID, c.t); ok || err != nil {
		t.Errorf("corrupt state read as %v, %v", ok, err)
	}
	if m := w.send(t, "the Act"); m.IsAskUser || m.Status != "done" {
		t.Errorf("after a corrupt state the message %+v, want a normal answer", m)
	}
}

// A flow that keeps asking is let go after app.ask_user.max_asks: the state
// is cleared, so the next message starts afresh.
func TestAskCounterCapsLoops(t *testing.T) {
	w, _ := clarifyWorld(t)
	ctx := context.Background()
	dsl := `version: "0.1.0"
kind: lexflow-app
app: {name: Always asks, mode: chatflow, ask_user: {max_asks: 2}}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - {id: ask, type: ask-user, data: {question: "Which one ({{#sys.ask_user_count#}})?", intent: pick}}
    edges:
      - {source: start, target: ask}
`
	app, err := w.db.SaveApp(ctx, store.App{Name: "Always asks", Mode: "chatflow", DSL: dsl})
	if err != nil {
		t.Fatal(err)
	}
	if w.conv, err = w.db.CreateConversation(ctx, store.Conversation{AppID: app.ID}); err != nil {
		t.Fatal(err)
	}
	var counts []int
	var texts []string
	for range 4 {
		m := w.send(t, "this one")
		texts = append(texts, m.Content)
		st, ok, _ := w.db.AskUser(ctx, w.conv.ID, w.chat.now())
		if !ok {
			st.AskUserCount = 0
		}
		counts = append(counts, st.AskUserCount)
	}
	if want := []int{1, 2, 0, 1}; !slices.Equal(counts, want) {
		t.Errorf("ask counts %v, want %v (texts %q)", counts, want, texts)
	}
	if texts[1] != "Which one (1)?" {
		t.Errorf("the flow did not see the ask count: %q", texts[1])
	}
}

func TestPreviewConversationsAreUnlistedAndSweptWhenLeftAlone(t *testing.T) {
	w, c := clarifyWorld(t)
	ctx := context.Background()
	preview, err := w.db.CreateConversation(ctx, store.Conversation{AppID: DefaultAppID, Title: "Studio preview · Legal Q&A", Preview: true})
	if err != nil {
		t.Fatal(err)
	}
	listed, _ := w.db.ListConversations(ctx)
	for _, l := range listed {
		if l.ID == preview.ID {
			t.Fatal("a preview is listed among the conversations")
		}
	}
	if got, err := w.db.GetConversation(ctx, preview.ID); err != nil || !got.Preview {
		t.Fatalf("the preview itself reads as %+v, %v", got, err)
	}

	c.t = time.Now().Add(PreviewIdle - time.Hour) // left alone, but not for long enough
	if _, n, err := w.chat.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("swept %d previews too early, %v", n, err)
	}
	c.t = time.Now().Add(PreviewIdle + time.Minute)
	if _, n, err := w.chat.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("swept %d previews, %v; want the one left alone", n, err)
	}
	if _, err := w.db.GetConversation(ctx, preview.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the swept preview reads as %v", err)
	}
	if _, err := w.db.GetConversation(ctx, w.conv.ID); err != nil {
		t.Errorf("a conversation that is not a preview was swept: %v", err)
	}
}
