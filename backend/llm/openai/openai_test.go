package openai

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
	cfg := llm.Config{Kind: llm.KindOpenAI, BaseURL: baseURL, ConnectTimeout: testConnect, IdleTimeout: testIdle, Timeout: 5 * time.Second}
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
	withID := llmtest.Tool("now", map[string]any{})
	withID.Tool.ID = "call_server"
	tests := []struct {
		name   string
		reply  llmtest.Reply
		want   []llm.Delta
		finish string
	}{
		{
			"plain",
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("Hello there, counsel.")}},
			[]llm.Delta{content("Hello there, counsel.")}, "stop",
		},
		{
			"reasoning_content",
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Reasoning("Check Art. 12 first. "), llmtest.Content("Yes.")}},
			[]llm.Delta{reasoning("Check Art. 12 first. "), content("Yes.")}, "stop",
		},
		{
			"inline think split across chunks",
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Think("أفكر 🤔"), llmtest.Content("الجواب: نعم ✅")}},
			[]llm.Delta{reasoning("أفكر 🤔"), content("الجواب: نعم ✅")}, "stop",
		},
		{
			"tool calls assembled from split deltas",
			llmtest.Reply{Parts: []llmtest.Part{
				llmtest.Content("Looking. "),
				llmtest.Tool("search", map[string]any{"q": "المادة ١٢", "limit": 3}),
				withID,
			}},
			[]llm.Delta{content("Looking. "), toolDelta("call_1", "search", `{"limit":3,"q":"المادة ١٢"}`), toolDelta("call_server", "now", `{}`)},
			"tool_calls",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Script("m", tc.reply)
			got, resp, err := chat(t, context.Background(), newProvider(t, srv.OpenAIURL()), ask("m", "question"))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("deltas (-want +got):\n%s", diff)
			}
			ignore := cmpopts.IgnoreFields(llm.Response{}, "Model", "Usage", "FinishReason", "FirstToken", "Latency")
			if diff := cmp.Diff(llm.Accumulate(tc.want), resp, ignore); diff != "" {
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

func TestChatUsageAndRequestFields(t *testing.T) {
	srv := llmtest.New(t)
	srv.SetAPIKey("sk-local")
	srv.Script("qwen", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content(`{"answer":"x"}`)}, Usage: llm.Usage{PromptTokens: 120, CompletionTokens: 7}})
	p := newProvider(t, srv.OpenAIURL()+"/", func(c *llm.Config) { c.APIKey = "sk-local"; c.DefaultModel = "qwen" })
	req := ask("", "q")
	req.JSON, req.Temperature = true, ptr(0.0)
	req.Tools = []llm.Tool{{Name: "search"}}
	_, resp, err := chat(t, context.Background(), p, req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Usage != (llm.Usage{PromptTokens: 120, CompletionTokens: 7}) || resp.Content != `{"answer":"x"}` {
		t.Errorf("response = %+v", resp)
	}
	r := srv.RequestsFor(llmtest.ProtocolOpenAI)[0]
	format, _ := r.Body["response_format"].(map[string]any)
	opts, _ := r.Body["stream_options"].(map[string]any)
	if r.Path != "/v1/chat/completions" || r.Model != "qwen" || !r.Stream || !r.JSON || format["type"] != "json_object" ||
		opts["include_usage"] != true || r.Header.Get("Authorization") != "Bearer sk-local" || !cmp.Equal(r.Tools, []string{"search"}) {
		t.Errorf("request = %s (auth %q)", r.Raw, r.Header.Get("Authorization"))
	}
}

func TestAPIKey(t *testing.T) {
	srv := llmtest.New(t)
	srv.SetAPIKey("sk-right")
	tests := []struct {
		key      string
		wantErr  bool
		contains string
	}{
		{"", true, "wants an API key and none is set"},
		{"sk-wrong", true, "bad API key"},
		{"sk-right", false, ""},
	}
	for _, tc := range tests {
		p := newProvider(t, srv.OpenAIURL(), func(c *llm.Config) { c.APIKey = tc.key })
		_, _, err := chat(t, context.Background(), p, ask("m", "q"))
		if !tc.wantErr {
			if err != nil {
				t.Errorf("key %q: %v", tc.key, err)
			}
			continue
		}
		if !errors.Is(err, llm.ErrUnauthorized) || !strings.Contains(err.Error(), tc.contains) {
			t.Errorf("key %q: err = %v", tc.key, err)
		}
		if _, err := p.Models(context.Background()); !errors.Is(err, llm.ErrUnauthorized) {
			t.Errorf("key %q: models err = %v", tc.key, err)
		}
	}
}

func TestModels(t *testing.T) {
	srv := llmtest.New(t)
	srv.SetModels("gpt-4o-mini", "deepseek-r1")
	models, err := newProvider(t, srv.OpenAIURL()).Models(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []llm.Model{
		{Name: "gpt-4o-mini", ModifiedAt: time.Unix(1735787045, 0).UTC()},
		{Name: "deepseek-r1", ModifiedAt: time.Unix(1735787045, 0).UTC()},
	}
	if diff := cmp.Diff(want, models); diff != "" {
		t.Errorf("models (-want +got):\n%s", diff)
	}
	if got := srv.Requests()[0].Path; got != "/v1/models" {
		t.Errorf("models endpoint %q", got)
	}
	_, err = newProvider(t, llmtest.RefusedURL(t)+"/v1").Models(context.Background())
	if !errors.Is(err, llm.ErrUnreachable) || !strings.Contains(err.Error(), "no server is answering at http://127.0.0.1:") {
		t.Errorf("refused models: %v", err)
	}
}

func TestNew(t *testing.T) {
	for _, raw := range []string{"", "ftp://x/v1", "api.openai.com/v1", "http://", "https://host:port/v1"} {
		_, err := New(llm.Config{Kind: llm.KindOpenAI, BaseURL: raw})
		var e *llm.Error
		if !errors.As(err, &e) || !errors.Is(err, llm.ErrBadRequest) || !strings.Contains(e.Message, "base URL") {
			t.Errorf("New(%q) err = %v", raw, err)
		}
	}
	p, err := New(llm.Config{BaseURL: " http://localhost:1234/v1/ "})
	if err != nil || p.BaseURL() != "http://localhost:1234/v1" {
		t.Errorf("New = %v, %v", p, err)
	}
}
