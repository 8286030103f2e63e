package providers

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/ollama"
	"lexflow/backend/llm/openai"
)

func TestNew(t *testing.T) {
	tests := []struct {
		name    string
		cfg     llm.Config
		check   func(llm.Provider) bool
		wantErr string
	}{
		{"ollama default URL", llm.Config{Kind: llm.KindOllama}, func(p llm.Provider) bool {
			o, ok := p.(*ollama.Provider)
			return ok && o.BaseURL() == "http://127.0.0.1:11434"
		}, ""},
		{"openai", llm.Config{Kind: llm.KindOpenAI, BaseURL: "http://localhost:1234/v1/"}, func(p llm.Provider) bool {
			o, ok := p.(*openai.Provider)
			return ok && o.BaseURL() == "http://localhost:1234/v1"
		}, ""},
		{"extractive", llm.Config{Kind: llm.KindExtractive}, func(p llm.Provider) bool {
			_, ok := p.(*extractive.Provider)
			return ok
		}, ""},
		{"ollama bad URL", llm.Config{Kind: llm.KindOllama, BaseURL: "ftp://x"}, nil, "must start with http:// or https://"},
		{"openai without URL", llm.Config{Kind: llm.KindOpenAI}, nil, "base URL is empty"},
		{"unknown kind", llm.Config{Kind: "anthropic"}, nil, `unknown provider kind "anthropic"`},
		{"empty kind", llm.Config{}, nil, `unknown provider kind ""`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(tc.cfg)
			if tc.wantErr != "" {
				if p != nil || !errors.Is(err, llm.ErrBadRequest) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("New = %v, %v; want bad request mentioning %q", p, err, tc.wantErr)
				}
				return
			}
			if err != nil || !tc.check(p) {
				t.Fatalf("New = %#v, %v", p, err)
			}
		})
	}
}

func TestValidateBaseURL(t *testing.T) {
	tests := []struct {
		kind    llm.Kind
		raw     string
		want    string
		wantErr string
	}{
		{llm.KindOllama, "", "http://127.0.0.1:11434", ""},
		{llm.KindOllama, "  http://192.168.1.5:11434/ ", "http://192.168.1.5:11434", ""},
		{llm.KindOllama, "localhost:11434", "", "must start with http:// or https://"},
		{llm.KindOpenAI, "https://api.deepseek.com/v1/", "https://api.deepseek.com/v1", ""},
		{llm.KindOpenAI, "", "", "base URL is empty"},
		{llm.KindOpenAI, "https://", "", "base URL has no host"},
		{llm.KindOpenAI, "http://h:x", "", "base URL is malformed"},
		{llm.KindExtractive, "anything", "", ""},
		{"nope", "http://x", "", "unknown provider kind"},
	}
	for _, tc := range tests {
		got, err := ValidateBaseURL(tc.kind, tc.raw)
		if tc.wantErr != "" {
			var e *llm.Error
			if !errors.As(err, &e) || !errors.Is(err, llm.ErrBadRequest) || !strings.Contains(e.Message, tc.wantErr) {
				t.Errorf("ValidateBaseURL(%q, %q) err = %v, want %q", tc.kind, tc.raw, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ValidateBaseURL(%q, %q) = %q, %v; want %q", tc.kind, tc.raw, got, err, tc.want)
		}
	}
}

// Every kind answers through the one interface.
func TestProvidersAnswer(t *testing.T) {
	srv := llmtest.New(t)
	cfgs := []llm.Config{
		{Kind: llm.KindOllama, BaseURL: srv.OllamaURL(), DefaultModel: "m", Timeout: 5 * time.Second},
		{Kind: llm.KindOpenAI, BaseURL: srv.OpenAIURL(), DefaultModel: "m", Timeout: 5 * time.Second},
		{Kind: llm.KindExtractive},
	}
	prompt := extractive.Render([]extractive.Block{{Rank: 1, ID: "c1", Text: "The notice period is thirty days."}}, "What is the notice period?")
	for _, cfg := range cfgs {
		p, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := p.Chat(context.Background(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: prompt}}}, nil)
		if err != nil || !strings.Contains(resp.Content, "notice period") {
			t.Errorf("%s: %q, %v", cfg.Kind, resp.Content, err)
		}
		if models, err := p.Models(context.Background()); err != nil || models == nil {
			t.Errorf("%s models: %v, %v", cfg.Kind, models, err)
		}
	}
}
