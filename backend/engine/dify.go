package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Dify's app DSL (what "Export DSL" writes): kind "app", version 0.x, the
// graph under workflow.graph with each node's real type in data.type (the
// node-level type is React Flow's "custom"). Lexflow's node data follows
// Dify's field names, so a supported node's data is kept as is and its node
// package reads it; what cannot carry over is reported, never dropped.

const (
	difyKind = "app"
	// difyKnownMinor is the newest 0.x DSL version these mappings were written for.
	difyKnownMinor = 4
)

// Issue is one finding of an import, about a node (NodeID set) or the app.
type Issue struct {
	NodeID string `json:"node_id,omitempty"`
	Type   string `json:"type,omitempty"`
	Reason string `json:"reason"`
}

// ImportReport says what an import did: which nodes were mapped, which
// could not be (they are kept, with their Dify type, so Compile names them
// and the editor can show them), and what needs the user's attention.
type ImportReport struct {
	Source        string  `json:"source"` // "lexflow" or "dify"
	SourceVersion string  `json:"source_version"`
	Mapped        []Issue `json:"mapped"`
	Unsupported   []Issue `json:"unsupported"`
	Warnings      []Issue `json:"warnings"`
}

// OK reports whether everything was mapped.
func (r *ImportReport) OK() bool { return len(r.Unsupported) == 0 }

// Import reads a Lexflow or a Dify DSL document (YAML or JSON).
func Import(data []byte) (*App, *ImportReport, error) {
	doc, err := parseDocument(data)
	if err != nil {
		return nil, nil, err
	}
	kind, version, err := peekKind(doc)
	if err != nil {
		return nil, nil, err
	}
	if kind == difyKind {
		return importDify(doc, version)
	}
	app, err := decodeApp(doc)
	if err != nil {
		return nil, nil, err
	}
	return app, &ImportReport{Source: "lexflow", SourceVersion: version}, nil
}

// difyMode maps Dify app modes to ours; chat, agent-chat and completion
// apps have no graph.
func difyMode(m Mode) (Mode, bool) {
	switch m {
	case "workflow":
		return ModeWorkflow, true
	case "advanced-chat":
		return ModeChatflow, true
	}
	return "", false
}

func importDify(doc []byte, version string) (*App, *ImportReport, error) {
	major, minor, err := parseVersion(version)
	if err != nil || major != 0 {
		return nil, nil, fmt.Errorf("import dify dsl: version %q, want 0.x: %w", version, ErrUnsupportedVersion)
	}
	var app App
	if err := json.Unmarshal(doc, &app); err != nil {
		return nil, nil, fmt.Errorf("import dify dsl: %w: %w", err, ErrMalformed)
	}
	mode, ok := difyMode(app.App.Mode)
	if !ok {
		return nil, nil, fmt.Errorf("import dify dsl: mode %q has no workflow (want workflow or advanced-chat): %w", app.App.Mode, ErrUnsupportedApp)
	}
	rep := &ImportReport{Source: "dify", SourceVersion: version}
	if minor > difyKnownMinor {
		rep.warn("", "", fmt.Sprintf("Dify DSL %s is newer than the 0.%d this import knows; check the result", version, difyKnownMinor))
	}
	app.Version, app.Kind, app.App.Mode = DSLVersion, DSLKind, mode
	for i := range app.Workflow.Graph.Nodes {
		if err := convertDifyNode(&app.Workflow.Graph.Nodes[i], rep); err != nil {
			return nil, nil, fmt.Errorf("import dify dsl: %w", err)
		}
	}
	difyAppWarnings(&app, rep)
	if err := app.checkShape(); err != nil {
		return nil, nil, err
	}
	return &app, rep, nil
}

func (r *ImportReport) warn(nodeID, typ, reason string) {
	r.Warnings = append(r.Warnings, Issue{NodeID: nodeID, Type: typ, Reason: reason})
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
}

type difyModel struct {
	Provider string `json:"provider"`
	Name     string `json:"name"`
}

// convertDifyNode moves data.type to the node's type and records the outcome.
func convertDifyNode(n *GraphNode, rep *ImportReport) error {
	var dd difyNodeData
	if len(n.Data) == 0 || n.Data[0] != '{' || json.Unmarshal(n.Data, &dd) != nil {
		return fmt.Errorf("node %q: data must be a mapping: %w", n.ID, ErrMalformed)
	}
	data, rewritten, err := rewriteDifyData(n.Data)
	if err != nil {
		return fmt.Errorf("node %q: %w", n.ID, err)
	}
	n.Data = data
	ours, reason := mapDifyType(dd)
	if ours == "" {
		n.Type = dd.Type
		rep.Unsupported = append(rep.Unsupported, Issue{NodeID: n.ID, Type: dd.Type, Reason: reason})
		return nil
	}
	if rewritten > 0 {
		reason += fmt.Sprintf("; %d [node, \"sys.x\"] selectors rewritten to [sys, x]", rewritten)
	}
	n.Type = ours
	rep.Mapped = append(rep.Mapped, Issue{NodeID: n.ID, Type: dd.Type, Reason: reason})
	difyNodeWarnings(n.ID, ours, dd, rep)
	return nil
}

