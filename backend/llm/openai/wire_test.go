package openai

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	goopenai "github.com/sashabaranov/go-openai"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
)

func ptr[T any](v T) *T { return &v }

func TestToChatRequest(t *testing.T) {
	tests := []struct {
		name string
		req  llm.Request
		want string
	}{
		{
			"minimal",
			llm.Request{Model: "gpt-4o-mini", Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}},
			`{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"stream":true,"stream_options":{"include_usage":true}}`,
		},
		{
			"sampling, json, think ignored",
			llm.Request{Model: "m", Temperature: ptr(0.0), TopP: ptr(0.9), MaxTokens: 256, Seed: ptr(3), Stop: []string{"END"}, JSON: true, Think: ptr(true)},
			`{"model":"m","messages":[],"stream":true,"stream_options":{"include_usage":true},"temperature":1e-45,"top_p":0.9,
			  "max_tokens":256,"seed":3,"stop":["END"],"response_format":{"type":"json_object"}}`,
		},
		{
			"a schema wins over json and is sent strict",
			llm.Request{Model: "m", JSON: true, Schema: json.RawMessage(`{"type":"object","properties":{"rank":{"type":"integer","enum":[1,2]}}}`)},
			`{"model":"m","messages":[],"stream":true,"stream_options":{"include_usage":true},
			  "response_format":{"type":"json_schema","json_schema":{"name":"reply","strict":true,
			    "schema":{"type":"object","properties":{"rank":{"type":"integer","enum":[1,2]}}}}}}`,
		},
		{
			"reasoning series uses max_completion_tokens",
			llm.Request{Model: "o3-mini", MaxTokens: 100, Temperature: ptr(1.0)},
			`{"model":"o3-mini","messages":[],"stream":true,"stream_options":{"include_usage":true},"max_completion_tokens":100,"temperature":1}`,
		},
		{
			"tools and a tool round trip",
			llm.Request{
				Model: "m",
				Tools: []llm.Tool{{Name: "search", Description: "find", Parameters: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}}}`)}, {Name: "now"}},
				Messages: []llm.Message{
					{Role: llm.RoleAssistant, Reasoning: "not sent back", ToolCalls: []llm.ToolCall{{ID: "c1", Name: "search", Arguments: json.RawMessage(`{"q":"art 12"}`)}, {ID: "c2", Name: "now"}}},
					{Role: llm.RoleTool, Content: "Article 12 …", ToolCallID: "c1", Name: "search"},
				},
			},
			`{"model":"m","stream":true,"stream_options":{"include_usage":true},
			  "messages":[
			    {"role":"assistant","tool_calls":[
			      {"id":"c1","type":"function","function":{"name":"search","arguments":"{\"q\":\"art 12\"}"}},
			      {"id":"c2","type":"function","function":{"name":"now","arguments":"{}"}}]},
			    {"role":"tool","content":"Article 12 …","tool_call_id":"c1"}],
			  "tools":[
			    {"type":"function","function":{"name":"search","description":"find","parameters":{"type":"object","properties":{"q":{"type":"string"}}}}},
			    {"type":"function","function":{"name":"now","parameters":{"type":"object","properties":{}}}}]}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			llmtest.JSONEqual(t, tc.want, toChatRequest(tc.req))
		})
	}
}

func tc(index *int, id, name, args string) goopenai.ToolCall {
	return goopenai.ToolCall{Index: index, ID: id, Type: goopenai.ToolTypeFunction, Function: goopenai.FunctionCall{Name: name, Arguments: args}}
}

