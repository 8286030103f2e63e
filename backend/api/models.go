package api

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"lexflow/backend/nodes"
	"lexflow/backend/store"
)

// Models resolves the model a workflow node names against the providers
// configured now (they can change while the app runs), with the default
// model for nodes that name no provider.
type Models struct {
	DB      *store.DB
	Connect Connector
}

// Resolve implements nodes.Models.
func (m Models) Resolve(ctx context.Context, ref nodes.ModelRef) (nodes.Model, error) {
	rows, settings, err := loadDefaults(ctx, m.DB)
	if err != nil {
		return nodes.Model{}, err
	}
	if ref.Provider == "" {
		def := chooseDefault(rows, settings)
		ref.Provider, ref.Name = def.ProviderID, cmp.Or(ref.Name, def.Model)
	}
	set := nodes.ProviderSet{}
	for _, p := range rows {
		client, err := m.Connect(configOf(p))
		if err != nil {
			continue // a provider with a broken config cannot serve; others still can
		}
		set.Providers = append(set.Providers, nodes.NamedProvider{ID: p.ID, Name: p.Name, Provider: client, DefaultModel: p.DefaultModel})
	}
	model, err := set.Resolve(ctx, ref)
	if !errors.Is(err, nodes.ErrNoProvider) {
		return model, err
	}
	// Only a provider that is not found is looked up among the removed
	// ones, to name it: every model step resolves, few fail.
	if set.Removed, err = removedProviders(ctx, m.DB); err != nil {
		return nodes.Model{}, err
	}
	return set.Resolve(ctx, ref)
}

// loadDefaults reads what the default model is chosen from.
func loadDefaults(ctx context.Context, db *store.DB) ([]store.Provider, Settings, error) {
	rows, err := db.ListProviders(ctx)
	if err != nil {
		return nil, Settings{}, err
	}
	var settings Settings
	err = db.GetSetting(ctx, settingsKey, &settings)
	return rows, settings, err
}

// chooseDefault picks the default model: the one Settings chose when its
// provider can answer with it, else the first added provider that has a
// default model, else the built-in provider. A provider without a model
// to use is never the default: every step that relies on it would fail.
func chooseDefault(rows []store.Provider, settings Settings) DefaultModel {
	var passedOver string
	for _, p := range rows {
		if p.ID != settings.DefaultProviderID {
			continue
		}
		if model := cmp.Or(settings.DefaultModel, p.DefaultModel); model != "" || p.BuiltIn {
			return defaultOf(p, model, "")
		}
		passedOver = fmt.Sprintf("%s has no default model, so it is not used as the default; choose one in Settings → Providers.", p.Name)
	}
	for _, p := range rows {
		if !p.BuiltIn && p.DefaultModel != "" {
			return defaultOf(p, p.DefaultModel, passedOver)
		}
	}
	for _, p := range rows {
		if p.BuiltIn {
			return defaultOf(p, "", passedOver)
		}
	}
	return DefaultModel{ProviderID: "extractive", ProviderName: "Extractive", BuiltIn: true, Note: passedOver}
}

func defaultOf(p store.Provider, model, note string) DefaultModel {
	if p.BuiltIn {
		model = "" // it needs none
	}
	return DefaultModel{ProviderID: p.ID, ProviderName: p.Name, Model: model, BuiltIn: p.BuiltIn, Note: note}
}
