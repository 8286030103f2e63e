package ollama

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
)

// Short bounds keep the fault tests fast.
const (
	testConnect = 500 * time.Millisecond
	testIdle    = 300 * time.Millisecond
)

func newProvider(t *testing.T, baseURL string, edit ...func(*llm.Config)) *Provider {
	t.Helper()
	cfg := llm.Config{Kind: llm.KindOllama, BaseURL: baseURL, ConnectTimeout: testConnect, IdleTimeout: testIdle, Timeout: 5 * time.Second}
	for _, e := range edit {
		e(&cfg)
	}
	p, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// chat runs one call and returns the deltas merged by kind, so that results
// compare whatever the chunking.
func chat(t *testing.T, ctx context.Context, p *Provider, req llm.Request) ([]llm.Delta, llm.Response, error) {
	t.Helper()
	var got []llm.Delta
	resp, err := p.Chat(ctx, req, func(d llm.Delta) error {
		if n := len(got); n > 0 && d.Kind != llm.DeltaToolCall && got[n-1].Kind == d.Kind {
			got[n-1].Text += d.Text
			return nil
		}
		got = append(got, d)
		return nil
	})
	return got, resp, err
}

func ask(model, text string) llm.Request {
	return llm.Request{Model: model, Messages: []llm.Message{{Role: llm.RoleUser, Content: text}}}
}

func content(s string) llm.Delta   { return llm.Delta{Kind: llm.DeltaContent, Text: s} }
func reasoning(s string) llm.Delta { return llm.Delta{Kind: llm.DeltaReasoning, Text: s} }
func toolDelta(id, name, args string) llm.Delta {
	return llm.Delta{Kind: llm.DeltaToolCall, ToolCall: &llm.ToolCall{ID: id, Name: name, Arguments: json.RawMessage(args)}}
}

func TestChatStreams(t *testing.T) {
	searchCall := llmtest.Tool("search", map[string]string{"q": "المادة ١٢"})
	givenID := llmtest.Tool("now", nil)
	givenID.Tool.ID = "call_from_ollama"
	tests := []struct {
		name   string
		reply  llmtest.Reply
		want   []llm.Delta
		finish string
	}{
		{
			"plain",
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("Hello there, counsel.")}, Usage: llm.Usage{PromptTokens: 3, CompletionTokens: 4}},
			[]llm.Delta{content("Hello there, counsel.")}, "stop",
		},
		{
			"thinking field",
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Reasoning("Check Art. 12 first. "), llmtest.Content("Yes.")}},
			[]llm.Delta{reasoning("Check Art. 12 first. "), content("Yes.")}, "stop",
		},
		{
			"inline think split across chunks",
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Think("plan 🤔"), llmtest.Content("الجواب: نعم ✅")}},
			[]llm.Delta{reasoning("plan 🤔"), content("الجواب: نعم ✅")}, "stop",
		},
		{
			"tool calls",
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("Looking. "), searchCall, givenID}, Finish: "stop"},
			[]llm.Delta{content("Looking. "), toolDelta("gen", "search", `{"q":"المادة ١٢"}`), toolDelta("call_from_ollama", "now", `{}`)}, "stop",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Script("m", tc.reply)
			p := newProvider(t, srv.OllamaURL())
			p.newID = func() string { return "gen" }
			got, resp, err := chat(t, context.Background(), p, ask("m", "question"))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("deltas (-want +got):\n%s", diff)
			}
			whole := llm.Accumulate(tc.want)
			if diff := cmp.Diff(whole, resp, cmpopts.IgnoreFields(llm.Response{}, "Model", "Usage", "FinishReason", "FirstToken", "Latency")); diff != "" {
				t.Errorf("response (-want +got):\n%s", diff)
			}
			if resp.Model != "m" || resp.FinishReason != tc.finish || resp.Usage.Total() == 0 {
				t.Errorf("model %q, finish %q, usage %+v", resp.Model, resp.FinishReason, resp.Usage)
			}
			if resp.FirstToken <= 0 || resp.Latency < resp.FirstToken {
				t.Errorf("timings: first token %v, latency %v", resp.FirstToken, resp.Latency)
			}
		})
	}
}

func TestChatUsage(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("m", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("x")}, Usage: llm.Usage{PromptTokens: 26, CompletionTokens: 290}})
	_, resp, err := chat(t, context.Background(), newProvider(t, srv.OllamaURL()), ask("m", "q"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Usage != (llm.Usage{PromptTokens: 26, CompletionTokens: 290}) {
		t.Errorf("usage = %+v", resp.Usage)
	}
}

func TestChatSendsRequestFields(t *testing.T) {
	srv := llmtest.New(t)
	p := newProvider(t, srv.OllamaURL()+"/", func(c *llm.Config) { c.DefaultModel = "fallback" })
	req := ask("", "What does Article 12 say?")
	req.JSON, req.Think, req.Temperature, req.MaxTokens = true, ptr(true), ptr(0.0), 64
	req.Tools = []llm.Tool{{Name: "search", Parameters: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}}}`)}}
	_, resp, err := chat(t, context.Background(), p, req)
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
	p := newProvider(t, srv.OllamaURL())
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
	p := newProvider(t, llmtest.RefusedURL(t))
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
