package main

import (
	"context"

	"lexflow/backend/engine"
	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/providers"
	"lexflow/backend/nodes"
)

// fakeProvider is the name the fake model server is configured under; every
// model of the corpus is mapped to its echoing chat model.
const fakeProvider = "Fake"

// newRegistry registers the real node types over the fake model server and
// an empty library.
func newRegistry(srv *llmtest.Server) (*engine.Registry, error) {
	client, err := providers.New(llm.Config{Kind: llm.KindOpenAI, Name: fakeProvider, BaseURL: srv.OpenAIURL(),
		DefaultModel: llmtest.DemoChat})
	if err != nil {
		return nil, err
	}
	reg := engine.NewRegistry()
	err = nodes.Register(reg, nodes.Deps{
		Models: everyModel{nodes.Model{Provider: client, ProviderName: fakeProvider, Name: llmtest.DemoChat}},
		Search: func(context.Context, index.Query) ([]evidence.Hit, error) { return nil, nil },
	})
	return reg, err
}

// everyModel resolves any model a node names to one model: the mapping of
// every provider/model pair to the fake server.
type everyModel struct{ model nodes.Model }

func (m everyModel) Resolve(context.Context, nodes.ModelRef) (nodes.Model, error) { return m.model, nil }
