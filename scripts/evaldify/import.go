package main

import (
	"context"

	"lexflow/backend/api"
	"lexflow/backend/dsl"
)

// defaultModel is where the import maps every model pair of the corpus.
var defaultModel = fakeProvider + "/" + "fake-chat"

// importApp imports one export as `lexflow app import --default-model
// --collection` does and records each node's outcome.
func (b *bench) importApp(ctx context.Context, data []byte, r *fileResult) (*dsl.App, error) {
	res, err := b.apps.Import(ctx, api.AppImport{DSL: string(data), DefaultModel: defaultModel, Collection: benchCollection})
	if err != nil {
		return nil, err
	}
	stored, err := b.db.GetApp(ctx, res.App.ID)
	if err != nil {
		return nil, err
	}
	app, err := dsl.Parse([]byte(stored.DSL))
	if err != nil {
		return nil, err
	}
	r.runnable = res.Report.Runnable
	for _, n := range res.Report.Nodes {
		r.nodes = append(r.nodes, nodeResult{id: n.NodeID, difyType: n.SourceType, outcome: n.Outcome})
	}
	return app, nil
}
