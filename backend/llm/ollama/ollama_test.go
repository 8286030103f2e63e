package ollama

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
)

func TestChatStreams(t *testing.T) {
	searchCall := llmtest.Tool("search", map[string]string{"q": "المادة ١٢"})
	givenID := llmtest.Tool("now", nil)
	givenID.Tool.ID = "call_from_ollama"
	tg := target
	tg.Prepare = func(p *Provider) { p.newID = func() string { return "gen" } }
	tg.RunStreams(t, []llmtest.StreamCase{
		{
			Name:  "plain",
			Reply: llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("Hello there, counsel.")}, Usage: llm.Usage{PromptTokens: 3, CompletionTokens: 4}},
			Want:  []llm.Delta{llmtest.ContentDelta("Hello there, counsel.")}, Finish: "stop",
		},
		{
			Name:  "thinking field",
			Reply: llmtest.Reply{Parts: []llmtest.Part{llmtest.Reasoning("Check Art. 12 first. "), llmtest.Content("Yes.")}},
			Want:  []llm.Delta{llmtest.ReasoningDelta("Check Art. 12 first. "), llmtest.ContentDelta("Yes.")}, Finish: "stop",
		},
		{
			Name:  "inline think split across chunks",
			Reply: llmtest.Reply{Parts: []llmtest.Part{llmtest.Think("plan 🤔"), llmtest.Content("الجواب: نعم ✅")}},
			Want:  []llm.Delta{llmtest.ReasoningDelta("plan 🤔"), llmtest.ContentDelta("الجواب: نعم ✅")}, Finish: "stop",
		},
		{
			Name:  "tool calls",
			Reply: llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("Looking. "), searchCall, givenID}, Finish: "stop"},
			Want: []llm.Delta{
				llmtest.ContentDelta("Looking. "),
				llmtest.ToolDelta("gen", "search", `{"q":"المادة ١٢"}`),
				llmtest.ToolDelta("call_from_ollama", "now", `{}`),
			},
			Finish: "stop",
		},
	})
}

func TestChatUsage(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("m", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("x")}, Usage: llm.Usage{PromptTokens: 26, CompletionTokens: 290}})
	_, resp, err := llmtest.Chat(t, context.Background(), target.Provider(t, srv.OllamaURL()), llmtest.Ask("m", "q"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Usage != (llm.Usage{PromptTokens: 26, CompletionTokens: 290}) {
		t.Errorf("usage = %+v", resp.Usage)
	}
}

func TestChatSendsRequestFields(t *testing.T) {
	srv := llmtest.New(t)
	p := target.Provider(t, srv.OllamaURL()+"/", func(c *llm.Config) { c.DefaultModel = "fallback" })
	req := llmtest.Ask("", "What does Article 12 say?")
	req.JSON, req.Think, req.Temperature, req.MaxTokens = true, ptr(true), ptr(0.0), 64
	req.Tools = []llm.Tool{{Name: "search", Parameters: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}}}`)}}
	_, resp, err := llmtest.Chat(t, context.Background(), p, req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Content != `{"answer":"You said: What does Article 12 say?","citations":[]}` {
		t.Errorf("echo in JSON mode = %q", resp.Content)
	}
	reqs := srv.RequestsFor(llmtest.ProtocolOllama)
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	r := reqs[0]
	opts, _ := r.Body["options"].(map[string]any)
	if r.Path != "/api/chat" || r.Model != "fallback" || !r.Stream || !r.JSON || r.Body["format"] != "json" || r.Body["think"] != true ||
		opts["temperature"] != 0.0 || opts["num_predict"] != 64.0 || !cmp.Equal(r.Tools, []string{"search"}) {
		t.Errorf("request = %s", r.Raw)
	}
}

func TestModelsAndVersion(t *testing.T) {
	srv := llmtest.New(t)
	srv.SetModels("llama3:8b", "qwen3:4b")
	p := target.Provider(t, srv.OllamaURL())
	models, err := p.Models(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(models) != 2 || models[0].Name != "llama3:8b" || models[1].Family != "fake" || models[0].Quantization != "Q4_0" || models[0].ModifiedAt.IsZero() {
		t.Errorf("models = %+v", models)
	}
	if v, err := p.Version(context.Background()); err != nil || v == "" {
		t.Errorf("Version = %q, %v", v, err)
	}
	if got := srv.Requests()[0].Path; got != "/api/tags" {
		t.Errorf("models endpoint %q", got)
	}
}

func TestModelsFaults(t *testing.T) {
	p := target.Provider(t, llmtest.RefusedURL(t))
	_, err := p.Models(context.Background())
	if !errors.Is(err, llm.ErrUnreachable) || !strings.Contains(err.Error(), "Ollama is not running at http://127.0.0.1:") {
		t.Errorf("refused: %v", err)
	}
	if _, err := p.Version(context.Background()); !errors.Is(err, llm.ErrUnreachable) {
		t.Errorf("version refused: %v", err)
	}
}

func TestNew(t *testing.T) {
	p, err := New(llm.Config{Kind: llm.KindOllama})
	if err != nil || p.BaseURL() != "http://127.0.0.1:11434" {
		t.Fatalf("default: %v %v", p, err)
	}
	for _, raw := range []string{"ftp://x", "localhost:11434", "http://", "http://host:port"} {
		_, err := New(llm.Config{BaseURL: raw})
		var e *llm.Error
		if !errors.As(err, &e) || !errors.Is(err, llm.ErrBadRequest) || !strings.Contains(e.Message, "base URL") {
			t.Errorf("New(%q) err = %v", raw, err)
		}
	}
}
