package llmtest

import (
	"encoding/json"
	"net/http"
	"strings"

	"lexflow/backend/llm"
)

// Protocol names the wire protocol an endpoint belongs to.
type Protocol string

const (
	ProtocolOllama Protocol = "ollama"
	ProtocolOpenAI Protocol = "openai"
)

// Request is one request the server received, decoded so tests can assert
// what a client sent.
type Request struct {
	Protocol Protocol
	Method   string
	Path     string // the endpoint, e.g. /api/chat or /v1/chat/completions
	Header   http.Header
	Raw      []byte         // the body as received
	Body     map[string]any // the body decoded as a JSON object, nil if it is not one
	Model    string
	Stream   bool // the stream the client asked for, with each protocol's default
	JSON     bool // a JSON reply was asked for: Ollama format, OpenAI response_format
	// Format is the reply format asked for: schema, json or prose (none).
	Format llm.Format
	// Schema is the JSON Schema the reply must conform to (Ollama format
	// object, OpenAI response_format json_schema), nil when none was sent.
	Schema   json.RawMessage
	Messages []Message
	Tools    []string // names of the tools offered
}

// Message is one chat message of a request.
type Message struct {
	Role       string
	Content    string
	ToolCallID string
}

// LastUser is the content of the last user message, "" if there is none.
func (r Request) LastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return r.Messages[i].Content
		}
	}
	return ""
}

// Last is the last message, zero if there is none.
func (r Request) Last() Message {
	if len(r.Messages) == 0 {
		return Message{}
	}
	return r.Messages[len(r.Messages)-1]
}

// wireRequest holds the fields both protocols' chat requests share.
type wireRequest struct {
	Model    string `json:"model"`
	Stream   *bool  `json:"stream"`
	Messages []struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		ToolCallID string          `json:"tool_call_id"`
	} `json:"messages"`
	Tools []struct {
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	} `json:"tools"`
	Format         json.RawMessage `json:"format"`
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

// format reads the reply format a request asks for and its schema, if any.
func (w wireRequest) format() (llm.Format, json.RawMessage) {
	rf := w.ResponseFormat
	switch {
	case rf != nil && rf.Type == "json_schema" && rf.JSONSchema != nil:
		return llm.FormatSchema, rf.JSONSchema.Schema
	case rf != nil && strings.HasPrefix(rf.Type, "json"):
		return llm.FormatJSON, nil
	case len(w.Format) > 0 && w.Format[0] == '{':
		return llm.FormatSchema, w.Format
	case jsonFormat(w.Format):
		return llm.FormatJSON, nil
	}
	return llm.FormatProse, nil
}

func decodeRequest(r *http.Request, raw []byte) Request {
	req := Request{
		Protocol: protocolOf(r.URL.Path),
		Method:   r.Method,
		Path:     r.URL.Path,
		Header:   r.Header.Clone(),
		Raw:      raw,
	}
	if json.Unmarshal(raw, &req.Body) != nil {
		req.Body = nil
	}
	var w wireRequest
	if json.Unmarshal(raw, &w) != nil {
		return req
	}
	req.Model = w.Model
	req.Stream = req.Protocol == ProtocolOllama
	if w.Stream != nil {
		req.Stream = *w.Stream
	}
	req.Format, req.Schema = w.format()
	req.JSON = req.Format != llm.FormatProse
	for _, m := range w.Messages {
		req.Messages = append(req.Messages, Message{Role: m.Role, Content: messageText(m.Content), ToolCallID: m.ToolCallID})
	}
	for _, t := range w.Tools {
		req.Tools = append(req.Tools, t.Function.Name)
	}
	return req
}

func protocolOf(path string) Protocol {
	if strings.HasPrefix(path, "/v1/") {
		return ProtocolOpenAI
	}
	return ProtocolOllama
}

// jsonFormat reports whether an Ollama format field is "json".
func jsonFormat(raw json.RawMessage) bool {
	var s string
	return json.Unmarshal(raw, &s) == nil && s == "json"
}

// messageText reads content as a string or as OpenAI content parts.
func messageText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}
