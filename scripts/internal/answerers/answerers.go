// Package answerers starts what the answer benchmarks ask: the built-in
// extractive provider, and the fake model server's fake-cite model spoken to
// through the real Ollama provider (the only stand-in is the model itself).
package answerers

import (
	"lexflow/backend/generation"
	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/ollama"
)

// Answerer is a model the generation pipeline can ask, with its table label.
type Answerer struct {
	Label string
	Model generation.Model
}

// Start returns the extractive answerer and the fake-cite model; stop closes
// the fake server.
func Start() (as []Answerer, stop func(), err error) {
	srv, err := llmtest.Start(llmtest.Options{})
	if err != nil {
		return nil, nil, err
	}
	srv.InstallDemo(0)
	p, err := ollama.New(llm.Config{Kind: llm.KindOllama, BaseURL: srv.OllamaURL()})
	if err != nil {
		srv.Close()
		return nil, nil, err
	}
	as = []Answerer{
		{Label: "extractive (built-in)", Model: generation.Model{Provider: extractive.New(extractive.Options{}),
			ProviderName: "extractive", Name: extractive.ModelName}},
		{Label: "fake-cite (fake server, Ollama provider)", Model: generation.Model{Provider: p,
			ProviderName: "fakellm", Name: llmtest.DemoCite, Snapshot: map[string]any{"kind": "ollama", "base_url": srv.OllamaURL()}}},
	}
	return as, srv.Close, nil
}
