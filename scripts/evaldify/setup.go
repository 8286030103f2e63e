package main

import (
	"context"
	"path/filepath"

	"lexflow/backend/api"
	"lexflow/backend/engine"
	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/providers"
	"lexflow/backend/nodes"
	"lexflow/backend/store"
)

// fakeProvider is the name the fake model server is configured under; the
// import maps every model of the corpus to its echoing chat model.
const fakeProvider = "Fake"

// benchCollection is the (empty) collection the import maps every dataset
// of the corpus to, as it maps every model to the fake one.
const benchCollection = "Bench"

// bench is a data directory with the fake model server configured as its
// only provider, the import service over it, and the node types runs use.
type bench struct {
	db       *store.DB
	apps     *api.AppService
	registry *engine.Registry
}

func openBench(ctx context.Context, dir string, srv *llmtest.Server) (*bench, error) {
	db, err := store.Open(ctx, filepath.Join(dir, "lexflow.db"))
	if err != nil {
		return nil, err
	}
	services := api.New(api.Options{DB: db, Connect: providers.New})
	_, err = services.Providers.Create(ctx, api.ProviderInput{Name: fakeProvider, Kind: "openai", BaseURL: srv.OpenAIURL(),
		DefaultModel: llmtest.DemoChat})
	if err == nil {
		_, err = db.CreateCollection(ctx, benchCollection, "every dataset of the Dify corpus")
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	reg := engine.NewRegistry()
	err = nodes.Register(reg, nodes.Deps{
		Models:      api.Models{DB: db, Connect: providers.New},
		Search:      func(context.Context, index.Query) ([]evidence.Hit, error) { return nil, nil },
		Collections: api.CollectionIDs(db),
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	return &bench{db: db, apps: services.Apps, registry: reg}, nil
}
