package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/store"
)

// maxAppName bounds a name so that lists stay readable.
const maxAppName = 120

// Create makes a new app, blank or from a template, and returns it with its DSL.
func (s *AppService) Create(ctx context.Context, in AppCreate) (AppDocument, error) {
	app, err := startingPoint(in)
	if err != nil {
		return AppDocument{}, err
	}
	if name := strings.TrimSpace(in.Name); name != "" {
		app.App.Name = name
	}
	if d := strings.TrimSpace(in.Description); d != "" {
		app.App.Description = d
	}
	if err := checkName(app.App.Name); err != nil {
		return AppDocument{}, err
	}
	saved, err := s.insert(ctx, app)
	if err != nil {
		return AppDocument{}, err
	}
	return s.document(saved, app)
}

// startingPoint is the template's DSL, or a blank graph in the given mode.
func startingPoint(in AppCreate) (*dsl.App, error) {
	if in.Template != "" {
		return templateApp(in.Template)
	}
	switch dsl.Mode(in.Mode) {
	case dsl.ModeChatflow, dsl.ModeWorkflow:
		return blankApp(dsl.Mode(in.Mode)), nil
	}
	return nil, invalid("mode", `mode must be "chatflow" or "workflow"`)
}

// Duplicate copies an app under a new name ("… (copy)").
func (s *AppService) Duplicate(ctx context.Context, id string) (App, error) {
	a, app, err := s.load(ctx, id)
	if err != nil {
		return App{}, err
	}
	app.App.Name = truncateName(a.Name + " (copy)")
	saved, err := s.insert(ctx, app)
	return appDTO(saved), err
}

// Rename sets an app's name and description, in its row and its DSL.
func (s *AppService) Rename(ctx context.Context, id string, in AppRename) (App, error) {
	name := strings.TrimSpace(in.Name)
	if err := checkName(name); err != nil {
		return App{}, err
	}
	_, app, err := s.load(ctx, id)
	if err != nil {
		return App{}, err
	}
	app.App.Name, app.App.Description = name, strings.TrimSpace(in.Description)
	saved, err := s.update(ctx, id, app, 0)
	return appDTO(saved), err
}

// Document returns an app with its DSL and its compile problems.
func (s *AppService) Document(ctx context.Context, id string) (AppDocument, error) {
	a, app, err := s.load(ctx, id)
	if err != nil {
		return AppDocument{}, err
	}
	return s.document(a, app)
}

// Save stores a new version of an app's DSL. A graph that does not compile is
// still saved, as a draft, with its problems in the answer: an edit is never
// lost to validation. Only a document that cannot be read at all is refused.
func (s *AppService) Save(ctx context.Context, id string, in AppSave) (AppDocument, error) {
	app, err := dsl.Parse([]byte(in.DSL))
	if err != nil {
		return AppDocument{}, badDSL(err)
	}
	cur, err := s.db.GetApp(ctx, id)
	if err != nil {
		return AppDocument{}, err
	}
	if strings.TrimSpace(app.App.Name) == "" {
		app.App.Name = cur.Name
	}
	if err := checkName(app.App.Name); err != nil {
		return AppDocument{}, err
	}
	saved, err := s.update(ctx, cur.ID, app, in.BaseVersion)
	if err != nil {
		return AppDocument{}, err
	}
	return s.document(saved, app)
}

// Validate compiles a DSL without saving it.
func (s *AppService) Validate(_ context.Context, in DSLCheck) (Validation, error) {
	app, err := dsl.Parse([]byte(in.DSL))
	if err != nil {
		return Validation{}, badDSL(err)
	}
	ps := s.problems(app)
	return Validation{Valid: len(ps) == 0, Problems: ps}, nil
}

// NodeTypes lists the node types a graph may use, sorted.
func (s *AppService) NodeTypes(context.Context) ([]string, error) {
	if s.registry == nil {
		return []string{}, nil
	}
	return s.registry.Types(), nil
}

// load reads an app and parses its DSL.
func (s *AppService) load(ctx context.Context, id string) (store.App, *dsl.App, error) {
	a, err := s.db.GetApp(ctx, id)
	if err != nil {
		return store.App{}, nil, err
	}
	app, err := dsl.Parse([]byte(a.DSL))
	if err != nil {
		return store.App{}, nil, err
	}
	return a, app, nil
}

func (s *AppService) insert(ctx context.Context, app *dsl.App) (store.App, error) {
	out, err := dsl.Export(app, dsl.FormatYAML)
	if err != nil {
		return store.App{}, err
	}
	return s.db.SaveApp(ctx, store.App{Name: app.App.Name, Mode: string(app.App.Mode),
		Description: app.App.Description, DSL: string(out)})
}

func (s *AppService) update(ctx context.Context, id string, app *dsl.App, base int) (store.App, error) {
	out, err := dsl.Export(app, dsl.FormatYAML)
	if err != nil {
		return store.App{}, err
	}
	return s.db.UpdateApp(ctx, store.App{ID: id, Name: app.App.Name, Mode: string(app.App.Mode),
		Description: app.App.Description, DSL: string(out)}, base)
}

// document is what the editor gets back: the DSL in the export's JSON form.
func (s *AppService) document(a store.App, app *dsl.App) (AppDocument, error) {
	out, err := dsl.Export(app, dsl.FormatJSON)
	if err != nil {
		return AppDocument{}, err
	}
	return AppDocument{App: appDTO(a), DSL: string(out), Problems: s.problems(app), Outputs: s.outputs(app),
		Sys: variableDecls(engine.SysVariables(app.App.Mode))}, nil
}

func checkName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return invalid("name", "give the app a name")
	case utf8.RuneCountInString(name) > maxAppName:
		return invalid("name", "the name is longer than 120 characters")
	}
	return nil
}

func truncateName(name string) string {
	if utf8.RuneCountInString(name) <= maxAppName {
		return name
	}
	return string([]rune(name)[:maxAppName])
}

func badDSL(err error) error {
	msg := err.Error()
	if errors.Is(err, dsl.ErrDifyDSL) {
		msg = "this is a Dify export: import it as a new app instead"
	}
	return &Error{Status: http.StatusBadRequest, Body: ErrorBody{Code: "bad_dsl", Message: msg, Field: "dsl"}}
}
