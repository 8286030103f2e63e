package api

import (
	"time"

	"lexflow/backend/chat"
	"lexflow/backend/generation"
)

// Conversation is a chat thread; the backend keeps all of its history.
type Conversation struct {
	ID           string       `json:"id"`
	AppID        string       `json:"appId"`
	Title        string       `json:"title"`
	Settings     TurnSettings `json:"settings"` // what the last turn used, to preselect the next
	Preview      bool         `json:"preview"`  // a Studio preview's scratch pad: not listed, swept when left alone
	MessageCount int          `json:"messageCount"`
	CreatedAt    time.Time    `json:"createdAt"`
	UpdatedAt    time.Time    `json:"updatedAt"`
}

// ConversationInput creates or renames a conversation. AppID, on creation,
// picks the chatflow that answers (Legal Q&A when empty); Preview, on
// creation, makes it a Studio preview's (see Conversation.Preview).
type ConversationInput struct {
	Title   string `json:"title"`
	AppID   string `json:"appId"`
	Preview bool   `json:"preview,omitempty"`
}

// TurnSettings are the user's choices for one turn, kept for the
// conversation's next: which collections to search (all when empty), or
// which documents (when any, only those, whatever the collections), and
// which model answers (the default when empty; the built-in extractive
// answerer when no model is configured).
type TurnSettings struct {
	CollectionIDs []string `json:"collectionIds"`
	DocumentIDs   []string `json:"documentIds"`
	ProviderID    string   `json:"providerId"`
	Model         string   `json:"model"`
}

// SendMessage asks a question in a conversation. TurnKey, chosen by the
// client, makes sending idempotent: the same key twice starts one turn.
// MentionIDs are the documents @-mentioned in the question: they join this
// question's scope only.
type SendMessage struct {
	Query      string       `json:"query"`
	Settings   TurnSettings `json:"settings"`
	MentionIDs []string     `json:"mentionIds,omitempty"`
	TurnKey    string       `json:"turnKey"`
}

// RegenerateRequest answers a question again, with other settings when given
// (the conversation's last ones otherwise).
type RegenerateRequest struct {
	Settings *TurnSettings `json:"settings"`
}

// GenerationSummary is what a message shows of its generation record.
type GenerationSummary struct {
	ID            string `json:"id"`
	Status        string `json:"status" ts:"GenerationStatus"`
	Refused       bool   `json:"refused"`
	ModelProvider string `json:"modelProvider"`
	ModelName     string `json:"modelName"`
}

// Message is one message of a conversation, as stored.
type Message struct {
	ID             string                `json:"id"`
	ConversationID string                `json:"conversationId"`
	Seq            int                   `json:"seq"`
	Role           string                `json:"role" ts:"'human' | 'ai' | 'tool' | 'system'"`
	Content        string                `json:"content"`
	Status         string                `json:"status" ts:"MessageStatus"`
	Error          string                `json:"error"`
	RunID          string                `json:"runId"`
	IsAskUser      bool                  `json:"isAskUser"` // a clarifying question the next message answers
	Scope          *chat.Scope           `json:"scope"`     // a question's, when it did not search the whole library
	Citations      []generation.Citation `json:"citations"`
	Claims         []generation.Claim    `json:"claims"`
	Generation     *GenerationSummary    `json:"generation"`
	// Detail is the answer's reasoning, tool calls and content in stream order.
	Detail *GenerationDetail `json:"generationDetail"`
	// Timeline is the producing run's node executions, in the order they started.
	Timeline  []TimelineNode `json:"timeline"`
	CreatedAt time.Time      `json:"createdAt"`
}

// TimelineNode is one step of the run that produced a message, with real
// times; virtual sub-nodes (variable extraction) name their parent.
type TimelineNode struct {
	NodeID           string             `json:"nodeId"`
	NodeType         string             `json:"nodeType"`
	Title            string             `json:"title"`
	Status           string             `json:"status"`
	Error            string             `json:"error"`
	IsVirtual        bool               `json:"isVirtual"`
	ParentNodeID     string             `json:"parentNodeId"`
	StartedAt        time.Time          `json:"startedAt"`
	FinishedAt       *time.Time         `json:"finishedAt"`
	ElapsedMs        int64              `json:"elapsedMs"`
	PromptTokens     int                `json:"promptTokens"`
	CompletionTokens int                `json:"completionTokens"`
	Checks           []generation.Check `json:"checks"`     // a cited answer's checks
	TimingMs         *StepTiming        `json:"timingMs"`   // a cited answer's timings
	Extraction       *Extraction        `json:"extraction"` // a variable extraction's source, prompt and text
	Notes            []string           `json:"notes"`      // an agent's notes: round limit, refused repeats, ...
}

