package llm

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestStreamOrderAndAccumulation(t *testing.T) {
	var got []Delta
	s := NewStream(time.Now(), func(d Delta) error {
		got = append(got, d)
		return nil
	})
	call := ToolCall{ID: "c1", Name: "search", Arguments: json.RawMessage(`{"q":"x"}`)}
	steps := []func() error{
		func() error { return s.Reasoning("server reasoning") },
		func() error { return s.Content("Hi <thi") },
		// separated reasoning ends any half-seen tag, keeping arrival order
		func() error { return s.Reasoning("more") },
		func() error { return s.Content("<think>inline</think>Answer") },
		func() error { return s.ToolCall(call) },
		func() error { return s.Content("tail") },
		s.Flush,
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	want := []Delta{
		reasoning("server reasoning"), content("Hi "), content("<thi"), reasoning("more"),
		reasoning("inline"), content("Answer"), {Kind: DeltaToolCall, ToolCall: &call}, content("tail"),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("deltas (-want +got):\n%s", diff)
	}
	resp := s.Response()
	if resp.FirstToken <= 0 || resp.Latency < resp.FirstToken {
		t.Errorf("timings: first token %v, latency %v", resp.FirstToken, resp.Latency)
	}
	resp.FirstToken, resp.Latency = 0, 0
	wantResp := Response{Content: "Hi <thiAnswertail", Reasoning: "server reasoningmoreinline", ToolCalls: []ToolCall{call}}
	if diff := cmp.Diff(wantResp, resp); diff != "" {
		t.Errorf("response (-want +got):\n%s", diff)
	}
}

func TestStreamStopsOnCallbackErrorButKeepsEverything(t *testing.T) {
	stop := errors.New("stop")
	calls := 0
	s := NewStream(time.Now(), func(Delta) error {
		calls++
		if calls == 2 {
			return stop
		}
		return nil
	})
	_ = s.Content("one ")
	if err := s.Reasoning("two"); !errors.Is(err, stop) {
		t.Fatalf("Reasoning err = %v, want stop", err)
	}
	if err := s.Content("three"); !errors.Is(err, stop) {
		t.Fatalf("Content after stop err = %v, want stop", err)
	}
	if calls != 2 {
		t.Errorf("callback called %d times after stop, want 2", calls)
	}
	if !errors.Is(s.Stopped(), stop) {
		t.Errorf("Stopped() = %v", s.Stopped())
	}
	if got := s.Response(); got.Content != "one three" || got.Reasoning != "two" {
		t.Errorf("response lost pieces: %+v", got)
	}
}

func TestStreamNilCallbackAndNoDeltas(t *testing.T) {
	s := NewStream(time.Now(), nil)
	if err := s.Content("x"); err != nil {
		t.Fatal(err)
	}
	if err := s.Reasoning(""); err != nil {
		t.Fatal(err)
	}
	if got := s.Response().Content; got != "x" {
		t.Errorf("content = %q", got)
	}
	if got := NewStream(time.Now(), nil).Response().FirstToken; got != 0 {
		t.Errorf("first token without deltas = %v, want 0", got)
	}
}

func TestRawArgs(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `{}`},
		{`{"a":1}`, `{"a":1}`},
		{`{"a":`, `"{\"a\":"`},
		{`not json`, `"not json"`},
		{`{"q":"المادة ١٢ 📜"}`, `{"q":"المادة ١٢ 📜"}`},
	}
	for _, tc := range tests {
		got := RawArgs(tc.in)
		if string(got) != tc.want || !json.Valid(got) {
			t.Errorf("RawArgs(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestStreamFinish(t *testing.T) {
	stop, broke := errors.New("stop"), errors.New("connection broke")
	call := Call{Provider: "p", Model: "asked"}
	tests := []struct {
		name      string
		stopAt    int // the delta the callback refuses, 0 for none
		end       End
		err       error
		wantErr   error
		wantModel string
	}{
		{"done", 0, End{Model: "answered", Done: true}, nil, nil, "answered"},
		{"model kept when the server names none", 0, End{Done: true}, nil, nil, "asked"},
		{"no end marker", 0, End{Unfinished: "no end marker"}, nil, ErrStreamInterrupted, "asked"},
		{"transport error before the missing marker", 0, End{}, broke, broke, "asked"},
		{"caller's error first", 1, End{}, broke, stop, "asked"},
		{"caller's error even when done", 1, End{Done: true}, nil, stop, "asked"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := 0
			s := NewStream(time.Now(), func(Delta) error {
				if n++; n == tc.stopAt {
					return stop
				}
				return nil
			})
			_ = s.Content("held <thi") // "<thi" is held back until Finish flushes it
			tc.end.Usage, tc.end.FinishReason = Usage{PromptTokens: 2, CompletionTokens: 3}, "length"
			resp, err := s.Finish(call, tc.end, tc.err)
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil && err != nil) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			var e *Error
			if errors.As(err, &e) && (e.Message != "no end marker" || e.Provider != "p") {
				t.Errorf("error = %+v", e)
			}
			want := Response{Model: tc.wantModel, Content: "held <thi", Usage: Usage{PromptTokens: 2, CompletionTokens: 3}, FinishReason: "length"}
			resp.FirstToken, resp.Latency = 0, 0
			if diff := cmp.Diff(want, resp); diff != "" {
				t.Errorf("response (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNewCallID(t *testing.T) {
	if id := NewCallID(); !strings.HasPrefix(id, "call_") || len(id) != 17 || id == NewCallID() {
		t.Errorf("NewCallID = %q", id)
	}
}