func TestToolAssembler(t *testing.T) {
	zero, one := ptr(0), ptr(1)
	call := func(id, name, args string) llm.ToolCall {
		return llm.ToolCall{ID: id, Name: name, Arguments: json.RawMessage(args)}
	}
	tests := []struct {
		name   string
		chunks [][]goopenai.ToolCall
		want   []llm.ToolCall
	}{
		{
			"one call, arguments in pieces",
			[][]goopenai.ToolCall{{tc(zero, "call_a", "search", "")}, {tc(zero, "", "", `{"q":`)}, {tc(zero, "", "", `"art 12"}`)}},
			[]llm.ToolCall{call("call_a", "search", `{"q":"art 12"}`)},
		},
		{
			"two calls interleaved",
			[][]goopenai.ToolCall{
				{tc(zero, "a", "f", ""), tc(one, "b", "g", "")},
				{tc(one, "", "", `{"y"`)}, {tc(zero, "", "", `{"x":1}`)}, {tc(one, "", "", `:2}`)},
			},
			[]llm.ToolCall{call("a", "f", `{"x":1}`), call("b", "g", `{"y":2}`)},
		},
		{
			"index order, not arrival order",
			[][]goopenai.ToolCall{{tc(one, "b", "g", `{}`)}, {tc(zero, "a", "f", `{}`)}},
			[]llm.ToolCall{call("a", "f", `{}`), call("b", "g", `{}`)},
		},
		{
			"no index: a new id starts a new call",
			[][]goopenai.ToolCall{{tc(nil, "a", "f", `{"x"`)}, {tc(nil, "", "", `:1}`)}, {tc(nil, "b", "g", "")}},
			[]llm.ToolCall{call("a", "f", `{"x":1}`), call("b", "g", `{}`)},
		},
		{
			"name repeated in every piece, no id",
			[][]goopenai.ToolCall{{tc(zero, "", "lookup", `{"n"`)}, {tc(zero, "", "lookup", `:12}`)}},
			[]llm.ToolCall{call("gen", "lookup", `{"n":12}`)},
		},
		{
			"arguments cut off are kept as a string",
			[][]goopenai.ToolCall{{tc(zero, "a", "f", `{"q":"المادة`)}},
			[]llm.ToolCall{call("a", "f", `"{\"q\":\"المادة"`)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a toolAssembler
			for _, c := range tt.chunks {
				a.add(c)
			}
			got := a.take(func() string { return "gen" })
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
			if again := a.take(func() string { return "gen" }); len(again) != 0 {
				t.Errorf("take did not forget: %v", again)
			}
		})
	}
}

