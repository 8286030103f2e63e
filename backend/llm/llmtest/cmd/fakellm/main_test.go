package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/ollama"
	"lexflow/backend/llm/openai"
)

// start runs the command and returns the URL it printed.
func start(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, args, pw)
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	})
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "FAKE_LLM_URL=")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("printed %q", line)
	}
	return url
}

func TestDemoModelsThroughBothProviders(t *testing.T) {
	url := start(t, "--delay", "1ms", "--api-key", "sk-e2e")
	o, err := ollama.New(llm.Config{BaseURL: url, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	oa, err := openai.New(llm.Config{BaseURL: url + "/v1", APIKey: "sk-e2e", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ask := func(model string) llm.Request {
		return llm.Request{Model: model, Messages: []llm.Message{{Role: llm.RoleUser, Content: "hello"}}}
	}
	for _, p := range []llm.Provider{o, oa} {
		deltas := 0
		resp, err := p.Chat(context.Background(), ask("fake-chat"), func(llm.Delta) error { deltas++; return nil })
		if err != nil || resp.Content != "You said: hello" || deltas < 2 {
			t.Errorf("fake-chat: %q after %d deltas, %v", resp.Content, deltas, err)
		}
		resp, err = p.Chat(context.Background(), ask("fake-reasoner"), nil)
		if err != nil || resp.Reasoning == "" || resp.Content != "You said: hello" {
			t.Errorf("fake-reasoner: %+v, %v", resp, err)
		}
		resp, err = p.Chat(context.Background(), ask("fake-tools"), nil)
		if err != nil || len(resp.ToolCalls) != 1 || string(resp.ToolCalls[0].Arguments) != `{"query":"hello"}` {
			t.Errorf("fake-tools: %+v, %v", resp, err)
		}
		cite := llm.Request{Model: "fake-cite", Messages: []llm.Message{{Role: llm.RoleUser,
			Content: "[1] id=c1 | Act, Article 12\nNotice is thirty days. Other text.\n\nQuestion: How long is notice?"}}}
		resp, err = p.Chat(context.Background(), cite, nil)
		want := `{"answer":"Notice is thirty days [1].","citations":[{"node_id":"c1","quote":"Notice is thirty days.","rank":1}]}`
		if err != nil || resp.Content != want || resp.Reasoning == "" {
			t.Errorf("fake-cite: %+v, %v", resp, err)
		}
		models, err := p.Models(context.Background())
		if err != nil || len(models) != len(llmtest.DemoModels) {
			t.Errorf("models: %v, %v", models, err)
		}
	}
	wrong, _ := openai.New(llm.Config{BaseURL: url + "/v1", APIKey: "nope"})
	if _, err := wrong.Chat(context.Background(), ask("fake-chat"), nil); !errors.Is(err, llm.ErrUnauthorized) {
		t.Errorf("wrong key: %v", err)
	}
}

func TestBadFlags(t *testing.T) {
	if err := run(context.Background(), []string{"--nope"}, io.Discard); err == nil {
		t.Error("unknown flag accepted")
	}
	if err := run(context.Background(), []string{"--addr", "256.0.0.1:0"}, io.Discard); err == nil {
		t.Error("bad address accepted")
	}
	if err := run(context.Background(), []string{"--refuse-formats", "schema,yaml"}, io.Discard); err == nil {
		t.Error("unknown format accepted")
	}
}

func TestRefuseFormats(t *testing.T) {
	url := start(t, "--delay", "1ms", "--refuse-formats", "schema")
	p, err := ollama.New(llm.Config{BaseURL: url, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	req := llm.Request{Model: "fake-chat", Messages: []llm.Message{{Role: llm.RoleUser, Content: "hello"}}}
	if _, err := p.Chat(context.Background(), req.Shape(llm.FormatSchema, []byte(`{"type":"object"}`)), nil); !llm.RejectsFormat(err) {
		t.Errorf("schema: %v", err)
	}
	resp, err := p.Chat(context.Background(), req.Shape(llm.FormatJSON, nil), nil)
	if err != nil || resp.Content != `{"answer":"You said: hello","citations":[]}` {
		t.Errorf("json: %q, %v", resp.Content, err)
	}
}
