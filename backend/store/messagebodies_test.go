package store

import (
	"context"
	"encoding/json"
	"testing"
	"time"
)

// encodeIDs is an EncodeFunc that writes what a body is made from that the
// changes below touch: the content, the ask-user flag, the generation record
// and the detail.
func encodeIDs(ms []Message, _ map[string][]TimelineNode) ([][]byte, error) {
	out := make([][]byte, len(ms))
	for i, m := range ms {
		out[i], _ = json.Marshal([]any{m.ID, m.Content, m.IsAskUser, m.GenerationStatus, m.DetailReasoning})
	}
	return out, nil
}

// finishedAnswer is a turn whose answer is done, with a generation record
// and a detail, and whose run has ended.
func finishedAnswer(t *testing.T, db *DB) Message {
	t.Helper()
	ctx := context.Background()
	ai := streamingAnswer(t, db)
	if _, _, err := db.SaveGeneration(ctx, RetrievalRecord{RunID: "r1", Query: "q"}, GenerationRecord{RunID: "r1", MessageID: ai.ID,
		PromptName: "p", PromptVersion: "1", Status: "success"}); err != nil {
		t.Fatal(err)
	}
	if err := db.SaveGenerationDetail(ctx, GenerationDetail{MessageID: ai.ID, Reasoning: `["first"]`}); err != nil {
		t.Fatal(err)
	}
	if err := db.FinishMessage(ctx, Message{ID: ai.ID, Content: "Ninety days.", Citations: "[]", Status: "done"}); err != nil {
		t.Fatal(err)
	}
	fin := time.Now()
	if err := db.FinishRun(ctx, Run{ID: "r1", Status: "succeeded", FinishedAt: &fin}); err != nil {
		t.Fatal(err)
	}
	return ai
}

func storedBody(t *testing.T, db *DB, m Message) []byte {
	t.Helper()
	bodies, err := db.MessageBodies(context.Background(), m.ConversationID, "f")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bodies {
		if b.ID == m.ID {
			return b.Body
		}
	}
	t.Fatalf("message %s not listed", m.ID)
	return nil
}

