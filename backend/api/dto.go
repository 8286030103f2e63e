package api

import "time"

// The DTOs below are the wire shapes of the API. TypeScript types for the
// frontend are generated from them (see types_ts_test.go); never hand-copy them.

// ErrorBody is what every failed API call returns, under the key "error".
type ErrorBody struct {
	Code    string `json:"code"`            // stable machine-readable name, e.g. "not_found", "unreachable"
	Message string `json:"message"`         // a sentence a person can act on
	Field   string `json:"field,omitempty"` // the input field at fault, when there is one
}

// SystemInfo describes the running instance.
type SystemInfo struct {
	Version       string `json:"version"`
	Commit        string `json:"commit"`
	GoVersion     string `json:"goVersion"`
	OS            string `json:"os"`
	Arch          string `json:"arch"`
	Face          string `json:"face" ts:"'desktop' | 'serve'"`
	DataDir       string `json:"dataDir"`
	DatabasePath  string `json:"databasePath"`
	SchemaVersion int    `json:"schemaVersion"`
}

// Provider is a configured model provider. The API key never leaves the backend:
// only whether there is one and a masked hint.
type Provider struct {
	ID            string     `json:"id"`
	Name          string     `json:"name"`
	Kind          string     `json:"kind" ts:"ProviderKind"`
	BaseURL       string     `json:"baseUrl"`
	HasAPIKey     bool       `json:"hasApiKey"`
	APIKeyHint    string     `json:"apiKeyHint"` // e.g. "sk-…9f2c", empty when there is no key
	DefaultModel  string     `json:"defaultModel"`
	BuiltIn       bool       `json:"builtIn"` // the built-in extractive provider: not editable, not deletable
	LastCheckedAt *time.Time `json:"lastCheckedAt"`
	LastStatus    string     `json:"lastStatus"` // "", "ok" or an error code
	CreatedAt     time.Time  `json:"createdAt"`
	UpdatedAt     time.Time  `json:"updatedAt"`
}

// ProviderInput creates or updates a provider. On update, a nil APIKey keeps the
// stored key and an empty string removes it.
type ProviderInput struct {
	Name         string  `json:"name"`
	Kind         string  `json:"kind" ts:"ProviderKind"`
	BaseURL      string  `json:"baseUrl"`
	APIKey       *string `json:"apiKey,omitempty"`
	DefaultModel string  `json:"defaultModel"`
}

// Model is one model a provider offers.
type Model struct {
	Name          string     `json:"name"`
	Size          int64      `json:"size"`
	Family        string     `json:"family"`
	ParameterSize string     `json:"parameterSize"`
	Quantization  string     `json:"quantization"`
	ModifiedAt    *time.Time `json:"modifiedAt"`
}

// ProviderTest is the outcome of "Test connection".
type ProviderTest struct {
	OK        bool       `json:"ok"`
	LatencyMs int64      `json:"latencyMs"`
	Models    []Model    `json:"models"`
	Error     *ErrorBody `json:"error"`
	// SuggestedBaseURL is a nearby base URL that does list models, when the
	// one tested answered 404 (typically the same server with /v1).
	SuggestedBaseURL string `json:"suggestedBaseUrl,omitempty"`
}

// TryRequest sends one prompt to a provider and streams the reply as events.
type TryRequest struct {
	Model  string `json:"model"`
	Prompt string `json:"prompt"`
}

// StreamRef names the event topic a started stream publishes on.
type StreamRef struct {
	Topic string `json:"topic"`
}

// Event is one message on an event topic. Seq increases by one per topic, so a
// client that saw Seq n resumes with after=n and misses nothing.
type Event struct {
	Seq   int64     `json:"seq"`
	Topic string    `json:"topic"`
	Type  string    `json:"type"`
	Time  time.Time `json:"time"`
	Data  any       `json:"data" ts:"unknown"`
}

// Event types on a try stream.
const (
	EventDelta = "delta" // data: Delta
	EventDone  = "done"  // data: TryDone
	EventError = "error" // data: ErrorBody
)

// Delta is a batch of streamed text of one kind ("content" or "reasoning").
type Delta struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// TryDone closes a try stream.
type TryDone struct {
	Model            string `json:"model"`
	PromptTokens     int    `json:"promptTokens"`
	CompletionTokens int    `json:"completionTokens"`
	FirstTokenMs     int64  `json:"firstTokenMs"`
	LatencyMs        int64  `json:"latencyMs"`
}

// Settings are the user's application-wide defaults.
type Settings struct {
	DefaultProviderID string `json:"defaultProviderId"`
	DefaultModel      string `json:"defaultModel"`
}

// DefaultModel is the model a chat or step that names none uses, as resolved
// now: what Chat and Settings both show.
type DefaultModel struct {
	ProviderID   string `json:"providerId"`
	ProviderName string `json:"providerName"`
	Model        string `json:"model"` // "" for the built-in provider, which needs none
	BuiltIn      bool   `json:"builtIn"`
	// Note says why the provider Settings chose was passed over, when it was.
	Note string `json:"note,omitempty"`
}

// EventCheckRequest asks the backend to publish Count numbered events, to prove
// that streams reach the UI in the face it runs in.
type EventCheckRequest struct {
	Count int `json:"count"`
}

// EventCheckTick is the data of one event of an event check.
type EventCheckTick struct {
	N     int `json:"n"`
	Count int `json:"count"`
}

// SelfTest tells the UI whether to run the event check on start and report back
// (used by the desktop test under a virtual display).
type SelfTest struct {
	Enabled bool `json:"enabled"`
	Count   int  `json:"count"`
	// DropCollection, when set, names the collection the UI opens after the
	// event check, to wait for files dropped onto the window.
	DropCollection string `json:"dropCollection"`
}

// SelfTestResult is the UI's report of an event check, and of the drop check
// when one was asked for.
type SelfTestResult struct {
	Received  int      `json:"received"`
	InOrder   bool     `json:"inOrder"`
	Transport string   `json:"transport"` // "wails-events" or "sse"
	Error     string   `json:"error"`
	Dropped   []string `json:"dropped"`   // files dropped onto the window that became ready
	DropError string   `json:"dropError"` // why the drop check failed
}

// SelfTestStage is a step the self-test reached, e.g. "drop-ready": the page
// now waits for files dropped onto the window.
type SelfTestStage struct {
	Stage string `json:"stage"`
}
