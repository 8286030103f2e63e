package generation

import (
	"context"
	"errors"
	"testing"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
)

// Generate returns what the model sent, as it sent it, over both wire
// protocols: raw text, reasoning, provider, model and usage, and no parsing.
func TestGenerateReturnsTheRawReply(t *testing.T) {
	srv := llmtest.New(t)
	reply := llmtest.Reply{Parts: []llmtest.Part{llmtest.Reasoning("Look at [1]."), llmtest.Content("not JSON at all [1]")},
		Usage: llm.Usage{PromptTokens: 120, CompletionTokens: 7}}
	for name, m := range map[string]Model{"ollama": ollamaModel(t, srv, "m", llm.Config{}), "openai": openaiModel(t, srv, "m")} {
		t.Run(name, func(t *testing.T) {
			srv.Script("m", reply)
			var deltas []llm.Delta
			raw, err := Generate(context.Background(), m, BuildPrompt("q", testHits()), Params{},
				func(d llm.Delta) error { deltas = append(deltas, d); return nil })
			if err != nil {
				t.Fatal(err)
			}
			if raw.Text != "not JSON at all [1]" || raw.Reasoning != "Look at [1]." || raw.Model != "m" || raw.Provider != m.ProviderName {
				t.Errorf("raw %+v", raw)
			}
			if raw.Usage != (llm.Usage{PromptTokens: 120, CompletionTokens: 7}) || len(deltas) < 2 {
				t.Errorf("usage %+v after %d deltas", raw.Usage, len(deltas))
			}
			req := srv.Requests()[len(srv.Requests())-1]
			if req.LastUser() != BuildPrompt("q", testHits()).Messages[1].Content {
				t.Error("the snapshot's messages were not sent as they are")
			}
		})
	}
}

func TestGenerateKeepsThePartialTextOfAFailedCall(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("m", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("The notice period is ninety days")}, Chunk: 4,
		Fault: llmtest.CutAfter(3)})
	raw, err := Generate(context.Background(), openaiModel(t, srv, "m"), BuildPrompt("q", testHits()), Params{}, nil)
	if !errors.Is(err, llm.ErrStreamInterrupted) || raw.Text == "" {
		t.Errorf("raw %q, err %v: want the text received and a stream error", raw.Text, err)
	}
}
