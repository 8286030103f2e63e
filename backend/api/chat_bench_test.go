package api

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/generation"
	"lexflow/backend/internal/proccpu"
	"lexflow/backend/store"
)

// BenchmarkLoadConversation500Turns measures what opening a long conversation
// costs: 500 questions and their cited answers, each with its generation
// record (claims, checks) and generation detail, and the timeline of the run
// behind each answer (four steps; the cited answer's process data holds its
// checks, timings and the prompt it sent), up to the encoded response body
// the handler writes. Target: ≤ 100 ms (every open is a first open).
func BenchmarkLoadConversation500Turns(b *testing.B) {
	db, svc, convID := longConversation(b)
	defer db.Close()
	var body []byte
	cpuStart := proccpu.Used()
	for b.Loop() {
		body = loadLongConversation(b, svc, convID)
	}
	// CPU time (every thread) per load, which a busy machine inflates less than the wall clock.
	b.ReportMetric(float64((proccpu.Used()-cpuStart).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	checkLongConversation(b, body)
}

func longConversation(b *testing.B) (*store.DB, *ChatService, string) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(b.TempDir(), "lexflow.db"))
	if err != nil {
		b.Fatal(err)
	}
	conv, err := db.CreateConversation(ctx, store.Conversation{Title: "Long"})
	if err != nil {
		b.Fatal(err)
	}
	hits := benchHits()
	for i := range 500 {
		fillTurn(b, db, conv.ID, i, hits)
	}
	return db, &ChatService{db: db}, conv.ID
}

// loadLongConversation is what the handler of GET
// /api/conversations/{id}/messages does, with a look at the last answer.
func loadLongConversation(b *testing.B, svc *ChatService, convID string) []byte {
	msgs, err := svc.Messages(context.Background(), convID)
	if err != nil {
		b.Fatal(err)
	}
	body, err := json.Marshal(msgs)
	if err != nil || len(body) < 8000 {
		b.Fatalf("response body: %d bytes, %v", len(body), err)
	}
	tail := string(body[len(body)-8000:])
	if !strings.Contains(tail, `"quotes":[{"text":"giving ninety days'","verified":true`) ||
		!strings.Contains(tail, `"checks":[{"name":"json","passed":true`) {
		b.Fatalf("response body ends %s", tail)
	}
	return body
}

// checkLongConversation reads a response body back: every message, the last
// answer with its detail and its four steps, the cited answer's with its timings.
func checkLongConversation(b *testing.B, body []byte) {
	var msgs []Message
	if err := json.Unmarshal(body, &msgs); err != nil {
		b.Fatal(err)
	}
	if len(msgs) != 1000 || msgs[999].Detail == nil || len(msgs[999].Timeline) != 4 || msgs[999].Timeline[2].TimingMs == nil {
		b.Fatalf("%d messages, the last %+v", len(msgs), msgs[len(msgs)-1])
	}
}

func benchHits() []evidence.Hit {
	text := strings.Repeat("Either party may terminate this agreement by giving ninety days' written notice. ", 6)
	hits := make([]evidence.Hit, 5)
	for i := range hits {
		hits[i] = evidence.Hit{Rank: i + 1, Score: 5 - float64(i), Chunk: evidence.Chunk{ID: fmt.Sprintf("c%d", i+1), DocID: "d",
			Text: text, Locator: evidence.Locator{DocID: "d", DocName: "agreement.pdf", HeadingPath: []string{"Part 2", "Clause 12"},
				PageStart: 4, PageEnd: 4, Start: i * 600, End: i*600 + len(text)}}}
	}
	return hits
}

func fillTurn(b testing.TB, db *store.DB, convID string, i int, hits []evidence.Hit) {
	ctx := context.Background()
	_, ai, _, err := db.SaveTurn(ctx, convID, "", fmt.Sprintf("Question %d: what notice ends the agreement?", i), "")
	if err != nil {
		b.Fatal(err)
	}
	raw := `{"answer": "Either party may terminate on ninety days' written notice [1]. The notice must be written [2].",
		"citations": [{"node_id": "c1", "quote": "ninety days' written notice"}, {"node_id": "c2", "quote": "giving ninety days'"}]}`
	res := generation.Postprocess(raw, hits, generation.Options{})
	cites, _ := json.Marshal(res.Citations)
	verification, _ := json.Marshal(map[string]any{"answer": res.Answer, "checks": res.Checks, "claims": res.Claims})
	runID := fmt.Sprintf("run-%d", i)
	if err := db.InsertRun(ctx, store.Run{ID: runID, Mode: "chatflow", MessageID: ai.ID}); err != nil {
		b.Fatal(err)
	}
	if _, _, err := db.SaveGeneration(ctx, store.RetrievalRecord{RunID: runID, Query: "q", Hits: "[]"}, store.GenerationRecord{
		RunID: runID, NodeID: "cite", PromptName: "p", PromptVersion: "1", Status: "success",
		Citations: string(cites), Verification: string(verification)}); err != nil {
		b.Fatal(err)
	}
	if err := db.SaveGenerationDetail(ctx, store.GenerationDetail{MessageID: ai.ID, Reasoning: `["Clause 12 sets the period."]`,
		Sequence: `[{"type":"reasoning","index":0},{"type":"content","start":0,"end":96}]`}); err != nil {
		b.Fatal(err)
	}
	if err := db.FinishMessage(ctx, store.Message{ID: ai.ID, Content: res.Answer, Citations: string(cites), Status: "done"}); err != nil {
		b.Fatal(err)
	}
	if err := db.SetMessageRun(ctx, ai.ID, runID); err != nil {
		b.Fatal(err)
	}
	fillTimeline(b, db, runID, string(verification))
	finished := time.Date(2026, 5, 1, 9, 0, 1, 0, time.UTC)
	if err := db.FinishRun(ctx, store.Run{ID: runID, Status: "succeeded", FinishedAt: &finished, ElapsedMs: 1000}); err != nil {
		b.Fatal(err)
	}
}

// fillTimeline stores a chat run's four steps.
func fillTimeline(b testing.TB, db *store.DB, runID, verification string) {
	ctx := context.Background()
	at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	cited, _ := json.Marshal(map[string]any{"checks": json.RawMessage(`[{"name":"alignment","passed":true,"detail":""},{"name":"quotes","passed":true,"detail":""}]`),
		"timing_ms": map[string]any{"prompt": 1, "llm": 900, "postprocess": 2, "total": 903}, "prompt": strings.Repeat("Evidence passage. ", 200),
		"verification": json.RawMessage(verification)})
	for i, n := range []store.NodeExecution{
		{NodeID: "start", NodeType: "start"}, {NodeID: "retrieve", NodeType: "knowledge-retrieval", Outputs: strings.Repeat(`{"result":"hit"}`, 1)},
		{NodeID: "cite", NodeType: "cited-answer", ProcessData: string(cited), PromptTokens: 900, CompletionTokens: 60}, {NodeID: "answer", NodeType: "answer"},
	} {
		start, fin := at.Add(time.Duration(i)*time.Millisecond), at.Add(time.Duration(i+1)*time.Millisecond)
		n.RunID, n.Position, n.Status, n.Title, n.StartedAt, n.FinishedAt, n.ElapsedMs = runID, i+1, "succeeded", n.NodeID, start, &fin, 1
		if err := db.SaveNodeExecution(ctx, n); err != nil {
			b.Fatal(err)
		}
	}
}
