package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"lexflow/backend/store"
)

// builtMessages is the history encoded the long way, with nothing stored:
// every message converted with its timeline and the list encoded at once,
// as the handler did before message bodies were kept.
func builtMessages(t *testing.T, db *store.DB, convID string) []byte {
	t.Helper()
	ctx := context.Background()
	steps, err := db.ConversationTimelines(ctx, convID)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := db.ListMessages(ctx, convID)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]Message, len(ms))
	for i, m := range ms {
		out[i] = messageDTO(m, steps[m.RunID])
	}
	body, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// sameAsBuilt loads the history as the handler does and checks it is byte
// for byte the long way's, and that wantStored messages have a body kept
// once the bodies it made are stored.
func sameAsBuilt(t *testing.T, svc *ChatService, convID, when string, wantStored int) {
	t.Helper()
	got, err := svc.Messages(context.Background(), convID)
	if err != nil {
		t.Fatalf("%s: %v", when, err)
	}
	if want := builtMessages(t, svc.db, convID); !bytes.Equal(got, want) {
		t.Fatalf("%s: the loaded history differs from the one built: %s", when, firstDifference(got, want))
	}
	svc.bodies.wait()
	if n := storedBodies(t, svc.db); n != wantStored {
		t.Errorf("%s: %d message bodies stored, want %d", when, n, wantStored)
	}
}

// firstDifference shows the first message two lists differ in.
func firstDifference(got, want []byte) string {
	var g, w []json.RawMessage
	if json.Unmarshal(got, &g) != nil || json.Unmarshal(want, &w) != nil {
		return fmt.Sprintf("got %.300s, want %.300s", got, want)
	}
	for i := range max(len(g), len(w)) {
		if i >= len(g) || i >= len(w) || !bytes.Equal(g[i], w[i]) {
			return fmt.Sprintf("message %d of %d (want %d):\n got %s\nwant %s", i, len(g), len(w), at(g, i), at(w, i))
		}
	}
	return "the lists differ between their messages"
}

func at(ms []json.RawMessage, i int) json.RawMessage {
	if i < len(ms) {
		return ms[i]
	}
	return nil
}

