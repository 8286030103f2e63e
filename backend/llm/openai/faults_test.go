package openai

import (
	"context"
	"testing"
	"time"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
)

// target is this provider for the checks every provider passes.
var target = llmtest.Target[*Provider]{Kind: llm.KindOpenAI, New: New, URL: (*llmtest.Server).OpenAIURL}

// The fake server streams the role chunk, then "You ", "said: ", "a ", "b ",
// "c", then the finish and usage chunks and [DONE] for llmtest.EchoQuestion.
func TestChatFaults(t *testing.T) {
	target.RunFaults(t, []llmtest.FaultCase{
		{Name: "refused", URL: func(*llmtest.Server) string { return llmtest.RefusedURL(t) + "/v1" },
			Kind: llm.ErrUnreachable, Contains: "no server is answering at http://127.0.0.1:"},
		{Name: "server closed", URL: func(srv *llmtest.Server) string { srv.Close(); return srv.OpenAIURL() },
			Kind: llm.ErrUnreachable, Contains: "no server is answering"},
		{Name: "model not installed", Setup: func(srv *llmtest.Server) { srv.SetModels("llama3") }, Model: "ghost",
			Kind: llm.ErrModelNotFound, Contains: `model "ghost" is not available`, Status: 404},
		{Name: "unauthorized", Fault: llmtest.HTTPError(401, ""), Kind: llm.ErrUnauthorized, Contains: "wants an API key", Status: 401},
		{Name: "forbidden", Fault: llmtest.HTTPError(403, "no access"), Kind: llm.ErrUnauthorized, Status: 403},
		{Name: "rate limited", Fault: llmtest.HTTPError(429, "slow down"), Kind: llm.ErrRateLimited, Contains: "slow down", Status: 429},
		{Name: "bad request", Fault: llmtest.HTTPError(400, "invalid option num_ctx"), Kind: llm.ErrBadRequest, Contains: "invalid option num_ctx", Status: 400},
		{Name: "server error", Fault: llmtest.HTTPError(500, "llama runner process has terminated"), Kind: llm.ErrProvider,
			Contains: "llama runner process has terminated", Status: 500},
		{Name: "cut mid-stream", Fault: llmtest.CutAfter(3), Kind: llm.ErrStreamInterrupted,
			Contains: "connection broke", Partial: "You said: "},
		{Name: "ends without done", Fault: llmtest.NoDone(), Kind: llm.ErrStreamInterrupted,
			Contains: "without its [DONE] marker", Partial: "You said: a b c"},
		{Name: "malformed chunk", Fault: llmtest.MalformedAfter(2), Kind: llm.ErrBadResponse,
			Contains: "not valid JSON", Partial: "You "},
		{Name: "stalls", Fault: llmtest.StallAfter(2), Kind: llm.ErrTimeout,
			Contains: "sent nothing for 300ms", Partial: "You ", MaxDuration: 3 * time.Second},
		{Name: "hangs before headers", Fault: llmtest.Hang(), Kind: llm.ErrTimeout,
			Contains: "did not start answering within 500ms", MaxDuration: 3 * time.Second},
		{Name: "overall timeout", Delay: 150 * time.Millisecond, Edit: func(c *llm.Config) { c.Timeout = 375 * time.Millisecond },
			Kind: llm.ErrTimeout, Contains: "no complete reply within 375ms", Partial: "You ", MaxDuration: 3 * time.Second},
		{Name: "caller deadline", Delay: 150 * time.Millisecond,
			Ctx: func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(context.Background(), 375*time.Millisecond)
			},
			Kind: llm.ErrTimeout, Contains: "deadline passed", Partial: "You ", MaxDuration: 3 * time.Second},
		{Name: "caller cancels", Delay: 150 * time.Millisecond,
			Ctx: func() (context.Context, context.CancelFunc) {
				ctx, cancel := context.WithCancel(context.Background())
				time.AfterFunc(375*time.Millisecond, cancel)
				return ctx, cancel
			},
			Kind: llm.ErrCanceled, Contains: "canceled", Partial: "You ", MaxDuration: 3 * time.Second},
	})
}

func TestChatCallbackErrorStopsStream(t *testing.T) { target.CheckCallbackStop(t) }