func TestStreamStateApply(t *testing.T) {
	chunks := []string{
		`{"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}`,
		`{"model":"m","choices":[{"index":0,"delta":{"reasoning_content":"why "}}]}`,
		`{"model":"m","choices":[{"index":0,"delta":{"content":"<think>inl"}}]}`,
		`{"model":"m","choices":[{"index":0,"delta":{"content":"ine</think>Hi"}}]}`,
		`{"model":"m","choices":[{"index":1,"delta":{"content":"other choice ignored"}}]}`,
		`{"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"f","arguments":""}}]}}]}`,
		`{"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{}"}}]}}]}`,
		`{"model":"m-2025","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
		`{"model":"m-2025","choices":[],"usage":{"prompt_tokens":9,"completion_tokens":5,"total_tokens":14}}`,
	}
	var got []string
	st := llm.NewStream(time.Now(), func(d llm.Delta) error {
		if d.ToolCall != nil {
			got = append(got, "tool:"+d.ToolCall.Name)
			return nil
		}
		got = append(got, string(d.Kind)+":"+d.Text)
		return nil
	})
	s := streamState{newID: func() string { return "gen" }}
	for i, c := range chunks {
		var r goopenai.ChatCompletionStreamResponse
		if err := json.Unmarshal([]byte(c), &r); err != nil {
			t.Fatal(err)
		}
		if err := s.apply(st, r); err != nil {
			t.Fatal(err)
		}
		if i == 7 && got[len(got)-1] != "tool:f" {
			t.Errorf("tool call not delivered at finish_reason tool_calls: %q", got)
		}
	}
	s.observe([]byte("data: [DONE]\r"))
	resp, err := s.finish(st, llm.Call{Model: "m"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"reasoning:why ", "reasoning:inl", "reasoning:ine", "content:Hi", "tool:f"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("deltas (-want +got):\n%s", diff)
	}
	if resp.Model != "m-2025" || resp.FinishReason != "tool_calls" || resp.Usage != (llm.Usage{PromptTokens: 9, CompletionTokens: 5}) ||
		resp.Content != "Hi" || resp.Reasoning != "why inline" || len(resp.ToolCalls) != 1 {
		t.Errorf("response = %+v", resp)
	}
}

func TestObserveDone(t *testing.T) {
	for line, want := range map[string]bool{
		"data: [DONE]": true, "data:[DONE]": true, "  data: [DONE]  \r": true,
		`data: {"x":"[DONE]"}`: false, "[DONE]": false, "": false,
	} {
		var s streamState
		s.observe([]byte(line))
		if s.Done != want {
			t.Errorf("observe(%q) done = %v", line, s.Done)
		}
	}
}

func TestClassify(t *testing.T) {
	call := llm.Call{Provider: "openai", BaseURL: "http://h/v1", Model: "gpt-x", Unreachable: "no server is answering at http://h/v1",
		ModelMissing: `model "gpt-x" is not available at http://h/v1`}
	refused := &net.OpError{Op: "dial", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	tests := []struct {
		name     string
		err      error
		haveKey  bool
		kind     error
		status   int
		contains string
	}{
		{"bad key", &goopenai.APIError{HTTPStatusCode: 401, Message: "Incorrect API key provided"}, true, llm.ErrUnauthorized, 401, "Incorrect API key"},
		{"no key", &goopenai.APIError{HTTPStatusCode: 401, Message: "Missing bearer"}, false, llm.ErrUnauthorized, 401, "wants an API key and none is set"},
		{"model missing", &goopenai.APIError{HTTPStatusCode: 404, Message: "The model `gpt-x` does not exist"}, true, llm.ErrModelNotFound, 404, `"gpt-x" is not available`},
		{"rate limited", &goopenai.APIError{HTTPStatusCode: 429, Message: "Rate limit reached"}, true, llm.ErrRateLimited, 429, "Rate limit reached"},
		{"bad request", &goopenai.APIError{HTTPStatusCode: 400, Message: "max_tokens is too large"}, true, llm.ErrBadRequest, 400, "max_tokens is too large"},
		{"server error", &goopenai.APIError{HTTPStatusCode: 502, Message: "upstream"}, true, llm.ErrProvider, 502, "upstream"},
		{"error body not OpenAI's shape", &goopenai.RequestError{HTTPStatusCode: 503, Body: []byte("Service Unavailable")}, true, llm.ErrProvider, 503, "Service Unavailable"},
		{"error inside the stream", errors.Join(errors.New("error,"), &goopenai.APIError{Message: "context length exceeded"}), true, llm.ErrProvider, 0, "context length exceeded"},
		{"refused before sending", goopenai.ErrReasoningModelLimitationsOther, true, llm.ErrBadRequest, 0, "temperature, top_p and n are fixed"},
		{"empty events", goopenai.ErrTooManyEmptyStreamMessages, true, llm.ErrBadResponse, 0, "empty events"},
		{"malformed chunk", json.Unmarshal([]byte(`{"id":`), new(any)), true, llm.ErrBadResponse, 0, "not valid JSON"},
		{"cut", io.ErrUnexpectedEOF, true, llm.ErrStreamInterrupted, 0, "connection broke"},
		{"refused", refused, true, llm.ErrUnreachable, 0, "no server is answering at http://h/v1: connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := classify(context.Background(), call, tt.err, tt.haveKey)
			if !errors.Is(e, tt.kind) || e.Status != tt.status || !strings.Contains(e.Error(), tt.contains) {
				t.Errorf("got %v (kind %v, status %d), want %v/%d mentioning %q", e, e.Kind, e.Status, tt.kind, tt.status, tt.contains)
			}
		})
	}
}

func TestToModels(t *testing.T) {
	list := goopenai.ModelsList{Models: []goopenai.Model{{ID: "gpt-4o", CreatedAt: 1735787045}, {ID: "local"}}}
	want := []llm.Model{{Name: "gpt-4o", ModifiedAt: time.Unix(1735787045, 0).UTC()}, {Name: "local"}}
	if diff := cmp.Diff(want, toModels(list)); diff != "" {
		t.Errorf("models (-want +got):\n%s", diff)
	}
}
