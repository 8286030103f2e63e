package llm

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
)

func TestFormatOrder(t *testing.T) {
	tests := []struct {
		f, g, atMost Format
		weaker       Format
		hasWeaker    bool
	}{
		{FormatSchema, FormatJSON, FormatJSON, FormatJSON, true},
		{FormatJSON, FormatSchema, FormatJSON, FormatProse, true},
		{FormatProse, FormatSchema, FormatProse, "", false},
		{"", FormatJSON, FormatJSON, "", false},
		{FormatJSON, "", FormatJSON, FormatProse, true},
	}
	for _, tc := range tests {
		if got := tc.f.AtMost(tc.g); got != tc.atMost {
			t.Errorf("%q.AtMost(%q) = %q, want %q", tc.f, tc.g, got, tc.atMost)
		}
		if got, ok := tc.f.Weaker(); got != tc.weaker || ok != tc.hasWeaker {
			t.Errorf("%q.Weaker() = %q, %v", tc.f, got, ok)
		}
	}
}

func TestShape(t *testing.T) {
	schema := []byte(`{"type":"object"}`)
	req := Request{Model: "m", JSON: true}
	if r := req.Shape(FormatSchema, schema); r.JSON || string(r.Schema) != string(schema) {
		t.Errorf("schema: %+v", r)
	}
	if r := req.Shape(FormatJSON, schema); !r.JSON || r.Schema != nil {
		t.Errorf("json: %+v", r)
	}
	if r := req.Shape(FormatProse, schema); r.JSON || r.Schema != nil {
		t.Errorf("prose: %+v", r)
	}
}

func TestRejectsFormat(t *testing.T) {
	call := Call{Provider: "p", BaseURL: "http://x", Model: "m"}
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"old Ollama reads format as a string", call.Status(http.StatusBadRequest, "json: cannot unmarshal object into Go struct field ChatRequest.format of type string"), true},
		{"llama.cpp without json_schema", call.Status(http.StatusBadRequest, `response_format type must be one of "text" or "json_object"`), true},
		{"validation error", call.Status(http.StatusUnprocessableEntity, `body.response_format.json_schema: field required`), true},
		{"wrapped", fmt.Errorf("chat: %w", call.Status(http.StatusBadRequest, "Invalid schema for response_format 'reply'")), true},
		{"another bad request", call.Status(http.StatusBadRequest, "maximum context length is 4096 tokens"), false},
		{"tools unsupported", call.Status(http.StatusBadRequest, "registry.ollama.ai/library/gemma does not support tools"), false},
		{"server error naming the format", call.Status(http.StatusInternalServerError, "failed to apply format"), false},
		{"not a provider error", errors.New("response_format rejected"), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := RejectsFormat(tc.err); got != tc.want {
				t.Errorf("RejectsFormat(%v) = %v, want %v", tc.err, got, tc.want)
			}
		})
	}
}
