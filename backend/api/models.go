package api

import (
	"context"

	"lexflow/backend/nodes"
	"lexflow/backend/store"
)

// Models resolves the model a workflow node names against the providers
// configured now (they can change while the app runs), with the user's
// default provider for nodes that name none.
type Models struct {
	DB      *store.DB
	Connect Connector
}

// Resolve implements nodes.Models.
func (m Models) Resolve(ctx context.Context, ref nodes.ModelRef) (nodes.Model, error) {
	rows, err := m.DB.ListProviders(ctx)
	if err != nil {
		return nodes.Model{}, err
	}
	var settings Settings
	if err := m.DB.GetSetting(ctx, settingsKey, &settings); err != nil {
		return nodes.Model{}, err
	}
	set := nodes.ProviderSet{Default: settings.DefaultProviderID}
	for _, p := range rows {
		client, err := m.Connect(configOf(p))
		if err != nil {
			continue // a provider with a broken config cannot serve; others still can
		}
		set.Providers = append(set.Providers, nodes.NamedProvider{ID: p.ID, Name: p.Name, Provider: client, DefaultModel: p.DefaultModel})
	}
	if set.Default == "" {
		set.Default = defaultProvider(rows)
	}
	return set.Resolve(ctx, ref)
}

// defaultProvider is the first configured model provider, else the built-in one.
func defaultProvider(rows []store.Provider) string {
	for _, p := range rows {
		if !p.BuiltIn {
			return p.ID
		}
	}
	return "extractive"
}
