package llmtest

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"lexflow/backend/llm"
)

// Target is a provider under test, for the checks every provider must pass
// against this server (RunStreams, RunFaults, CheckCallbackStop). Each
// provider's tests keep their own tables of what to expect: wording differs
// from protocol to protocol.
type Target[P llm.Provider] struct {
	// Kind is the provider's kind; its errors name it as their Provider.
	Kind llm.Kind
	// New is the provider's constructor, e.g. ollama.New.
	New func(llm.Config) (P, error)
	// URL is the server's base URL in the provider's protocol, e.g.
	// (*Server).OllamaURL.
	URL func(*Server) string
	// Prepare, when set, adjusts every provider Provider builds, e.g. to make
	// generated tool-call ids predictable.
	Prepare func(P)
}

// Provider builds a provider for baseURL with short bounds that keep fault
// tests fast (connect 500ms, idle 300ms, a whole call 5s), changed by edit.
func (tg Target[P]) Provider(t testing.TB, baseURL string, edit ...func(*llm.Config)) P {
	t.Helper()
	cfg := llm.Config{
		Kind: tg.Kind, BaseURL: baseURL,
		ConnectTimeout: 500 * time.Millisecond, IdleTimeout: 300 * time.Millisecond, Timeout: 5 * time.Second,
	}
	for _, e := range edit {
		e(&cfg)
	}
	p, err := tg.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if tg.Prepare != nil {
		tg.Prepare(p)
	}
	return p
}

// StreamCase is a scripted reply and the deltas a provider must turn it into.
type StreamCase struct {
	Name   string
	Reply  Reply
	Want   []llm.Delta // merged by kind, as Chat returns them
	Finish string      // the response's finish reason
}

// RunStreams scripts each case's reply for model "m" and checks the deltas,
// the response assembled from them, its model, finish reason, usage and
// timings.
func (tg Target[P]) RunStreams(t *testing.T, cases []StreamCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			srv := New(t)
			srv.Script("m", tc.Reply)
			got, resp, err := Chat(t, context.Background(), tg.Provider(t, tg.URL(srv)), Ask("m", "question"))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.Want, got); diff != "" {
				t.Errorf("deltas (-want +got):\n%s", diff)
			}
			ignore := cmpopts.IgnoreFields(llm.Response{}, "Model", "Usage", "FinishReason", "FirstToken", "Latency")
			if diff := cmp.Diff(llm.Accumulate(tc.Want), resp, ignore); diff != "" {
				t.Errorf("response (-want +got):\n%s", diff)
			}
			if resp.Model != "m" || resp.FinishReason != tc.Finish || resp.Usage.Total() == 0 {
				t.Errorf("model %q, finish %q, usage %+v", resp.Model, resp.FinishReason, resp.Usage)
			}
			if resp.FirstToken <= 0 || resp.Latency < resp.FirstToken {
				t.Errorf("timings: first token %v, latency %v", resp.FirstToken, resp.Latency)
			}
		})
	}
}

// CheckCallbackStop checks that an error from the DeltaFunc stops the stream
// and comes back as is, with what was streamed before it.
func (tg Target[P]) CheckCallbackStop(t *testing.T) {
	t.Helper()
	srv := New(t)
	p := tg.Provider(t, tg.URL(srv))
	stop := errors.New("enough")
	n := 0
	resp, err := p.Chat(context.Background(), Ask("m", EchoQuestion), func(llm.Delta) error {
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

// Chat runs one call and returns the deltas merged by kind, so that results
// compare whatever the chunking.
func Chat(t testing.TB, ctx context.Context, p llm.Provider, req llm.Request) ([]llm.Delta, llm.Response, error) {
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

// Ask is a request to model with one user message.
func Ask(model, text string) llm.Request {
	return llm.Request{Model: model, Messages: []llm.Message{{Role: llm.RoleUser, Content: text}}}
}

// ContentDelta is a streamed span of content.
func ContentDelta(s string) llm.Delta { return llm.Delta{Kind: llm.DeltaContent, Text: s} }

// ReasoningDelta is a streamed span of reasoning.
func ReasoningDelta(s string) llm.Delta { return llm.Delta{Kind: llm.DeltaReasoning, Text: s} }

// ToolDelta is a streamed whole tool call; args is its JSON arguments.
func ToolDelta(id, name, args string) llm.Delta {
	return llm.Delta{Kind: llm.DeltaToolCall, ToolCall: &llm.ToolCall{ID: id, Name: name, Arguments: json.RawMessage(args)}}
}

// JSONEqual checks that got marshals to the same JSON value as the text want.
func JSONEqual(t testing.TB, want string, got any) {
	t.Helper()
	raw, err := json.Marshal(got)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	var w, g any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want JSON: %v", err)
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatalf("unmarshal %s: %v", raw, err)
	}
	if diff := cmp.Diff(w, g); diff != "" {
		t.Errorf("JSON (-want +got):\n%s\ngot: %s", diff, raw)
	}
}
