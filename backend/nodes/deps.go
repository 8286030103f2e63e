package nodes

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"time"

	"lexflow/backend/engine"
	"lexflow/backend/llm"
	"lexflow/backend/nodes/tools"
)

// Deps is what the node types need from the application, as small
// interfaces the caller implements. Every field may be nil: a node that
// needs a missing one fails when it runs, with an error that says so.
type Deps struct {
	// Models resolves LLM-family nodes' model configuration.
	Models Models
	// Search searches the evidence index (index.Index.Search fits); used by
	// knowledge-retrieval and the search and article tools.
	Search SearchFunc
	// Chunks lists a document's chunks in order (store.DB.DocumentChunks
	// fits); used by the article and neighbour tools.
	Chunks ChunkSource
	// Clock is the time source (date tools' "today"); nil means the wall clock.
	Clock engine.Clock
	// Tools are added to the built-in tools, for tool nodes and LLM tool use.
	Tools []tools.Tool
	// Answerer runs the cited-answer pipeline for cited-answer nodes.
	Answerer Answerer
	// Verifier checks and records agent answers that cite evidence.
	Verifier Verifier
	// Scope names the searched collections or documents in no-evidence
	// answers and records; nil shows ids.
	Scope ScopeFunc
	// Documents lists the documents knowledge-retrieval checks one by one
	// for a question asked across documents; nil searches as usual.
	Documents DocumentLister
	// Collections lists the ids of the library's collections, so that a
	// knowledge-retrieval naming another (a Dify dataset id) is a compile
	// problem rather than a search that silently finds nothing; nil skips
	// the check.
	Collections func(ctx context.Context) ([]string, error)
	// Outbound says which hosts an app's HTTP request nodes may reach
	// (store.DB fits); nil allows loopback only.
	Outbound OutboundPolicy
	// Files opens file variables for document extractors; nil reads none.
	Files FileSource
}

// SearchFunc searches the evidence index.
type SearchFunc = tools.SearchFunc

// ChunkSource lists a document's chunks.
type ChunkSource = tools.ChunkSource

// Models resolves a node's model configuration ({provider, name} from the
// DSL) to a provider and the model name to send. Provider may be an id or a
// name; an empty provider means the app's default provider and an empty
// name the provider's default model. Errors wrap ErrNoProvider or
// ErrNoModel so the UI can tell what to configure.
type Models interface {
	Resolve(ctx context.Context, ref ModelRef) (Model, error)
}

// ModelRef is a model as a node's data names it.
type ModelRef struct {
	Provider string `json:"provider"`
	Name     string `json:"name"`
}

func (r ModelRef) String() string {
	p := r.Provider
	if p == "" {
		p = "(default provider)"
	}
	if r.Name == "" {
		return p
	}
	return p + "/" + r.Name
}

// Model is a resolved model.
type Model struct {
	Provider     llm.Provider
	ProviderName string // for the record: which provider answered
	Name         string // the model name sent in requests
}

// Sentinels of model resolution.
var (
	ErrNoProvider = errors.New("model provider not configured")
	ErrNoModel    = errors.New("no model chosen")
)

// ErrorType names for the error_type output and events (Dify's field).
const (
	ErrorTypeModelConfig  = "model_config_not_found"
	ErrorTypeInvalidInput = "invalid_input"
	ErrorTypeTool         = "tool_error"
)

// Failure is a node error with a stable kind for the UI: the kind of an
// *llm.Error (llm.Code: "unreachable", "model_not_found", ...), or one of
// the ErrorType names above. It unwraps to the cause, so errors.As still
// finds the *llm.Error.
type Failure struct {
	Type string
	Err  error
}

func (f *Failure) Error() string     { return f.Err.Error() }
func (f *Failure) Unwrap() error     { return f.Err }
func (f *Failure) ErrorType() string { return f.Type }

func fail(kind string, format string, args ...any) error {
	return &Failure{Type: kind, Err: fmt.Errorf(format, args...)}
}

type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

func (d Deps) clock() engine.Clock {
	if d.Clock == nil {
		return wallClock{}
	}
	return d.Clock
}

// resolveModel asks Models for the model of the step running as in, turning
// every problem into a typed failure that names the step by its title, so a
// person can find it on the canvas.
func (d Deps) resolveModel(ctx context.Context, in engine.NodeInput, ref ModelRef) (Model, error) {
	step := cmp.Or(in.Title, in.NodeID)
	if d.Models == nil {
		return Model{}, fail(ErrorTypeModelConfig, "step %q cannot choose its model: %w", step, ErrNoProvider)
	}
	m, err := d.Models.Resolve(ctx, ref)
	if err != nil {
		return Model{}, fail(ErrorTypeModelConfig, "step %q cannot choose its model: %w", step, err)
	}
	if m.Provider == nil {
		return Model{}, fail(ErrorTypeModelConfig, "step %q cannot choose its model %s: %w", step, ref, ErrNoProvider)
	}
	return m, nil
}