// rewriteDifyData drops data.type and rewrites old-style system selectors
// ([start_id, "sys.query"]) to ours, keeping key order.
func rewriteDifyData(raw json.RawMessage) (json.RawMessage, int, error) {
	root, err := jsonToNode(raw)
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
	out, err := nodeToJSON(root)
	return out, n, err
}

func rewriteSysSelectors(n *yaml.Node) int {
	if n.Kind == yaml.SequenceNode && len(n.Content) == 2 && n.Content[1].Tag == "!!str" {
		if name, ok := strings.CutPrefix(n.Content[1].Value, NamespaceSys+"."); ok && n.Content[0].Tag == "!!str" {
			n.Content[0].Value, n.Content[1].Value = NamespaceSys, name
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
		"parameter-extractor", "if-else", "template-transform", "variable-aggregator", "tool":
		return true
	case "assigner", "list-operator", "code", "http-request", "agent", "document-extractor":
		return true
	}
	return false
}

// difyUnsupported explains a Dify node type Lexflow does not run.
func difyUnsupported(t string) string {
	switch t {
	case "code":
		return "runs user Python/JavaScript code, which Lexflow does not execute; use template-transform or a tool"
	case "http-request":
		return "calls the network; Lexflow's tools are local"
	case "iteration", "iteration-start":
		return "iterations are not supported yet"
	case "loop", "loop-start", "loop-end":
		return "loops are not supported yet"
	case "agent":
		return "agent strategies are Dify plugins"
	case "document-extractor":
		return "Lexflow extracts documents when they are added to the library"
	case "list-operator":
		return "list operations are not supported yet"
	case "assigner":
		return "writing conversation variables is not supported yet"
	}
	return "unknown Dify node type"
}

// mapDifyType returns our type and why, or "" and the reason it cannot map.
func mapDifyType(dd difyNodeData) (string, string) {
	switch {
	case dd.Type == "":
		return "", "the node has no data.type"
	case dd.IsInIteration || dd.IterationID != "":
		return "", "inside iteration " + dd.IterationID + ", which is not supported yet"
	case dd.IsInLoop || dd.LoopID != "":
		return "", "inside loop " + dd.LoopID + ", which is not supported yet"
	case dd.Type == "variable-assigner":
		return mapOldAssigner(dd)
	case difySupported(dd.Type):
		return dd.Type, "mapped to " + dd.Type
	}
	return "", difyUnsupported(dd.Type)
}

// mapOldAssigner: before Dify 0.6.13 "variable-assigner" was the variable
// aggregator (variables + output_type); later it writes conversation variables.
func mapOldAssigner(dd difyNodeData) (string, string) {
	if len(dd.Variables) > 0 && dd.OutputType != "" && len(dd.Assigned) == 0 && len(dd.Items) == 0 {
		return "variable-aggregator", "old variable-assigner (an aggregator) mapped to variable-aggregator"
	}
	return "", "writing conversation variables is not supported yet"
}

func difyNodeWarnings(id, typ string, dd difyNodeData, rep *ImportReport) {
	if dd.Model != nil {
		rep.warn(id, typ, fmt.Sprintf("model %q of provider %q: configure an equivalent provider and model in Lexflow", dd.Model.Name, dd.Model.Provider))
	}
	if dd.Vision != nil && dd.Vision.Enabled {
		rep.warn(id, typ, "vision is not supported; image inputs are ignored")
	}
	if len(dd.DatasetIDs) > 0 {
		rep.warn(id, typ, fmt.Sprintf("Dify datasets %v do not exist here; choose Lexflow collections", dd.DatasetIDs))
	}
	if typ == "tool" {
		rep.warn(id, typ, fmt.Sprintf("tool %q of %s provider %q: pick a Lexflow built-in tool", dd.ToolName, dd.ProviderType, dd.ProviderID))
	}
	if typ == "template-transform" {
		rep.warn(id, typ, "Jinja2 template: only Lexflow's template subset runs; check the template")
	}
}

// difyAppWarnings covers app-level features that do not carry over.
func difyAppWarnings(app *App, rep *ImportReport) {
	if _, ok := app.Extra["dependencies"]; ok {
		rep.warn("", "", "Dify plugin dependencies are ignored")
	}
	for _, v := range app.Workflow.EnvironmentVariables {
		if v.ValueType == TypeSecret && (len(v.Value) == 0 || string(v.Value) == `""`) {
			rep.warn("", "", fmt.Sprintf("secret environment variable %q came without its value; set it", v.Name))
		}
	}
	var features map[string]json.RawMessage
	if raw, ok := app.Workflow.Extra["features"]; ok && json.Unmarshal(raw, &features) == nil {
		for _, name := range sortedKeys(features) {
			var f struct {
				Enabled bool `json:"enabled"`
			}
			if json.Unmarshal(features[name], &f) == nil && f.Enabled {
				rep.warn("", "", fmt.Sprintf("app feature %q is kept but not used by Lexflow", name))
			}
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
