package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

func TestSaveTurnIsIdempotentUnderConcurrency(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	c, err := db.CreateConversation(ctx, Conversation{Title: "Notice"})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	created := make(chan bool, 16)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := fmt.Sprintf("turn-%d", i%4) // four turns, each saved four times at once
			_, _, ok, err := db.SaveTurn(ctx, c.ID, key, "question "+key, "")
			if err != nil {
				t.Error(err)
			}
			created <- ok
		}()
	}
	wg.Wait()
	close(created)
	n := 0
	for ok := range created {
		if ok {
			n++
		}
	}
	if n != 4 {
		t.Errorf("%d turns created, want 4", n)
	}
	msgs, err := db.ListMessages(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 8 {
		t.Fatalf("%d messages, want 8", len(msgs))
	}
	for i, m := range msgs {
		if m.Seq != i+1 {
			t.Errorf("message %d has seq %d", i, m.Seq)
		}
		wantRole := map[bool]string{true: "human", false: "ai"}[i%2 == 0]
		if m.Role != wantRole || (m.Role == "ai" && m.Status != "streaming") {
			t.Errorf("message %d: %s %s", i, m.Role, m.Status)
		}
	}
	got, err := db.GetConversation(ctx, c.ID)
	if err != nil || got.MessageCount != 8 {
		t.Errorf("conversation %+v, %v", got, err)
	}
}

func TestMessageLifecycle(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	c, _ := db.CreateConversation(ctx, Conversation{})
	scope := `{"documents":[{"id":"d1","name":"Lease"}]}`
	human, ai, _, err := db.SaveTurn(ctx, c.ID, "", "What notice?", scope)
	if err != nil {
		t.Fatal(err)
	}
	if human.Scope != scope || ai.Scope != "" {
		t.Errorf("scope kept on the question only: %q, %q", human.Scope, ai.Scope)
	}
	if q, err := db.QuestionBefore(ctx, ai); err != nil || q.ID != human.ID || q.Scope != scope {
		t.Errorf("question of the answer: %+v, %v", q, err)
	}
	_, again, _, err := db.SaveTurn(ctx, c.ID, "", "", "")
	if err != nil || again.Seq != 3 {
		t.Fatalf("regenerated answer %+v, %v", again, err)
	}
	if q, err := db.QuestionBefore(ctx, again); err != nil || q.ID != human.ID {
		t.Errorf("question of the regenerated answer: %+v, %v", q, err)
	}
	if err := db.FinishMessage(ctx, Message{ID: ai.ID, Content: "Thirty days [1].", Citations: `[{"marker":1}]`, Status: "done"}); err != nil {
		t.Fatal(err)
	}
	if n, err := db.InterruptMessages(ctx); err != nil || n != 1 {
		t.Errorf("interrupted %d, %v; want the one still streaming", n, err)
	}
	m, err := db.GetMessage(ctx, again.ID)
	if err != nil || m.Status != "interrupted" || m.Error == "" {
		t.Errorf("interrupted message %+v, %v", m, err)
	}
	if err := db.UpdateConversation(ctx, c.ID, "Renamed", ""); err != nil {
		t.Fatal(err)
	}
	if err := db.DeleteConversation(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.GetMessage(ctx, ai.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("message after deleting its conversation: %v", err)
	}
	if err := db.DeleteConversation(ctx, c.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleting twice: %v", err)
	}
}

// streamingAnswer is a turn whose answer run r1 is streaming.
func streamingAnswer(t *testing.T, db *DB) Message {
	t.Helper()
	ctx := context.Background()
	c, _ := db.CreateConversation(ctx, Conversation{})
	_, ai, _, err := db.SaveTurn(ctx, c.ID, "", "What notice?", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.InsertRun(ctx, Run{ID: "r1", Mode: "chatflow", MessageID: ai.ID, StartedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := db.SetMessageRun(ctx, ai.ID, "r1"); err != nil {
		t.Fatal(err)
	}
	return ai
}

func TestInterruptedAnswerKeepsItsStreamedText(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	ai := streamingAnswer(t, db)
	chunk := func(seq int64, node, nodeType, text string) RunEvent {
		return RunEvent{RunID: "r1", Seq: seq, Type: "node_stream_chunk", NodeID: node, CreatedAt: time.Now(),
			Payload: fmt.Sprintf(`{"kind":"node_stream_chunk","node_id":%q,"node_type":%q,"chunk":%q,"response":%t}`, node, nodeType, text,
				nodeType == "answer")}
	}
	events := []RunEvent{chunk(3, "cite", "cited-answer", "Ninety "), chunk(4, "answer", "answer", "Ninety "),
		chunk(6, "answer", "answer", "días 🎉 "), chunk(5, "cite", "cited-answer", "días 🎉 "), chunk(7, "answer", "answer", "[1")}
	if err := db.SaveRunBatch(ctx, events, nil); err != nil {
		t.Fatal(err)
	}
	if n, err := db.InterruptMessages(ctx); err != nil || n != 1 {
		t.Fatalf("interrupted %d, %v", n, err)
	}
	m, _ := db.GetMessage(ctx, ai.ID)
	if m.Status != "interrupted" || m.Content != "Ninety días 🎉 [1" {
		t.Errorf("interrupted answer %q (%s), want the Answer node's streamed text in order", m.Content, m.Status)
	}
}
