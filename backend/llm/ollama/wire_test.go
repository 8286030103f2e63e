package ollama

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/ollama/ollama/api"

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
			llm.Request{Model: "llama3", Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}},
			`{"model":"llama3","messages":[{"role":"user","content":"hi"}],"stream":true,"options":null}`,
		},
		{
			"options think json",
			llm.Request{
				Model: "qwen3", Messages: []llm.Message{{Role: llm.RoleSystem, Content: "s"}},
				Temperature: ptr(0.0), TopP: ptr(0.9), MaxTokens: 128, Seed: ptr(7), Stop: []string{"\n\n"},
				Think: ptr(true), JSON: true,
			},
			`{"model":"qwen3","messages":[{"role":"system","content":"s"}],"stream":true,"format":"json","think":true,
			  "options":{"temperature":0,"top_p":0.9,"num_predict":128,"seed":7,"stop":["\n\n"]}}`,
		},
		{
			"a schema wins over json",
			llm.Request{Model: "m", JSON: true, Schema: json.RawMessage(`{"type":"object","properties":{"rank":{"type":"integer","enum":[1,2]}}}`)},
			`{"model":"m","messages":[],"stream":true,"options":null,
			  "format":{"type":"object","properties":{"rank":{"type":"integer","enum":[1,2]}}}}`,
		},
		{
			"think off",
			llm.Request{Model: "m", Think: ptr(false)},
			`{"model":"m","messages":[],"stream":true,"think":false,"options":null}`,
		},
		{
			"tools and a tool round trip",
			llm.Request{
				Model: "m",
				Tools: []llm.Tool{
					{Name: "search", Description: "find articles", Parameters: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string","description":"query"}},"required":["q"]}`)},
					{Name: "now"},
				},
				Messages: []llm.Message{
					{Role: llm.RoleAssistant, Content: "", Reasoning: "need search", ToolCalls: []llm.ToolCall{{ID: "c1", Name: "search", Arguments: json.RawMessage(`{"q":"art 12","k":2}`)}}},
					{Role: llm.RoleTool, Content: "Article 12: …", ToolCallID: "c1", Name: "search"},
				},
			},
			`{"model":"m","stream":true,"options":null,
			  "messages":[
			    {"role":"assistant","content":"","thinking":"need search","tool_calls":[{"id":"c1","function":{"index":0,"name":"search","arguments":{"q":"art 12","k":2}}}]},
			    {"role":"tool","content":"Article 12: …","tool_name":"search","tool_call_id":"c1"}],
			  "tools":[
			    {"type":"function","function":{"name":"search","description":"find articles","parameters":{"type":"object","required":["q"],"properties":{"q":{"type":"string","description":"query"}}}}},
			    {"type":"function","function":{"name":"now","parameters":{"type":"object","properties":{}}}}]}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := toChatRequest(tc.req)
			if err != nil {
				t.Fatal(err)
			}
			llmtest.JSONEqual(t, tc.want, got)
		})
	}
}

func TestToChatRequestErrors(t *testing.T) {
	tests := []struct {
		name string
		req  llm.Request
		want string
	}{
		{"args not an object", llm.Request{Messages: []llm.Message{{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{Name: "x", Arguments: json.RawMessage(`"cut {"`)}}}}}, `send tool call "x"`},
		{"params not an object", llm.Request{Tools: []llm.Tool{{Name: "y", Parameters: json.RawMessage(`[1]`)}}}, `send tool "y"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := toChatRequest(tc.req)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestToToolCalls(t *testing.T) {
	var withArgs api.ToolCall
	if err := json.Unmarshal([]byte(`{"function":{"name":"search","arguments":{"z":1,"a":"المادة"}}}`), &withArgs); err != nil {
		t.Fatal(err)
	}
	given := api.ToolCall{ID: "call_given", Function: api.ToolCallFunction{Name: "now"}}
	n := 0
	newID := func() string { n++; return "gen" + string(rune('0'+n)) }
	got := toToolCalls([]api.ToolCall{withArgs, given}, newID)
	want := []llm.ToolCall{
		{ID: "gen1", Name: "search", Arguments: json.RawMessage(`{"z":1,"a":"المادة"}`)},
		{ID: "call_given", Name: "now", Arguments: json.RawMessage(`{}`)},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
}

func TestToModels(t *testing.T) {
	at := time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)
	list := &api.ListResponse{Models: []api.ListModelResponse{{
		Name: "llama3:8b", Size: 42, ModifiedAt: at,
		Details: api.ModelDetails{Family: "llama", ParameterSize: "8B", QuantizationLevel: "Q4_K_M"},
	}}}
	want := []llm.Model{{Name: "llama3:8b", Size: 42, Family: "llama", ParameterSize: "8B", Quantization: "Q4_K_M", ModifiedAt: at}}
	if diff := cmp.Diff(want, toModels(list)); diff != "" {
		t.Errorf("models (-want +got):\n%s", diff)
	}
	if got := toModels(nil); got == nil || len(got) != 0 {
		t.Errorf("toModels(nil) = %#v, want empty", got)
	}
}

func TestChatEndApply(t *testing.T) {
	chunks := []string{
		`{"model":"m","message":{"role":"assistant","content":"","thinking":"plan "},"done":false}`,
		`{"model":"m","message":{"role":"assistant","content":"<thi"},"done":false}`,
		`{"model":"m","message":{"role":"assistant","content":"nk>inline</think>Hi"},"done":false}`,
		`{"model":"m","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":{}}}]},"done":false}`,
		`{"model":"m:latest","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":11,"eval_count":4}`,
	}
	var got []llm.Delta
	st := llm.NewStream(time.Now(), func(d llm.Delta) error { got = append(got, d); return nil })
	var end chatEnd
	for _, c := range chunks {
		var r api.ChatResponse
		if err := json.Unmarshal([]byte(c), &r); err != nil {
			t.Fatal(err)
		}
		if err := end.apply(st, r, func() string { return "id1" }); err != nil {
			t.Fatal(err)
		}
	}
	resp, err := st.Finish(llm.Call{Model: "m"}, end.End, nil)
	if err != nil {
		t.Fatal(err)
	}
	call := llm.ToolCall{ID: "id1", Name: "f", Arguments: json.RawMessage(`{}`)}
	want := []llm.Delta{
		{Kind: llm.DeltaReasoning, Text: "plan "}, {Kind: llm.DeltaReasoning, Text: "inline"},
		{Kind: llm.DeltaContent, Text: "Hi"}, {Kind: llm.DeltaToolCall, ToolCall: &call},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("deltas (-want +got):\n%s", diff)
	}
	resp.FirstToken, resp.Latency = 0, 0
	wantResp := llm.Response{Model: "m:latest", Content: "Hi", Reasoning: "plan inline", ToolCalls: []llm.ToolCall{call},
		Usage: llm.Usage{PromptTokens: 11, CompletionTokens: 4}, FinishReason: "stop"}
	if diff := cmp.Diff(wantResp, resp); diff != "" {
		t.Errorf("response (-want +got):\n%s", diff)
	}
}

func TestClassify(t *testing.T) {
	call := llm.Call{
		Provider: "ollama", BaseURL: "http://127.0.0.1:11434", Model: "llama3",
		Unreachable:  "Ollama is not running at http://127.0.0.1:11434",
		ModelMissing: `model "llama3" is not installed in Ollama; run "ollama pull llama3"`,
	}
	refused := &net.OpError{Op: "dial", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	tests := []struct {
		name     string
		err      error
		bad      []byte
		kind     error
		contains string
	}{
		{"missing model", api.StatusError{StatusCode: 404, ErrorMessage: `model "llama3" not found, try pulling it first`}, nil, llm.ErrModelNotFound, `run "ollama pull llama3"`},
		{"404 from something else", api.StatusError{StatusCode: 404, ErrorMessage: "404 page not found"}, []byte("404 page not found"), llm.ErrBadRequest, "check the base URL"},
		{"unauthorized", api.AuthorizationError{StatusCode: 401}, nil, llm.ErrUnauthorized, "bad API key"},
		{"server error", api.StatusError{StatusCode: 500, ErrorMessage: "llama runner process has terminated"}, nil, llm.ErrProvider, "llama runner process has terminated"},
		{"malformed line", errors.New(`{"model":`), []byte(`{"model":`), llm.ErrBadResponse, "not JSON"},
		{"error inside the stream", errors.New("an error was encountered while running the model"), nil, llm.ErrProvider, "while running the model"},
		{"model vanished inside the stream", errors.New(`model "llama3" not found`), nil, llm.ErrModelNotFound, "ollama pull"},
		{"refused", refused, nil, llm.ErrUnreachable, "Ollama is not running at http://127.0.0.1:11434: connection refused"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := classify(context.Background(), call, tc.err, tc.bad)
			if !errors.Is(e, tc.kind) || !strings.Contains(e.Error(), tc.contains) {
				t.Errorf("got %v (kind %v), want %v mentioning %q", e, e.Kind, tc.kind, tc.contains)
			}
		})
	}
}

func TestLineCheck(t *testing.T) {
	tests := []struct {
		lines []string
		want  string
	}{
		{[]string{`{"a":1}`, "", "  ", `{"done":true}`}, ""},
		{[]string{`{"a":1}`, `{"a":`, `nope`}, `{"a":`},
		{[]string{`42`}, `42`},
	}
	for _, tc := range tests {
		var l lineCheck
		for _, line := range tc.lines {
			l.observe([]byte(line))
		}
		if string(l.bad) != tc.want {
			t.Errorf("lines %q: bad = %q, want %q", tc.lines, l.bad, tc.want)
		}
	}
}
