package openai

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
)

func TestChatStreams(t *testing.T) {
	withID := llmtest.Tool("now", map[string]any{})
	withID.Tool.ID = "call_server"
	target.RunStreams(t, []llmtest.StreamCase{
		{
			Name:  "plain",
			Reply: llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("Hello there, counsel.")}},
			Want:  []llm.Delta{llmtest.ContentDelta("Hello there, counsel.")}, Finish: "stop",
		},
		{
			Name:  "reasoning_content",
			Reply: llmtest.Reply{Parts: []llmtest.Part{llmtest.Reasoning("Check Art. 12 first. "), llmtest.Content("Yes.")}},
			Want:  []llm.Delta{llmtest.ReasoningDelta("Check Art. 12 first. "), llmtest.ContentDelta("Yes.")}, Finish: "stop",
		},
		{
			Name:  "inline think split across chunks",
			Reply: llmtest.Reply{Parts: []llmtest.Part{llmtest.Think("أفكر 🤔"), llmtest.Content("الجواب: نعم ✅")}},
			Want:  []llm.Delta{llmtest.ReasoningDelta("أفكر 🤔"), llmtest.ContentDelta("الجواب: نعم ✅")}, Finish: "stop",
		},
		{
			Name: "tool calls assembled from split deltas",
			Reply: llmtest.Reply{Parts: []llmtest.Part{
				llmtest.Content("Looking. "),
				llmtest.Tool("search", map[string]any{"q": "المادة ١٢", "limit": 3}),
				withID,
			}},
			Want: []llm.Delta{
				llmtest.ContentDelta("Looking. "),
				llmtest.ToolDelta("call_1", "search", `{"limit":3,"q":"المادة ١٢"}`),
				llmtest.ToolDelta("call_server", "now", `{}`),
			},
			Finish: "tool_calls",
		},
	})
}

func TestChatUsageAndRequestFields(t *testing.T) {
	srv := llmtest.New(t)
	srv.SetAPIKey("sk-local")
	srv.Script("qwen", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content(`{"answer":"x"}`)}, Usage: llm.Usage{PromptTokens: 120, CompletionTokens: 7}})
	p := target.Provider(t, srv.OpenAIURL()+"/", func(c *llm.Config) { c.APIKey = "sk-local"; c.DefaultModel = "qwen" })
	req := llmtest.Ask("", "q")
	req.JSON, req.Temperature = true, ptr(0.0)
	req.Tools = []llm.Tool{{Name: "search"}}
	_, resp, err := llmtest.Chat(t, context.Background(), p, req)
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
		p := target.Provider(t, srv.OpenAIURL(), func(c *llm.Config) { c.APIKey = tc.key })
		_, _, err := llmtest.Chat(t, context.Background(), p, llmtest.Ask("m", "q"))
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
	models, err := target.Provider(t, srv.OpenAIURL()).Models(context.Background())
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
	_, err = target.Provider(t, llmtest.RefusedURL(t)+"/v1").Models(context.Background())
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
