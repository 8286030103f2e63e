package api

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/nodes/dify"
	"lexflow/backend/store"
)

// Import stores a DSL as a new app in Lexflow's DSL: every model pair mapped
// to a configured model, the datasets the caller chose mapped to
// collections, the name made unique, and the result compiled, so
// that the report says node by node what came over and whether the app can
// run. The report is kept in the app's DSL. Malformed input, a model or
// dataset map that does not fit, or a dry run write nothing.
func (s *AppService) Import(ctx context.Context, in AppImport) (AppImported, error) {
	app, rep, err := dify.Import([]byte(in.DSL))
	if err != nil {
		return AppImported{}, &Error{Status: 400, Body: ErrorBody{Code: "bad_dsl", Message: err.Error(), Field: "dsl"}}
	}
	if err := s.mapModels(ctx, rep, in); err != nil {
		return AppImported{}, err
	}
	if err := dsl.MapModels(app, rep); err != nil {
		return AppImported{}, invalid("modelMap", err.Error())
	}
	if err := s.mapDatasets(ctx, rep, in); err != nil {
		return AppImported{}, err
	}
	if err := dsl.MapDatasets(app, rep); err != nil {
		return AppImported{}, invalid("datasetMap", err.Error())
	}
	name, err := s.uniqueName(ctx, cmp.Or(strings.TrimSpace(in.Name), strings.TrimSpace(app.App.Name), "Imported app"))
	if err != nil {
		return AppImported{}, err
	}
	app.App.Name = name
	rep.Settle(problemsByNode(s.compileProblems(app)))
	app.Import = rep
	if in.DryRun {
		return AppImported{App: App{Name: name, Mode: string(app.App.Mode), Description: app.App.Description}, Report: *rep}, nil
	}
	out, err := dsl.Export(app, dsl.FormatYAML)
	if err != nil {
		return AppImported{}, err
	}
	saved, err := s.db.SaveApp(ctx, store.App{Name: name, Mode: string(app.App.Mode), Description: app.App.Description, DSL: string(out)})
	if err != nil {
		return AppImported{}, err
	}
	return AppImported{App: appDTO(saved), Report: *rep}, nil
}

// uniqueName returns name, or "name (2)", "name (3)"… when apps have it.
func (s *AppService) uniqueName(ctx context.Context, name string) (string, error) {
	apps, err := s.db.ListApps(ctx)
	if err != nil {
		return "", err
	}
	taken := func(n string) bool {
		return slices.ContainsFunc(apps, func(a store.App) bool { return strings.EqualFold(a.Name, n) })
	}
	candidate := name
	for i := 2; taken(candidate); i++ {
		candidate = fmt.Sprintf("%s (%d)", name, i)
	}
	return candidate, nil
}

// mapModels proposes a configured model for each pair the DSL names: the
// one the caller's map gives, else a configured model of the same name,
// else the default model.
func (s *AppService) mapModels(ctx context.Context, rep *dsl.ImportReport, in AppImport) error {
	for from := range in.ModelMap {
		if !slices.ContainsFunc(rep.Models, func(m dsl.ModelMapping) bool { return m.From == from }) {
			return invalid("modelMap", fmt.Sprintf("the app uses no model %q; it uses %s", from, modelList(rep.Models)))
		}
	}
	if len(rep.Models) == 0 {
		return nil
	}
	choices, err := s.modelChoices(ctx)
	if err != nil {
		return err
	}
	fallback := in.DefaultModel
	if fallback != "" && !choices.hasProvider(fallback) {
		return invalid("defaultModel", fmt.Sprintf("no provider is configured for %q; add it first or choose one of %s", fallback, strings.Join(choices.providers, ", ")))
	}
	fallback = cmp.Or(fallback, choices.fallback)
	for i := range rep.Models {
		m := &rep.Models[i]
		if to := in.ModelMap[m.From]; to != "" {
			if !choices.hasProvider(to) {
				return invalid("modelMap", fmt.Sprintf("no provider is configured for %q", to))
			}
			m.To, m.Why = to, "as chosen"
			continue
		}
		if same := choices.sameModel(m.From); same != "" {
			m.To, m.Why = same, "the same model is configured"
			continue
		}
		m.To, m.Why = fallback, "the default model"
	}
	return nil
}

func modelList(models []dsl.ModelMapping) string {
	names := make([]string, len(models))
	for i, m := range models {
		names[i] = m.From
	}
	return quotedList(names)
}

// quotedList is "a", "b" — or none.
func quotedList(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	quoted := make([]string, len(items))
	for i, it := range items {
		quoted[i] = fmt.Sprintf("%q", it)
	}
	return strings.Join(quoted, ", ")
}

// compileProblems compiles app against the registry runs use.
func (s *AppService) compileProblems(app *dsl.App) []engine.Problem {
	if s.registry == nil {
		return nil
	}
	_, err := engine.Compile(app, s.registry)
	if err == nil {
		return nil
	}
	if ce, ok := err.(*engine.CompileError); ok {
		return ce.Problems
	}
	return []engine.Problem{{Message: "The app could not be checked.", Detail: err.Error()}}
}

// problemsByNode files each problem's message under the node it is about,
// every node of a problem about several (a cycle), "" for the app.
func problemsByNode(problems []engine.Problem) map[string][]string {
	out := map[string][]string{}
	for _, p := range problems {
		ids := p.NodeIDs
		if p.NodeID != "" {
			ids = []string{p.NodeID}
		}
		if len(ids) == 0 {
			ids = []string{""}
		}
		for _, id := range ids {
			out[id] = append(out[id], p.Message)
		}
	}
	return out
}
