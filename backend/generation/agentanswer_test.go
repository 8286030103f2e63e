package generation

import (
	"context"
	"strings"
	"testing"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
)

// The agent's final answer is checked like a cited answer: a reply quoting
// the evidence stands, with the agent's rounds counted in its tokens; one
// quoting only a heading is withdrawn, the model's reply kept.
func TestAnswerAgent(t *testing.T) {
	hits := []evidence.Hit{{Rank: 1, Score: 2, Chunk: evidence.Chunk{ID: "c1", DocID: "d1",
		Text:    "48 Contracts covered by this Chapter\nEither party may end the agreement with ninety days' written notice.",
		Locator: evidence.Locator{DocID: "d1", DocName: "Act.txt", Start: 0, End: 105}}}}
	for _, tc := range []struct {
		name, reply string
		want        Status
	}{
		{"quotes the evidence", `{"answerable": true, "answer": "Either party may end it with ninety days' notice [1].",
			"citations": [{"rank": 1, "quote": "ninety days' written notice"}]}`, StatusSuccess},
		{"quotes only a heading", `{"answerable": true, "answer": "Contracts covered by this Chapter [1].",
			"citations": [{"rank": 1, "quote": "48 Contracts covered by this Chapter"}]}`, StatusNoEvidence},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Script("m", llmtest.Text(tc.reply))
			rounds := Raw{Text: "Ninety days' notice [1].", Usage: llm.Usage{PromptTokens: 100, CompletionTokens: 10}, Latency: time.Second}
			rec, err := (&Pipeline{Store: openStore(t)}).AnswerAgent(context.Background(), Answered{Query: "How is the agreement ended?",
				Hits: hits, Model: openaiModel(t, srv, "m"), Raw: rounds,
				Snapshot: Snapshot{Messages: []llm.Message{{Role: llm.RoleUser, Content: "How is the agreement ended?"}}}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Result.Status != tc.want {
				t.Errorf("status %s (%q), want %s", rec.Result.Status, rec.Result.Answer, tc.want)
			}
			if !strings.Contains(rec.Raw.Text, `"answerable"`) || rec.Raw.Usage.PromptTokens <= rounds.Usage.PromptTokens || rec.Raw.Latency < time.Second {
				t.Errorf("raw %+v, want the final call's reply with the rounds counted in", rec.Raw)
			}
			if n := len(rec.Snapshot.Messages); n != 2 || rec.Snapshot.PromptName != AgentPromptName {
				t.Errorf("snapshot %s with %d messages, want the agent's conversation and the request for the schema", rec.Snapshot.PromptName, n)
			}
		})
	}
}
