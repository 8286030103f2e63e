// Package dify imports Dify's exported apps (DSL 0.x, the workflow and
// advanced-chat apps with a graph, and the chat, agent-chat and completion
// apps without one) as Lexflow apps, beside the node types it maps them to,
// and reports node by node what came over (dsl.ImportReport). Import also
// reads Lexflow's own DSL, so one call takes any file a user brings.
package dify

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// Dify's app DSL (what "Export DSL" writes): kind "app", version 0.x, the
// graph under workflow.graph with each node's real type in data.type (the
// node-level type is React Flow's "custom"). Lexflow's node data follows
// Dify's field names, so a supported node's data is kept as is and its node
// package reads it; what cannot carry over is reported, never dropped.

const (
	// difyKnownMinor is the newest 0.x DSL version these mappings were written for.
	difyKnownMinor = 4
)

// Import reads a Lexflow or a Dify DSL document (YAML or JSON). A document
// without kind and version is an older Dify export (0.1.0). The report lists
// every node; Settle adds what Compile finds.
func Import(data []byte) (*dsl.App, *dsl.ImportReport, error) {
	doc, err := dsl.ParseDocument(data)
	if err != nil {
		return nil, nil, err
	}
	kind, version, err := dsl.PeekKind(doc)
	if err != nil {
		return nil, nil, err
	}
	if kind == "" && version == "" {
		kind, version = dsl.DifyKind, "0.1.0"
	}
	if kind == dsl.DifyKind {
		return importDify(doc, version)
	}
	app, err := dsl.DecodeJSON(doc)
	if err != nil {
		return nil, nil, err
	}
	return app, lexflowReport(app, version), nil
}

// lexflowReport lists a Lexflow document's nodes; a node an earlier import
// could not map, still of the type it had then, is still unsupported, and
// Dify tools that are still placeholders still need replacing.
func lexflowReport(app *dsl.App, version string) *dsl.ImportReport {
	rep := dsl.NewReport("lexflow", version)
	rep.Models, rep.Datasets = dsl.ModelUses(app), dsl.DatasetUses(app)
	for _, n := range app.Workflow.Graph.Nodes {
		line := rep.Node(n.ID)
		line.Title, line.SourceType = nodeTitle(n.Data), n.Type
		var dd difyNodeData
		if json.Unmarshal(n.Data, &dd) == nil {
			dd.Type = n.Type
			difyToolNotes(dd, line)
		}
		if app.Import == nil {
			continue
		}
		if before := app.Import.Find(n.ID); before != nil && before.Outcome == dsl.OutcomeUnsupported && before.SourceType == n.Type {
			line.Outcome, line.Details = dsl.OutcomeUnsupported, before.Details
		}
	}
	return rep
}

// nodeTitle reads data.title.
func nodeTitle(data json.RawMessage) string {
	var d struct {
		Title string `json:"title"`
	}
	_ = json.Unmarshal(data, &d)
	return strings.TrimSpace(d.Title)
}

// difyMode maps Dify app modes with a graph to ours; chat, agent-chat and
// completion apps have none (importBasicApp builds one).
func difyMode(m dsl.Mode) (dsl.Mode, bool) {
	switch m {
	case "workflow":
		return dsl.ModeWorkflow, true
	case "advanced-chat":
		return dsl.ModeChatflow, true
	}
	return "", false
}

func importDify(doc []byte, version string) (*dsl.App, *dsl.ImportReport, error) {
	major, minor, err := dsl.ParseVersion(version)
	if err != nil || major != 0 {
		return nil, nil, fmt.Errorf("import dify dsl: version %q, want 0.x: %w", version, dsl.ErrUnsupportedVersion)
	}
	var app dsl.App
	if err := json.Unmarshal(doc, &app); err != nil {
		return nil, nil, fmt.Errorf("import dify dsl: %w: %w", err, dsl.ErrMalformed)
	}
	rep := dsl.NewReport("dify", version)
	mode, ok := difyMode(app.App.Mode)
	if !ok {
		if err := importBasicApp(&app, rep); err != nil {
			return nil, nil, fmt.Errorf("import dify dsl: %w", err)
		}
		mode = app.App.Mode
	}
	if minor > difyKnownMinor {
		rep.Notes = append(rep.Notes, fmt.Sprintf("Dify DSL %s is newer than the 0.%d this import knows; check the result", version, difyKnownMinor))
	}
	app.Version, app.Kind, app.App.Mode = dsl.DSLVersion, dsl.DSLKind, mode
	moveStickyNotes(&app.Workflow.Graph)
	for i := range app.Workflow.Graph.Nodes {
		if err := convertDifyNode(&app.Workflow.Graph.Nodes[i], rep); err != nil {
			return nil, nil, fmt.Errorf("import dify dsl: %w", err)
		}
	}
	difyAppNotes(&app, rep)
	rep.Models, rep.Datasets = dsl.ModelUses(&app), dsl.DatasetUses(&app)
	if err := app.CheckShape(); err != nil {
		return nil, nil, err
	}
	return &app, rep, nil
}

