package api

import (
	"context"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/store"
)

// AppService keeps chatflows and workflows: create, edit, import (ours or
// Dify's), export, list. registry, when set, validates DSLs as runs would.
type AppService struct {
	db       *store.DB
	registry *engine.Registry
	connect  Connector // lists providers' models when an import maps models
}

// List returns every app, most recently changed first.
func (s *AppService) List(ctx context.Context) ([]App, error) {
	apps, err := s.db.ListApps(ctx)
	out := make([]App, len(apps))
	for i, a := range apps {
		out[i] = appDTO(a)
	}
	return out, err
}

// Get returns one app by id or name.
func (s *AppService) Get(ctx context.Context, idOrName string) (App, error) {
	a, err := s.db.GetApp(ctx, idOrName)
	return appDTO(a), err
}

// Export returns an app's DSL as YAML or JSON.
func (s *AppService) Export(ctx context.Context, idOrName, format string) ([]byte, error) {
	a, err := s.db.GetApp(ctx, idOrName)
	if err != nil {
		return nil, err
	}
	app, err := dsl.Parse([]byte(a.DSL))
	if err != nil {
		return nil, err
	}
	f := dsl.FormatYAML
	if format == "json" {
		f = dsl.FormatJSON
	}
	return dsl.Export(app, f)
}

// Delete removes an app; its runs stay for the audit trail.
func (s *AppService) Delete(ctx context.Context, id string) error { return s.db.DeleteApp(ctx, id) }

func appDTO(a store.App) App {
	return App{ID: a.ID, Name: a.Name, Mode: a.Mode, Description: a.Description, Version: a.Version,
		CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
}
