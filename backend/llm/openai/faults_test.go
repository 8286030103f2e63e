package openai

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
)

// echoQuestion makes the fake server stream the role chunk, then "You ",
// "said: ", "a ", "b ", "c", then the finish and usage chunks and [DONE].
const echoQuestion = "a b c"

func TestChatFaults(t *testing.T) {
	tests := []struct {
		name        string
		setup       func(srv *llmtest.Server) // script the server
		url         func(srv *llmtest.Server) string
		model       string
		edit        func(*llm.Config)
		ctx         func() (context.Context, context.CancelFunc)
		kind        error
		contains    string
		status      int
		partial     string
		maxDuration time.Duration
	}{
		{name: "refused", url: func(*llmtest.Server) string { return llmtest.RefusedURL(t) + "/v1" },
			kind: llm.ErrUnreachable, contains: "no server is answering at http://127.0.0.1:"},
		{name: "server closed", url: func(srv *llmtest.Server) string { srv.Close(); return srv.OpenAIURL() },
			kind: llm.ErrUnreachable, contains: "no server is answering"},
		{name: "model not installed", setup: func(srv *llmtest.Server) { srv.SetModels("llama3") }, model: "ghost",
			kind: llm.ErrModelNotFound, contains: `model "ghost" is not available`, status: 404},
		{name: "unauthorized", setup: fail(llmtest.HTTPError(401, "")), kind: llm.ErrUnauthorized, contains: "wants an API key", status: 401},
		{name: "forbidden", setup: fail(llmtest.HTTPError(403, "no access")), kind: llm.ErrUnauthorized, status: 403},
		{name: "rate limited", setup: fail(llmtest.HTTPError(429, "slow down")), kind: llm.ErrRateLimited, contains: "slow down", status: 429},
		{name: "bad request", setup: fail(llmtest.HTTPError(400, "invalid option num_ctx")), kind: llm.ErrBadRequest, contains: "invalid option num_ctx", status: 400},
		{name: "server error", setup: fail(llmtest.HTTPError(500, "llama runner process has terminated")), kind: llm.ErrProvider,
			contains: "llama runner process has terminated", status: 500},
		{name: "cut mid-stream", setup: fail(llmtest.CutAfter(3)), kind: llm.ErrStreamInterrupted,
			contains: "connection broke", partial: "You said: "},
		{name: "ends without done", setup: fail(llmtest.NoDone()), kind: llm.ErrStreamInterrupted,
			contains: "without its [DONE] marker", partial: "You said: a b c"},
		{name: "malformed chunk", setup: fail(llmtest.MalformedAfter(2)), kind: llm.ErrBadResponse,
			contains: "not valid JSON", partial: "You "},
		{name: "stalls", setup: fail(llmtest.StallAfter(2)), kind: llm.ErrTimeout,
			contains: "sent nothing for 300ms", partial: "You ", maxDuration: 3 * time.Second},
		{name: "hangs before headers", setup: fail(llmtest.Hang()), kind: llm.ErrTimeout,
			contains: "did not start answering within 500ms", maxDuration: 3 * time.Second},
		{name: "overall timeout", setup: slow(150 * time.Millisecond), edit: func(c *llm.Config) { c.Timeout = 375 * time.Millisecond },
			kind: llm.ErrTimeout, contains: "no complete reply within 375ms", partial: "You ", maxDuration: 3 * time.Second},
		{name: "caller deadline", setup: slow(150 * time.Millisecond),
			ctx: func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(context.Background(), 375*time.Millisecond)
			},
			kind: llm.ErrTimeout, contains: "deadline passed", partial: "You ", maxDuration: 3 * time.Second},
		{name: "caller cancels", setup: slow(150 * time.Millisecond),
			ctx: func() (context.Context, context.CancelFunc) {
				ctx, cancel := context.WithCancel(context.Background())
				time.AfterFunc(375*time.Millisecond, cancel)
				return ctx, cancel
			},
			kind: llm.ErrCanceled, contains: "canceled", partial: "You ", maxDuration: 3 * time.Second},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			if tc.setup != nil {
				tc.setup(srv)
			}
			url := srv.OpenAIURL()
			if tc.url != nil {
				url = tc.url(srv)
			}
			ctx, cancel := context.WithCancel(context.Background())
			if tc.ctx != nil {
				ctx, cancel = tc.ctx()
			}
			defer cancel()
			p := newProvider(t, url, func(c *llm.Config) {
				if tc.edit != nil {
					tc.edit(c)
				}
			})
			start := time.Now()
			_, resp, err := chat(t, ctx, p, ask(cmpOr(tc.model, "m"), echoQuestion))
			t.Logf("error: %v", err)
			assertKind(t, err, tc.kind, tc.contains, tc.status)
			if resp.Content != tc.partial {
				t.Errorf("partial content = %q, want %q", resp.Content, tc.partial)
			}
			if tc.maxDuration > 0 && time.Since(start) > tc.maxDuration {
				t.Errorf("took %v", time.Since(start))
			}
		})
	}
}

func TestChatCallbackErrorStopsStream(t *testing.T) {
	srv := llmtest.New(t)
	p := newProvider(t, srv.OpenAIURL())
	stop := errors.New("enough")
	n := 0
	resp, err := p.Chat(context.Background(), ask("m", echoQuestion), func(llm.Delta) error {
		n++
		if n == 2 {
			return stop
		}
		return nil
	})
	if err != stop {
		t.Fatalf("err = %v, want the callback's own error", err)
	}
	if resp.Content != "You said: " || n != 2 {
		t.Errorf("content %q after %d deltas", resp.Content, n)
	}
}

func assertKind(t *testing.T, err, kind error, contains string, status int) {
	t.Helper()
	var e *llm.Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v (%T), want *llm.Error", err, err)
	}
	if !errors.Is(err, kind) {
		t.Fatalf("kind = %v, want %v: %v", e.Kind, kind, err)
	}
	if !strings.Contains(err.Error(), contains) {
		t.Errorf("error %q does not mention %q", err, contains)
	}
	if e.Status != status {
		t.Errorf("status = %d, want %d", e.Status, status)
	}
	if e.Provider != "openai" {
		t.Errorf("provider = %q", e.Provider)
	}
}

func fail(f llmtest.Fault) func(*llmtest.Server) {
	return func(srv *llmtest.Server) { srv.Respond("", llmtest.Echoing(0, f)) }
}

func slow(d time.Duration) func(*llmtest.Server) {
	return func(srv *llmtest.Server) { srv.Respond("", llmtest.Echoing(d, llmtest.Fault{})) }
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
