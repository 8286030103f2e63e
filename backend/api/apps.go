package api

import (
	"context"
	"strings"

	"lexflow/backend/engine"
	"lexflow/backend/store"
)

// AppService keeps chatflows and workflows: create, edit, import (ours or
// Dify's), export, list. registry, when set, validates DSLs as runs would.
type AppService struct {
	db       *store.DB
	registry *engine.Registry
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

// Import stores a DSL as a new app, converted to Lexflow's DSL, and reports
// what of a Dify app could not be mapped. Malformed input writes nothing.
func (s *AppService) Import(ctx context.Context, in AppImport) (AppImported, error) {
	app, report, err := engine.Import([]byte(in.DSL))
	if err != nil {
		return AppImported{}, &Error{Status: 400, Body: ErrorBody{Code: "bad_dsl", Message: err.Error(), Field: "dsl"}}
	}
	if name := strings.TrimSpace(in.Name); name != "" {
		app.App.Name = name
	}
	if strings.TrimSpace(app.App.Name) == "" {
		app.App.Name = "Imported app"
	}
	dsl, err := engine.Export(app, engine.FormatYAML)
	if err != nil {
		return AppImported{}, err
	}
	saved, err := s.db.SaveApp(ctx, store.App{Name: app.App.Name, Mode: string(app.App.Mode),
		Description: app.App.Description, DSL: string(dsl)})
	if err != nil {
		return AppImported{}, err
	}
	return AppImported{App: appDTO(saved), Report: reportDTO(report)}, nil
}

// Export returns an app's DSL as YAML or JSON.
func (s *AppService) Export(ctx context.Context, idOrName, format string) ([]byte, error) {
	a, err := s.db.GetApp(ctx, idOrName)
	if err != nil {
		return nil, err
	}
	app, err := engine.Parse([]byte(a.DSL))
	if err != nil {
		return nil, err
	}
	f := engine.FormatYAML
	if format == "json" {
		f = engine.FormatJSON
	}
	return engine.Export(app, f)
}

// Delete removes an app; its runs stay for the audit trail.
func (s *AppService) Delete(ctx context.Context, id string) error { return s.db.DeleteApp(ctx, id) }

func appDTO(a store.App) App {
	return App{ID: a.ID, Name: a.Name, Mode: a.Mode, Description: a.Description, Version: a.Version,
		CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
}

func reportDTO(r *engine.ImportReport) ImportReport {
	if r == nil {
		return ImportReport{Source: "lexflow", Mapped: []ImportIssue{}, Unsupported: []ImportIssue{}, Warnings: []ImportIssue{}}
	}
	return ImportReport{Source: r.Source, SourceVersion: r.SourceVersion, Mapped: issues(r.Mapped),
		Unsupported: issues(r.Unsupported), Warnings: issues(r.Warnings)}
}

func issues(in []engine.Issue) []ImportIssue {
	out := make([]ImportIssue, len(in))
	for i, x := range in {
		out[i] = ImportIssue{NodeID: x.NodeID, Type: x.Type, Reason: x.Reason}
	}
	return out
}
