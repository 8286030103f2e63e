package api

import (
	"encoding/json"
	"strings"

	"lexflow/backend/dsl"
	"lexflow/examples"
)

// Templates lists the sample apps a new app can start from.
func (s *AppService) Templates() []AppTemplate {
	var out []AppTemplate
	for _, file := range examples.AppFiles() {
		id := strings.TrimSuffix(file, ".yml")
		app, err := templateApp(id)
		if err != nil {
			continue // a broken sample is caught by its test, not shown to users
		}
		out = append(out, AppTemplate{ID: id, Name: app.App.Name, Mode: string(app.App.Mode), Description: app.App.Description})
	}
	return out
}

// templateApp parses the sample app with the given id ("legal-qa").
func templateApp(id string) (*dsl.App, error) {
	if strings.ContainsAny(id, `/\.`) {
		return nil, invalid("template", "no template "+id)
	}
	doc, err := examples.App(id + ".yml")
	if err != nil {
		return nil, invalid("template", "no template "+id)
	}
	return dsl.Parse(doc)
}

// blankApp is the smallest graph that runs in a mode: a chatflow answers the
// question with a model, a workflow hands its input to its output.
func blankApp(mode dsl.Mode) *dsl.App {
	app := &dsl.App{Version: dsl.DSLVersion, Kind: dsl.DSLKind,
		App: dsl.AppInfo{Name: "Untitled " + string(mode), Mode: mode}}
	g := &app.Workflow.Graph
	if mode == dsl.ModeChatflow {
		g.Nodes = []dsl.GraphNode{
			node("start", "start", map[string]any{"title": "Start", "variables": []any{}}, 80, 200),
			node("llm", "llm", map[string]any{"title": "LLM", "model": map[string]any{"provider": "", "name": "", "mode": "chat"},
				"prompt_template": []any{map[string]any{"role": "system", "text": "You are a careful legal research assistant."}},
				// With memory, the model gets the conversation so far and the question itself.
				"memory": map[string]any{"window": map[string]any{"enabled": true, "size": 10}}}, 380, 200),
			node("answer", "answer", map[string]any{"title": "Answer", "answer": "{{#llm.text#}}"}, 680, 200),
		}
		g.Edges = []dsl.Edge{{ID: "start-llm", Source: "start", Target: "llm"}, {ID: "llm-answer", Source: "llm", Target: "answer"}}
		return app
	}
	g.Nodes = []dsl.GraphNode{
		node("start", "start", map[string]any{"title": "Start", "variables": []any{
			map[string]any{"variable": "text", "label": "Text", "type": "paragraph", "required": true}}}, 80, 200),
		node("end", "end", map[string]any{"title": "End", "outputs": []any{
			map[string]any{"variable": "text", "value_selector": []string{"start", "text"}}}}, 380, 200),
	}
	g.Edges = []dsl.Edge{{ID: "start-end", Source: "start", Target: "end"}}
	return app
}

func node(id, typ string, data map[string]any, x, y float64) dsl.GraphNode {
	raw, _ := json.Marshal(data) // maps of plain values always encode
	return dsl.GraphNode{ID: id, Type: typ, Data: raw, Position: &dsl.Position{X: x, Y: y}}
}
