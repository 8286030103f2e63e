package api

import (
	"encoding/json"
	"time"

	"lexflow/backend/dsl"
)

// App is a stored chatflow or workflow.
type App struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Mode        string    `json:"mode" ts:"'chatflow' | 'workflow'"`
	Description string    `json:"description"`
	Version     int       `json:"version"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// AppImport imports a DSL (Lexflow's or Dify's) as a new app.
type AppImport struct {
	DSL  string `json:"dsl"`
	Name string `json:"name"` // optional: overrides the DSL's name
	// DefaultModel ("provider/model") takes every model pair ModelMap does
	// not name and no configured model matches; "" means the default model.
	DefaultModel string `json:"defaultModel"`
	// ModelMap maps a pair as the DSL names it ("deepseek/deepseek-chat")
	// to a configured "provider/model".
	ModelMap map[string]string `json:"modelMap"`
	// Collection (a collection's name or id) takes every dataset id the app
	// names that DatasetMap does not and that is no collection here.
	Collection string `json:"collection"`
	// DatasetMap maps a dataset id as the DSL names it (a Dify dataset) to a
	// collection's name or id.
	DatasetMap map[string]string `json:"datasetMap"`
	// DryRun reports what the import would do and stores nothing.
	DryRun bool `json:"dryRun"`
}

// AppImported is the new app (none on a dry run) with its import report.
type AppImported struct {
	App    App              `json:"app"`
	Report dsl.ImportReport `json:"report"`
}

// RunRequest starts a run of an app.
type RunRequest struct {
	Inputs         map[string]any `json:"inputs"`
	Query          string         `json:"query"`
	ConversationID string         `json:"conversationId"`
}

// RunStarted names a started run and the event topic it streams on.
type RunStarted struct {
	RunID string `json:"runId"`
	Topic string `json:"topic"`
}

// Run is a recorded run.
type Run struct {
	ID               string          `json:"id"`
	AppID            string          `json:"appId"`
	AppName          string          `json:"appName"` // the app's current name; '' once it is deleted
	Mode             string          `json:"mode"`
	Status           string          `json:"status" ts:"RunStatus"`
	Query            string          `json:"query"` // the question a chat turn answered; '' for a workflow run
	Inputs           json.RawMessage `json:"inputs" ts:"Record<string, unknown>"`
	Outputs          json.RawMessage `json:"outputs" ts:"Record<string, unknown>"`
	Error            string          `json:"error"`
	ConversationID   string          `json:"conversationId"` // set when the run answered a chat message
	MessageID        string          `json:"messageId"`
	PromptTokens     int             `json:"promptTokens"`
	CompletionTokens int             `json:"completionTokens"`
	StartedAt        time.Time       `json:"startedAt"`
	FinishedAt       *time.Time      `json:"finishedAt"`
	ElapsedMs        int64           `json:"elapsedMs"`
	// A run of one step alone: the step, and the run whose recorded variables it was handed.
	SingleNodeID string `json:"singleNodeId"`
	SourceRunID  string `json:"sourceRunId"`
}

// NodeRunStarted names a started run of one step alone and what it started from.
type NodeRunStarted struct {
	RunID string `json:"runId"`
	Topic string `json:"topic"`
	// The whole run whose recorded variables the step was handed, and when that step ran.
	SourceRunID     string    `json:"sourceRunId"`
	SourceStartedAt time.Time `json:"sourceStartedAt"`
	// Variables the step reads now that the source run did not record (the step was edited since).
	Missing []string `json:"missing"`
}

// Tool is a built-in tool a Tool step can call.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters" ts:"{ type?: string; properties?: Record<string, { type?: string; description?: string; enum?: unknown[] }>; required?: string[] }"`
}

// NodeExecution is one node's recorded execution.
type NodeExecution struct {
	ID                string          `json:"id"`
	NodeID            string          `json:"nodeId"`
	NodeType          string          `json:"nodeType"`
	Title             string          `json:"title"`
	Position          int             `json:"position"`
	PredecessorNodeID string          `json:"predecessorNodeId"`
	Status            string          `json:"status"`
	Inputs            json.RawMessage `json:"inputs" ts:"Record<string, unknown>"`
	ProcessData       json.RawMessage `json:"processData" ts:"Record<string, unknown>"`
	Outputs           json.RawMessage `json:"outputs" ts:"Record<string, unknown>"`
	Error             string          `json:"error"`
	Retries           int             `json:"retries"`
	PromptTokens      int             `json:"promptTokens"`
	CompletionTokens  int             `json:"completionTokens"`
	IsVirtual         bool            `json:"isVirtual"`
	ParentNodeID      string          `json:"parentNodeId"`
	// Round is the round of its container (an iteration, a loop) the step ran
	// in, from 0; null for a step in no container.
	Round            *int              `json:"round"`
	StartedAt        time.Time         `json:"startedAt"`
	FinishedAt       *time.Time        `json:"finishedAt"`
	ElapsedMs        int64             `json:"elapsedMs"`
	GenerationDetail *GenerationDetail `json:"generationDetail"`
	// The variables the step read as it started ({"node.var": value}); null when not recorded.
	Variables json.RawMessage `json:"variables" ts:"Record<string, unknown> | null"`
}

// GenerationDetail is an LLM generation in stream order; sequence
// content spans are code-point offsets into the output text.
type GenerationDetail struct {
	ReasoningContent json.RawMessage `json:"reasoningContent" ts:"string[]"`
	ToolCalls        json.RawMessage `json:"toolCalls" ts:"{ name: string; arguments: unknown; result: string }[]"`
	Sequence         json.RawMessage `json:"sequence" ts:"({ type: 'content'; start: number; end: number } | { type: 'reasoning' | 'tool_call'; index: number })[]"`
}

// RunDetail is a run with its node executions in start order.
type RunDetail struct {
	Run   Run             `json:"run"`
	Nodes []NodeExecution `json:"nodes"`
	// DSL is the app as this run ran it, in the export's JSON form (as
	// AppDocument.DSL), so that its trace is drawn on the graph it ran, not
	// on the app as edited since; "" when the run has none recorded.
	DSL string `json:"dsl"`
}