// importBasicApp gives a chat, agent-chat or completion app the graph Dify
// runs it as, from its model_config.
func importBasicApp(app *dsl.App, rep *dsl.ImportReport) error {
	var ours dsl.Mode
	switch app.App.Mode {
	case "chat", "agent-chat":
		ours = dsl.ModeChatflow
	case "completion":
		ours = dsl.ModeWorkflow
	default:
		return fmt.Errorf("mode %q (want workflow, advanced-chat, chat, agent-chat or completion): %w", app.App.Mode, dsl.ErrUnsupportedApp)
	}
	raw, ok := app.Extra["model_config"]
	if !ok {
		return fmt.Errorf("a %s app without model_config: %w", app.App.Mode, dsl.ErrMalformed)
	}
	graph, features, err := basicGraph(raw, string(app.App.Mode))
	if err != nil {
		return err
	}
	rep.Notes = append(rep.Notes, fmt.Sprintf("a Dify %s app, imported as a %s of %d steps", app.App.Mode, ours, len(graph.Nodes)))
	delete(app.Extra, "model_config")
	if len(app.Extra) == 0 {
		app.Extra = nil // as decoding a document without other keys leaves it
	}
	if app.Workflow.Extra == nil {
		app.Workflow.Extra = dsl.Extra{}
	}
	app.Workflow.Graph, app.Workflow.Extra["features"], app.App.Mode = graph, features, ours
	return nil
}

// difyNoteType is the React Flow type of Dify's sticky notes: canvas
// annotations, not steps.
const difyNoteType = "custom-note"

// moveStickyNotes moves Dify's sticky notes out of the nodes into the
// graph's notes, which the canvas shows and export writes back.
func moveStickyNotes(g *dsl.Graph) {
	g.Nodes = slices.DeleteFunc(g.Nodes, func(n dsl.GraphNode) bool {
		if n.Type == difyNoteType {
			g.Notes = append(g.Notes, n)
			return true
		}
		return false
	})
}

// difyNodeData is the part of a Dify node's data the import reads.
type difyNodeData struct {
	Type          string                  `json:"type"`
	IsInIteration bool                    `json:"isInIteration"`
	IsInLoop      bool                    `json:"isInLoop"`
	IterationID   string                  `json:"iteration_id"`
	LoopID        string                  `json:"loop_id"`
	Model         *difyModel              `json:"model"`
	Vision        *struct{ Enabled bool } `json:"vision"`
	DatasetIDs    []string                `json:"dataset_ids"`
	ProviderID    string                  `json:"provider_id"`
	ProviderType  string                  `json:"provider_type"`
	ToolName      string                  `json:"tool_name"`
	Variables     json.RawMessage         `json:"variables"`
	OutputType    string                  `json:"output_type"`
	Items         json.RawMessage         `json:"items"`
	Assigned      json.RawMessage         `json:"assigned_variable_selector"`
	// A Dify agent node's settings and strategy.
	AgentParameters  map[string]json.RawMessage `json:"agent_parameters"`
	StrategyName     string                     `json:"agent_strategy_name"`
	StrategyProvider string                     `json:"agent_strategy_provider_name"`
}

type difyModel struct {
	Provider string `json:"provider"`
	Name     string `json:"name"`
}

// convertDifyNode moves data.type to the node's type and records the outcome.
func convertDifyNode(n *dsl.GraphNode, rep *dsl.ImportReport) error {
	var dd difyNodeData
	if len(n.Data) == 0 || n.Data[0] != '{' || json.Unmarshal(n.Data, &dd) != nil {
		return fmt.Errorf("node %q: data must be a mapping: %w", n.ID, dsl.ErrMalformed)
	}
	data, rewritten, err := rewriteDifyData(n.Data)
	if err != nil {
		return fmt.Errorf("node %q: %w", n.ID, err)
	}
	n.Data = data
	placeInContainer(n, dd)
	line := rep.Node(n.ID)
	line.Title, line.SourceType = nodeTitle(data), dd.Type
	ours, reason := mapDifyType(dd)
	if ours == "" {
		n.Type = dd.Type
		line.Note(dsl.OutcomeUnsupported, reason)
		return nil
	}
	n.Type = ours
	if ours != dd.Type {
		line.Note(dsl.OutcomeChanged, reason)
	}
	if rewritten > 0 {
		line.Note(dsl.OutcomeChanged, fmt.Sprintf("%d system variable %s rewritten from [node, \"sys.x\"] to [sys, x].", rewritten, plural(rewritten, "reference", "references")))
	}
	difyNodeNotes(dd, line)
	difyToolNotes(dd, line)
	return nil
}

