package store

import (
	"context"
	"testing"
	"time"
)

// A conversation's timelines come back by run, in start order, with an
// extraction's source, prompt and text and an agent's notes, in one query;
// questions have none.
func TestConversationTimelines(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	conv, err := db.CreateConversation(ctx, Conversation{Title: "T"})
	if err != nil {
		t.Fatal(err)
	}
	_, ai, _, err := db.SaveTurn(ctx, conv.ID, "", "What does article 12 say?", "")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	if err := db.InsertRun(ctx, Run{ID: "r1", Mode: "chatflow", MessageID: ai.ID, StartedAt: start}); err != nil {
		t.Fatal(err)
	}
	if err := db.SetMessageRun(ctx, ai.ID, "r1"); err != nil {
		t.Fatal(err)
	}
	fin := start.Add(2 * time.Second)
	for _, e := range []NodeExecution{
		{NodeID: "fetch", NodeType: "tool", Title: "Fetch\x1farticle", Position: 2, Status: "exception", Error: "not found"},
		{NodeID: "start", NodeType: "start", Position: 1, Status: "succeeded", FinishedAt: &fin, ElapsedMs: 2000},
		{NodeID: "fetch_ext_1", NodeType: "llm", Position: 3, Status: "running", IsVirtual: true, ParentNodeID: "fetch",
			Inputs: `{"context_source":"llm1.context","extraction_prompt":"Which article?"}`, Outputs: `{"text":"Article 12"}`,
			PromptTokens: 40, CompletionTokens: 3},
		{NodeID: "agent", NodeType: "agent", Position: 4, Status: "succeeded",
			ProcessData: `{"warnings":["the agent reached its limit of 3 rounds and was asked to answer with what it had"]}`},
	} {
		e.RunID, e.StartedAt = "r1", start
		if err := db.SaveNodeExecution(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	byRun, err := db.ConversationTimelines(ctx, conv.ID)
	if err != nil {
		t.Fatal(err)
	}
	steps := byRun["r1"]
	if len(byRun) != 1 || len(steps) != 4 {
		t.Fatalf("timelines %+v", byRun)
	}
	if steps[0].NodeID != "start" || steps[0].FinishedAt == nil || !steps[0].FinishedAt.Equal(fin) || steps[0].ElapsedMs != 2000 {
		t.Errorf("first step %+v", steps[0])
	}
	if steps[1].Title != "Fetch article" || steps[1].Status != "exception" || steps[1].Error != "not found" || steps[1].FinishedAt != nil {
		t.Errorf("second step %+v (a separator in a title shows as a space)", steps[1])
	}
	x := steps[2]
	if !x.IsVirtual || x.ParentNodeID != "fetch" || x.ExtractionSource != "llm1.context" || x.ExtractionPrompt != "Which article?" ||
		x.ExtractionText != "Article 12" || x.PromptTokens != 40 || x.CompletionTokens != 3 || !x.StartedAt.Equal(start) {
		t.Errorf("extraction step %+v", x)
	}
	if a := steps[3]; len(a.Notes) != 1 || a.Notes[0] != "the agent reached its limit of 3 rounds and was asked to answer with what it had" {
		t.Errorf("agent step notes %q", a.Notes)
	}
}
