// Package llm defines the one interface every model provider implements, so that
// nothing above it (pipelines, nodes, the UI) knows which provider answers.
package llm

import (
	"context"
	"encoding/json"
	"time"
)

// Role is the author of a chat message.
type Role string

const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
)

// Message is one chat message sent to a model.
type Message struct {
	Role       Role       `json:"role"`
	Content    string     `json:"content"`
	Reasoning  string     `json:"reasoning,omitempty"`
	ToolCalls  []ToolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"` // for RoleTool: the call answered
	Name       string     `json:"name,omitempty"`         // for RoleTool: the tool's name
}

// ToolCall is a whole function call requested by a model. Streaming providers
// assemble partial call deltas before handing one over.
type ToolCall struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// Tool describes a function the model may call; Parameters is a JSON Schema object.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters,omitempty"`
}

// Request is one chat call. Zero values mean "provider default".
type Request struct {
	Model       string    `json:"model"`
	Messages    []Message `json:"messages"`
	Tools       []Tool    `json:"tools,omitempty"`
	Temperature *float64  `json:"temperature,omitempty"`
	TopP        *float64  `json:"top_p,omitempty"`
	MaxTokens   int       `json:"max_tokens,omitempty"`
	Seed        *int      `json:"seed,omitempty"`
	Stop        []string  `json:"stop,omitempty"`
	// Think asks for separate reasoning where the model supports it (Ollama `think`).
	Think *bool `json:"think,omitempty"`
	// JSON asks for a JSON object reply (Ollama format "json", OpenAI response_format json_object).
	JSON bool `json:"json,omitempty"`
	// Schema asks for a reply that is one JSON value conforming to this JSON
	// Schema (Ollama format <schema>, OpenAI response_format json_schema,
	// strict). It takes precedence over JSON. Providers that can send it
	// implement FormatSender; others ignore it.
	Schema json.RawMessage `json:"schema,omitempty"`
}

// DeltaKind tells what a streamed piece is.
type DeltaKind string

const (
	DeltaContent   DeltaKind = "content"
	DeltaReasoning DeltaKind = "reasoning"
	DeltaToolCall  DeltaKind = "tool_call"
)

// Delta is one streamed piece of a reply: a span of content, a span of reasoning,
// or one whole (assembled) tool call.
type Delta struct {
	Kind     DeltaKind `json:"kind"`
	Text     string    `json:"text,omitempty"`
	ToolCall *ToolCall `json:"tool_call,omitempty"`
}

// Usage counts tokens as the provider reported them.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// Total is prompt plus completion tokens.
func (u Usage) Total() int { return u.PromptTokens + u.CompletionTokens }

// Response is the whole reply once the stream has ended.
type Response struct {
	Model        string     `json:"model"`
	Content      string     `json:"content"`
	Reasoning    string     `json:"reasoning,omitempty"`
	ToolCalls    []ToolCall `json:"tool_calls,omitempty"`
	Usage        Usage      `json:"usage"`
	FinishReason string     `json:"finish_reason,omitempty"`
	// FirstToken is the time from sending the request to the first delta; Latency to the end.
	FirstToken time.Duration `json:"first_token"`
	Latency    time.Duration `json:"latency"`
}

// DeltaFunc receives streamed pieces in order. Returning an error stops the
// stream; Chat then returns that error.
type DeltaFunc func(Delta) error

// Model is one model a provider offers.
type Model struct {
	Name          string    `json:"name"`
	Size          int64     `json:"size,omitempty"`
	Family        string    `json:"family,omitempty"`
	ParameterSize string    `json:"parameter_size,omitempty"`
	Quantization  string    `json:"quantization,omitempty"`
	ModifiedAt    time.Time `json:"modified_at,omitzero"`
}

// Provider is a model backend. Chat streams deltas to onDelta (which may be nil)
// and returns the assembled response. Errors are *Error values with a Kind.
type Provider interface {
	Chat(ctx context.Context, req Request, onDelta DeltaFunc) (Response, error)
	Models(ctx context.Context) ([]Model, error)
}

// Kind names a provider implementation.
type Kind string

const (
	KindOllama     Kind = "ollama"
	KindOpenAI     Kind = "openai"
	KindExtractive Kind = "extractive"
)

// Config is what a provider needs to connect.
type Config struct {
	Kind         Kind
	Name         string
	BaseURL      string
	APIKey       string
	DefaultModel string
	// Timeout bounds a whole call without a context deadline of its own; zero means 5 minutes.
	Timeout time.Duration
	// ConnectTimeout bounds dialing and waiting for response headers; zero means 10 seconds.
	ConnectTimeout time.Duration
	// IdleTimeout bounds the silence between two stream chunks; zero means 60 seconds.
	IdleTimeout time.Duration
}
