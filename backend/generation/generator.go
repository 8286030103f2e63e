package generation

import (
	"context"
	"time"

	"lexflow/backend/llm"
)

// Model is a resolved model: the provider to call and what to record about it.
type Model struct {
	Provider     llm.Provider
	ProviderName string         // the configured provider's name, for the record
	Name         string         // the model name sent in requests
	Snapshot     map[string]any // provider kind, base URL, ...: what an auditor needs, never secrets
}

// Params are the generation parameters; zero values mean the provider's defaults.
type Params struct {
	Temperature *float64 `json:"temperature,omitempty"`
	MaxTokens   int      `json:"max_tokens,omitempty"`
	Seed        *int     `json:"seed,omitempty"`
	// Format is the strongest reply format to ask for. Empty means the
	// strongest the provider can send (the answer schema); json skips the
	// schema, prose asks for no format. Servers that reject a format are
	// asked for the next weaker one (output.go).
	Format llm.Format `json:"format,omitempty"`
}

// Raw is the model's reply, unparsed.
type Raw struct {
	Text         string        `json:"text"`
	Reasoning    string        `json:"reasoning,omitempty"`
	Provider     string        `json:"provider"`
	Model        string        `json:"model"`
	Usage        llm.Usage     `json:"usage"`
	FinishReason string        `json:"finish_reason,omitempty"`
	FirstToken   time.Duration `json:"first_token"`
	Latency      time.Duration `json:"latency"`
	// Output is the format the reply was asked in, and the ones refused first.
	Output Output `json:"output,omitzero"`
}

// Generate sends the snapshot's messages to the model once and returns what
// came back, streaming deltas to onDelta (which may be nil). It asks for
// JSON mode when p.Format is json and for no format otherwise (the schema
// needs the hits: the Pipeline asks for it), and does not parse or check
// anything. On error the text received before the failure is kept.
func Generate(ctx context.Context, m Model, snap Snapshot, p Params, onDelta llm.DeltaFunc) (Raw, error) {
	return generate(ctx, m, p.request(m.Name, snap).Shape(p.Format, nil), onDelta)
}

func (p Params) request(model string, snap Snapshot) llm.Request {
	return llm.Request{Model: model, Messages: snap.Messages, Temperature: p.Temperature, MaxTokens: p.MaxTokens, Seed: p.Seed}
}

func generate(ctx context.Context, m Model, req llm.Request, onDelta llm.DeltaFunc) (Raw, error) {
	var seen llm.Response // what streamed, in case a failed call returns less
	resp, err := m.Provider.Chat(ctx, req, func(d llm.Delta) error {
		switch d.Kind {
		case llm.DeltaContent:
			seen.Content += d.Text
		case llm.DeltaReasoning:
			seen.Reasoning += d.Text
		}
		if onDelta == nil {
			return nil
		}
		return onDelta(d)
	})
	if resp.Content == "" {
		resp.Content = seen.Content
	}
	if resp.Reasoning == "" {
		resp.Reasoning = seen.Reasoning
	}
	raw := Raw{Text: resp.Content, Reasoning: resp.Reasoning, Provider: m.ProviderName, Model: m.Name,
		Usage: resp.Usage, FinishReason: resp.FinishReason, FirstToken: resp.FirstToken, Latency: resp.Latency}
	if resp.Model != "" {
		raw.Model = resp.Model
	}
	return raw, err
}