// A body encoded from a read of its message and stored after the message
// changed is not stored, whatever the change: the next read encodes the
// message as it is now. Unchanged, it is stored.
func TestABodyEncodedBeforeAChangeIsNotStoredAfterIt(t *testing.T) {
	exec := func(query string) func(*testing.T, *DB, Message) {
		return func(t *testing.T, db *DB, m Message) {
			if _, err := db.SQL().Exec(query, m.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		name           string
		before, change func(*testing.T, *DB, Message) // before the read, between it and the store
	}{
		{"nothing changed", nil, nil},
		{"the message updated", nil, func(t *testing.T, db *DB, m Message) {
			if err := db.FinishMessage(context.Background(), Message{ID: m.ID, Content: "Thirty days.", Citations: "[]", Status: "done"}); err != nil {
				t.Fatal(err)
			}
		}},
		{"flagged as a clarifying question", nil, func(t *testing.T, db *DB, m Message) {
			if err := db.SaveAskUser(context.Background(), AskUserState{ConversationID: m.ConversationID, MessageID: m.ID,
				PendingIntent: "x", OriginalQuery: "q", Question: "Which?", AskUserCount: 1, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}},
		{"a generation record added", exec(`DELETE FROM generation_records WHERE message_id = ?`), func(t *testing.T, db *DB, m Message) {
			if _, _, err := db.SaveGeneration(context.Background(), RetrievalRecord{Query: "q"}, GenerationRecord{MessageID: m.ID,
				PromptName: "p", PromptVersion: "2", Status: "failed"}); err != nil {
				t.Fatal(err)
			}
		}},
		{"the generation record updated", nil, exec(`UPDATE generation_records SET status = 'partial' WHERE message_id = ?`)},
		{"the generation record deleted", nil, exec(`DELETE FROM generation_records WHERE message_id = ?`)},
		{"the detail updated", nil, func(t *testing.T, db *DB, m Message) {
			if err := db.SaveGenerationDetail(context.Background(), GenerationDetail{MessageID: m.ID, Reasoning: `["second"]`}); err != nil {
				t.Fatal(err)
			}
		}},
		{"the detail deleted", nil, exec(`DELETE FROM llm_generation_details WHERE message_id = ?`)},
		{"a detail added", exec(`DELETE FROM llm_generation_details WHERE message_id = ?`), func(t *testing.T, db *DB, m Message) {
			if err := db.SaveGenerationDetail(context.Background(), GenerationDetail{MessageID: m.ID, Reasoning: `["second"]`}); err != nil {
				t.Fatal(err)
			}
		}},
		{"changed and changed back", nil, func(t *testing.T, db *DB, m Message) {
			for _, reasoning := range []string{`["second"]`, `["first"]`} {
				if err := db.SaveGenerationDetail(context.Background(), GenerationDetail{MessageID: m.ID, Reasoning: reasoning}); err != nil {
					t.Fatal(err)
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			db := openTemp(t)
			ai := finishedAnswer(t, db)
			if tc.before != nil {
				tc.before(t, db, ai)
			}
			made, err := db.EncodeMessages(ctx, []string{ai.ID}, encodeIDs)
			if err != nil || len(made) != 1 || !made[0].Final {
				t.Fatalf("encoded %+v, %v", made, err)
			}
			if tc.change != nil {
				tc.change(t, db, ai)
			}
			kept, err := db.KeepMessageBodies(ctx, "f", made)
			if err != nil {
				t.Fatal(err)
			}
			body := storedBody(t, db, ai)
			if tc.change == nil {
				if kept != 1 || string(body) != string(made[0].Body) {
					t.Fatalf("unchanged: kept %d, stored %s", kept, body)
				}
				return
			}
			if kept != 0 || body != nil {
				t.Fatalf("kept %d, stored %s after the change", kept, body)
			}
			now, err := db.EncodeMessages(ctx, []string{ai.ID}, encodeIDs)
			if err != nil {
				t.Fatal(err)
			}
			if n, err := db.KeepMessageBodies(ctx, "f", now); n != 1 || err != nil {
				t.Fatalf("a body encoded after the change: kept %d, %v", n, err)
			}
		})
	}
}

// Only a final message's body is kept, and one already stored in the format
// is left as it is.
func TestKeepMessageBodiesStoresFinalBodiesOnce(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	live := streamingAnswer(t, db)
	made, err := db.EncodeMessages(ctx, []string{live.ID}, encodeIDs)
	if err != nil || len(made) != 1 || made[0].Final {
		t.Fatalf("a streaming answer encoded as %+v, %v", made, err)
	}
	made[0].Final = true // even if asked to: the statement checks
	if n, err := db.KeepMessageBodies(ctx, "f", made); n != 0 || err != nil {
		t.Fatalf("a streaming answer's body: kept %d, %v", n, err)
	}
	if err := db.FinishMessage(ctx, Message{ID: live.ID, Content: "Done.", Citations: "[]", Status: "done"}); err != nil {
		t.Fatal(err)
	}
	fin := time.Now()
	if err := db.FinishRun(ctx, Run{ID: "r1", Status: "succeeded", FinishedAt: &fin}); err != nil {
		t.Fatal(err)
	}
	made, _ = db.EncodeMessages(ctx, []string{live.ID}, encodeIDs)
	for i, want := range []int{1, 0} {
		if n, err := db.KeepMessageBodies(ctx, "f", made); n != want || err != nil {
			t.Fatalf("store %d: kept %d, %v; want %d", i+1, n, err, want)
		}
	}
	if n, err := db.KeepMessageBodies(ctx, "another build", made); n != 1 || err != nil {
		t.Fatalf("in another format: kept %d, %v", n, err)
	}
}