// StepTiming is how long a cited answer spent on each stage, in milliseconds.
type StepTiming struct {
	Prompt      float64 `json:"prompt"`
	LLM         float64 `json:"llm"`
	Postprocess float64 `json:"postprocess"`
	Total       float64 `json:"total"`
}

// Extraction is what a variable extraction read, asked and got.
type Extraction struct {
	Source string `json:"source"`
	Prompt string `json:"prompt"`
	Text   string `json:"text"`
}

// Turn is a question and the answer being produced for it; the answer's
// progress streams as the run's events (GET /api/runs/{runId}/events).
type Turn struct {
	Human Message `json:"human"`
	AI    Message `json:"ai"`
	RunID string  `json:"runId"`
}

// Timing is how long each layer of a generation took, in milliseconds.
type Timing struct {
	Prompt      float64 `json:"prompt"`
	LLM         float64 `json:"llm"`
	Postprocess float64 `json:"postprocess"`
	Total       float64 `json:"total"`
}

// PromptMessage is one message of a prompt snapshot.
type PromptMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// GenerationAudit is a generation record in full: everything needed to check
// how an answer was produced, and to replay it.
type GenerationAudit struct {
	ID                  string                `json:"id"`
	MessageID           string                `json:"messageId"`
	RunID               string                `json:"runId"`
	NodeID              string                `json:"nodeId"`
	ReplayOf            string                `json:"replayOf"`
	TraceID             string                `json:"traceId"`
	RequestID           string                `json:"requestId"`
	PromptName          string                `json:"promptName"`
	PromptVersion       string                `json:"promptVersion"`
	ModelProvider       string                `json:"modelProvider"`
	ModelName           string                `json:"modelName"`
	ProviderSnapshot    map[string]any        `json:"providerSnapshot"`
	Messages            []PromptMessage       `json:"messages"`
	Query               string                `json:"query"`
	RetrievalParameters map[string]any        `json:"retrievalParameters"`
	Hits                []SearchHit           `json:"hits"`
	OutputRaw           string                `json:"outputRaw"`
	OutputReasoning     string                `json:"outputReasoning"`
	Answer              string                `json:"answer"`
	Refused             bool                  `json:"refused"`
	Citations           []generation.Citation `json:"citations"`
	Claims              []generation.Claim    `json:"claims"`
	Checks              []generation.Check    `json:"checks"`
	Status              string                `json:"status" ts:"GenerationStatus"`
	Error               string                `json:"error"`
	Timing              Timing                `json:"timing"`
	PromptTokens        int                   `json:"promptTokens"`
	CompletionTokens    int                   `json:"completionTokens"`
	CreatedAt           time.Time             `json:"createdAt"`
	Output              OutputFormat          `json:"output"`
}

// OutputFormat is how the model was asked to shape its reply: "schema" (a
// JSON Schema its server enforced), "json" (JSON mode) or "prose" (no
// format, the prompt alone asked); "" when no model was asked, or for a
// record made before formats were chosen. Rejected are the stronger formats
// the server refused first; Remembered says an earlier refusal by the same
// model's server chose the format.
type OutputFormat struct {
	Format     string            `json:"format" ts:"'schema' | 'json' | 'prose' | ''"`
	Rejected   []OutputRejection `json:"rejected"`
	Remembered bool              `json:"remembered"`
}

// OutputRejection is a reply format a server refused, with what it said.
type OutputRejection struct {
	Format string `json:"format" ts:"'schema' | 'json' | 'prose'"`
	Error  string `json:"error"`
}

// GenerationAuditView is a record with the replays made of it, oldest first.
type GenerationAuditView struct {
	Record  GenerationAudit   `json:"record"`
	Replays []GenerationAudit `json:"replays"`
}

// ReplayRequest re-runs a stored generation with a model (the default when empty).
type ReplayRequest struct {
	ProviderID string `json:"providerId"`
	Model      string `json:"model"`
}