func storedBodies(t testing.TB, db *store.DB) int {
	t.Helper()
	var n int
	if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM message_bodies`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// emptyConversation is a new database with one conversation, until the test ends.
func emptyConversation(t *testing.T) (*store.DB, store.Conversation) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	conv, err := db.CreateConversation(ctx, store.Conversation{Title: "Conversation"})
	if err != nil {
		t.Fatal(err)
	}
	return db, conv
}

// A history read from stored bodies is byte for byte the one built from the
// records, for every kind of message and whatever changes after it was
// stored: citations and claims, generation details with tool calls,
// timelines with a variable extraction's sub-node and an agent's notes, a
// clarifying question, an interrupted answer, an answer that never started,
// one still streaming, and text JSON escapes.
func TestStoredMessageBodiesMatchTheBuiltHistory(t *testing.T) {
	ctx := context.Background()
	db, conv := emptyConversation(t)
	svc := &ChatService{db: db}
	sameAsBuilt(t, svc, conv.ID, "empty", 0)

	fillTurn(t, db, conv.ID, 0, benchHits()) // cited, with a detail and four steps
	agent := richTurn(t, db, conv.ID, "agent", "succeeded", "done")
	asked := richTurn(t, db, conv.ID, "ask", "succeeded", "done")
	richTurn(t, db, conv.ID, "stopped", "cancelled", "interrupted") // a step left running
	failed := plainTurn(t, db, conv.ID, "Will <this> & that start?", store.Message{Status: "failed",
		Error: "the answer could not start: no model \u2028configured"})
	// Stored: the first three turns (6), the failed one's question and answer,
	// and the stopped one's question.
	sameAsBuilt(t, svc, conv.ID, "first load", 9)
	sameAsBuilt(t, svc, conv.ID, "from stored bodies", 9)

	if err := db.SaveAskUser(ctx, store.AskUserState{ConversationID: conv.ID, MessageID: asked, PendingIntent: "jurisdiction",
		OriginalQuery: "q", Question: "Which country?", AskUserCount: 1, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	sameAsBuilt(t, svc, conv.ID, "after a clarifying question was flagged", 9)

	if err := db.SaveGenerationDetail(ctx, store.GenerationDetail{MessageID: agent, Reasoning: `["Looked again."]`,
		ToolCalls: `[{"name":"search","arguments":{"q":"notice"},"result":"2 passages"}]`,
		Sequence:  `[{"type":"reasoning","index":0},{"type":"tool_call","index":0}]`}); err != nil {
		t.Fatal(err)
	}
	sameAsBuilt(t, svc, conv.ID, "after a generation detail changed", 9)

	if err := db.SaveGenerationDetail(ctx, store.GenerationDetail{MessageID: failed, Reasoning: `["None."]`}); err != nil {
		t.Fatal(err)
	}
	sameAsBuilt(t, svc, conv.ID, "after a generation detail was added", 9)

	if _, _, err := db.SaveGeneration(ctx, store.RetrievalRecord{Query: "q"}, store.GenerationRecord{MessageID: failed,
		PromptName: "p", PromptVersion: "1", Status: "failed", Verification: `{"checks":[{"name":"json","passed":false}]}`}); err != nil {
		t.Fatal(err)
	}
	sameAsBuilt(t, svc, conv.ID, "after a generation record was added", 9)

	richTurn(t, db, conv.ID, "live", "running", "streaming")
	sameAsBuilt(t, svc, conv.ID, "while an answer streams (nothing more stored)", 9)

	if _, err := db.InterruptRuns(ctx); err != nil { // the live run too, as at a restart
		t.Fatal(err)
	}
	if _, err := db.InterruptMessages(ctx); err != nil {
		t.Fatal(err)
	}
	sameAsBuilt(t, svc, conv.ID, "after a restart interrupted the rest", 12)

	if _, err := db.SQL().Exec(`UPDATE message_bodies SET format = 'another build', body = '{"stale":true}'`); err != nil {
		t.Fatal(err)
	}
	sameAsBuilt(t, svc, conv.ID, "with bodies of another build", 12)

	if err := db.DeleteConversation(ctx, conv.ID); err != nil {
		t.Fatal(err)
	}
	if n := storedBodies(t, db); n != 0 {
		t.Errorf("%d bodies left after the conversation was deleted", n)
	}
}

// The bodies a load encoded are stored after its response: a change to an
// answer made in between (here while the store waits its turn) wins, and the
// next load shows the answer as it is now.
func TestAChangeAfterTheResponseWinsOverItsBodies(t *testing.T) {
	ctx := context.Background()
	db, conv := emptyConversation(t)
	answer := richTurn(t, db, conv.ID, "done", "succeeded", "done")
	svc := &ChatService{db: db}

	svc.bodies.mu.Lock() // the store started by the load waits here
	if _, err := svc.Messages(ctx, conv.ID); err != nil {
		t.Fatal(err)
	}
	if err := db.SaveGenerationDetail(ctx, store.GenerationDetail{MessageID: answer, Reasoning: `["Changed after the response."]`}); err != nil {
		t.Fatal(err)
	}
	svc.bodies.mu.Unlock()
	svc.bodies.wait()
	if n := storedBodies(t, db); n != 1 {
		t.Fatalf("%d bodies stored, want the question's only", n)
	}
	sameAsBuilt(t, svc, conv.ID, "after the change", 2)
}

// richTurn stores a question and an agent's answer with its generation record
// and detail, and a run of runStatus whose steps include a variable
// extraction and an agent's notes; a run that did not succeed leaves its last
// step running. It returns the answer's id.
func richTurn(t *testing.T, db *store.DB, convID, name, runStatus, status string) string {
	t.Helper()
	ctx := context.Background()
	_, ai, _, err := db.SaveTurn(ctx, convID, "", "What does <article 12> say about \"notice\" & termination? "+name, "")
	if err != nil {
		t.Fatal(err)
	}
	runID := "run-" + name
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	if err := db.InsertRun(ctx, store.Run{ID: runID, Mode: "chatflow", MessageID: ai.ID, StartedAt: start}); err != nil {
		t.Fatal(err)
	}
	if err := db.SetMessageRun(ctx, ai.ID, runID); err != nil {
		t.Fatal(err)
	}
	cites := `[{"marker":1,"node_id":"c1","rank":1,"score":0.5,"quotes":[{"text":"ninety days","verified":false}],
		"excerpt":"Ninety days <written> notice","locator":{"doc_id":"d","doc_name":"a.pdf","page_start":2,"page_end":3}}]`
	if _, _, err := db.SaveGeneration(ctx, store.RetrievalRecord{RunID: runID, Query: "q", Hits: "[]"}, store.GenerationRecord{
		RunID: runID, NodeID: "agent", PromptName: "agent", PromptVersion: "1", Status: "partial", ModelProvider: "p",
		ModelName: "m", Citations: cites, TimingMs: `{"prompt":1.5,"llm":20,"postprocess":0.25,"total":21.75}`,
		Verification: `{"answer":"Ninety days [1]. Maybe more.","refused":false,
			"checks":[{"name":"quote","passed":false,"detail":"1 quote not found"}],
			"claims":[{"text":"Ninety days [1].","start":0,"end":16,"markers":[1],"verdict":"quote_failed"},
				{"text":"Maybe more.","start":17,"end":28,"verdict":"uncited"}]}`}); err != nil {
		t.Fatal(err)
	}
	if err := db.SaveGenerationDetail(ctx, store.GenerationDetail{MessageID: ai.ID, Reasoning: `["First, search."]`,
		ToolCalls: `[{"name":"search_library","arguments":{"query":"notice"},"result":"[1] Ninety days"}]`,
		Sequence:  `[{"type":"reasoning","index":0},{"type":"tool_call","index":0},{"type":"content","start":0,"end":28}]`}); err != nil {
		t.Fatal(err)
	}
	fin := start.Add(time.Second)
	steps := []store.NodeExecution{
		{NodeID: "start", NodeType: "start", Status: "succeeded", FinishedAt: &fin, ElapsedMs: 1000},
		{NodeID: "params", NodeType: "parameter-extractor", Status: "succeeded", FinishedAt: &fin},
		{NodeID: "params_ext_1", NodeType: "llm", Status: "succeeded", IsVirtual: true, ParentNodeID: "params", FinishedAt: &fin,
			Inputs: `{"context_source":"sys.query","extraction_prompt":"Which <article>?"}`, Outputs: `{"text":"Article 12"}`,
			PromptTokens: 30, CompletionTokens: 2},
		{NodeID: "agent", NodeType: "agent", Status: "succeeded", FinishedAt: &fin, PromptTokens: 900, CompletionTokens: 60,
			ProcessData: `{"warnings":["the agent reached its limit of 3 rounds"]}`},
		{NodeID: "answer", NodeType: "answer", Status: "succeeded", FinishedAt: &fin},
	}
	if runStatus != "succeeded" {
		steps[4] = store.NodeExecution{NodeID: "answer", NodeType: "answer", Status: "running"}
	}
	for i, e := range steps {
		e.RunID, e.Position, e.Title, e.StartedAt = runID, i+1, "Step "+e.NodeID, start
		if err := db.SaveNodeExecution(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if runStatus != "running" {
		if err := db.FinishRun(ctx, store.Run{ID: runID, Status: runStatus, FinishedAt: &fin, ElapsedMs: 1000}); err != nil {
			t.Fatal(err)
		}
	}
	if status != "streaming" {
		if err := db.FinishMessage(ctx, store.Message{ID: ai.ID, Content: "Ninety days [1]. Maybe more.", Citations: cites,
			Status: status, Error: map[bool]string{true: "stopped before the answer was complete"}[status == "interrupted"]}); err != nil {
			t.Fatal(err)
		}
	}
	return ai.ID
}

// plainTurn stores a question and an answer with no run.
func plainTurn(t *testing.T, db *store.DB, convID, question string, answer store.Message) string {
	t.Helper()
	ctx := context.Background()
	_, ai, _, err := db.SaveTurn(ctx, convID, "", question, "")
	if err != nil {
		t.Fatal(err)
	}
	answer.ID = ai.ID
	if err := db.FinishMessage(ctx, answer); err != nil {
		t.Fatal(err)
	}
	return ai.ID
}