// placeInContainer puts a step of an iteration's or a loop's body inside it:
// Dify's exports name the container in parentId, and in data too
// (iteration_id, loop_id), which is all some older ones have.
func placeInContainer(n *dsl.GraphNode, dd difyNodeData) {
	if n.ParentID != "" {
		return
	}
	switch {
	case dd.IsInIteration && dd.IterationID != "":
		n.ParentID = dd.IterationID
	case dd.IsInLoop && dd.LoopID != "":
		n.ParentID = dd.LoopID
	}
}

// rewriteDifyData drops data.type, rewrites old-style system selectors
// ([start_id, "sys.query"]) to ours and moves a Dify agent's settings into
// our agent's fields, keeping key order.
func rewriteDifyData(raw json.RawMessage) (json.RawMessage, int, error) {
	root, err := dsl.JSONTree(raw)
	if err != nil {
		return nil, 0, err
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "type" {
			root.Content = slices.Delete(root.Content, i, i+2)
			break
		}
	}
	n := rewriteSysSelectors(root)
	moveAgentSettings(root)
	out, err := dsl.TreeJSON(root)
	return out, n, err
}

func rewriteSysSelectors(n *yaml.Node) int {
	if n.Kind == yaml.SequenceNode && len(n.Content) == 2 && n.Content[1].Tag == "!!str" {
		if name, ok := strings.CutPrefix(n.Content[1].Value, engine.NamespaceSys+"."); ok && n.Content[0].Tag == "!!str" {
			n.Content[0].Value, n.Content[1].Value = engine.NamespaceSys, name
			return 1
		}
	}
	count := 0
	for _, c := range n.Content {
		count += rewriteSysSelectors(c)
	}
	return count
}

// difySupported reports whether Lexflow runs a Dify node type; our type
// names are Dify's.
func difySupported(t string) bool {
	switch t {
	case "start", "end", "answer", "llm", "knowledge-retrieval", "question-classifier",
		"parameter-extractor", "if-else", "template-transform", "variable-aggregator", "tool",
		"assigner", "list-operator", "code", "http-request", "agent", "document-extractor",
		"iteration", "iteration-start", "loop", "loop-start", "loop-end":
		return true
	}
	return false
}

// mapDifyType returns our type and why, or "" and the reason it cannot map.
func mapDifyType(dd difyNodeData) (string, string) {
	switch {
	case dd.Type == "":
		return "", "the node has no data.type"
	case dd.Type == "variable-assigner":
		return mapOldAssigner(dd)
	case difySupported(dd.Type):
		return dd.Type, "mapped to " + dd.Type
	}
	return "", "unknown Dify node type"
}

// mapOldAssigner: before Dify 0.6.13 "variable-assigner" was the variable
// aggregator (variables + output_type); later it writes conversation variables.
func mapOldAssigner(dd difyNodeData) (string, string) {
	if len(dd.Variables) > 0 && dd.OutputType != "" && len(dd.Assigned) == 0 && len(dd.Items) == 0 {
		return "variable-aggregator", "old variable-assigner (an aggregator) mapped to variable-aggregator"
	}
	return "", "writing conversation variables is not supported yet"
}

func difyNodeNotes(dd difyNodeData, line *dsl.NodeImport) {
	if dd.Vision != nil && dd.Vision.Enabled {
		line.Note(dsl.OutcomeChanged, "vision is not supported: image inputs are ignored")
	}
}

// difyAppNotes covers app-level features that do not carry over.
func difyAppNotes(app *dsl.App, rep *dsl.ImportReport) {
	if _, ok := app.Extra["dependencies"]; ok {
		rep.Notes = append(rep.Notes, "Dify plugin dependencies are ignored")
	}
	for _, v := range app.Workflow.EnvironmentVariables {
		if v.ValueType == string(engine.TypeSecret) && (len(v.Value) == 0 || string(v.Value) == `""`) {
			rep.Notes = append(rep.Notes, fmt.Sprintf("secret environment variable %q came without its value; set it", v.Name))
		}
	}
	var features map[string]json.RawMessage
	if raw, ok := app.Workflow.Extra["features"]; ok && json.Unmarshal(raw, &features) == nil {
		for _, name := range slices.Sorted(maps.Keys(features)) {
			var f struct {
				Enabled bool `json:"enabled"`
			}
			if json.Unmarshal(features[name], &f) == nil && f.Enabled {
				rep.Notes = append(rep.Notes, fmt.Sprintf("app feature %q is kept but not used by Lexflow", name))
			}
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
