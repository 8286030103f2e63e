package nodes

import (
	"context"
	"encoding/json"
	"slices"

	"lexflow/backend/engine"
	"lexflow/backend/nodes/tools"
)

// tool runs a local tool (Dify's tool node): tool_name picks it from the
// registry (provider_id/provider_type are kept but not needed: every tool
// is built in); tool_parameters {name: {type, value}} fill its arguments —
// type "variable" reads a selector, "mixed" renders a template, "constant"
// is as written — and tool_configurations add constants. Arguments are
// checked against the tool's JSON Schema when the app compiles (unknown or
// missing required parameters) and coerced when it runs. Outputs: text,
// json (a list of objects, as Dify's) and files (always empty).
//
// Variable extraction: a parameter of type "extraction" is
// filled by a virtual LLM node over an upstream node's conversation
// (extraction.go); virtual_nodes declares full sub-nodes under local ids,
// which "variable" parameters reference ([ext_1, text]). They all run, in
// order, before the tool (toolvirtual.go).
type toolData struct {
	ProviderID         string               `json:"provider_id"`
	ProviderType       string               `json:"provider_type"`
	ToolName           string               `json:"tool_name"`
	ToolParameters     map[string]toolParam `json:"tool_parameters"`
	ToolConfigurations map[string]any       `json:"tool_configurations"`
	VirtualNodes       []virtualNodeDef     `json:"virtual_nodes"`
}

type toolParam struct {
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

// toolArg is a compiled parameter.
type toolArg struct {
	name     string
	kind     string
	selector engine.Selector
	tpl      engine.Template
	constant any
	// virtual is the id of the virtual node whose output at selector fills
	// the parameter (kinds "extraction" and "virtual").
	virtual string
}

func newToolNode(reg *tools.Registry) engine.NodeFactory {
	return func(def engine.NodeDef) (engine.Node, error) {
		var data toolData
		if err := decode(def, &data); err != nil {
			return nil, err
		}
		t, ok := lookupTool(reg, data)
		if !ok && isDifyTool(data) {
			return newToolPlaceholder(data)
		}
		if !ok {
			return nil, fieldError("tool_name", "This tool does not exist in Lexflow: choose another.", "%q is not a Lexflow tool (tools: %s)", data.ToolName, reg.Known())
		}
		tn := &toolNode{tool: t, defaults: def.Settings.ErrorStrategy == engine.StrategyDefaultValue}
		if err := tn.compile(def, data); err != nil {
			return nil, err
		}
		return node{spec: tn.spec(), run: tn.run}, nil
	}
}

// toolNode is a configured tool node.
type toolNode struct {
	tool    tools.Tool
	args    []toolArg
	virtual []engine.VirtualNode
	// defaults: the node's error strategy is default_value, so a failed
	// virtual node leaves its parameters empty instead of failing the tool.
	defaults bool
}

func (tn *toolNode) compile(def engine.NodeDef, data toolData) error {
	var err error
	if tn.virtual, err = declaredVirtuals(def.ID, data.VirtualNodes); err != nil {
		return err
	}
	if tn.args, err = toolArgs(data, tn.tool); err != nil {
		return err
	}
	return tn.bindVirtuals(def, data)
}

func toolArgs(data toolData, t tools.Tool) ([]toolArg, error) {
	schema, err := tools.ParseSchema(t.Parameters())
	if err != nil {
		return nil, fieldError("tool_name", "This tool is declared wrongly in this version of Lexflow.", "%v", err)
	}
	var args []toolArg
	for _, name := range sortedNames(data.ToolConfigurations) {
		args = append(args, toolArg{name: name, kind: "constant", constant: data.ToolConfigurations[name]})
	}
	for _, name := range sortedNames(data.ToolParameters) {
		a, err := compileToolParam(name, data.ToolParameters[name])
		if err != nil {
			return nil, err
		}
		args = append(args, a)
	}
	return args, checkToolArgs(args, schema, t.Name())
}

func compileToolParam(name string, p toolParam) (toolArg, error) {
	field := "tool_parameters." + name
	a := toolArg{name: name, kind: p.Type}
	switch p.Type {
	case "variable":
		if err := json.Unmarshal(p.Value, &a.selector); err != nil {
			return a, fieldError(field+".value", "Choose a variable.", "want a selector [node_id, variable]: %v", err)
		}
		return a, checkSelector(field+".value", a.selector)
	case "mixed", "":
		var text string
		if err := json.Unmarshal(p.Value, &text); err != nil {
			return a, fieldError(field+".value", "Write the value as text.", "want a template string: %v", err)
		}
		a.kind, a.tpl = "mixed", engine.ParseTemplate(text)
		return a, nil
	case "constant":
		if err := json.Unmarshal(p.Value, &a.constant); err != nil && len(p.Value) > 0 {
			return a, fieldError(field+".value", "This value could not be read: set it again.", "%v", err)
		}
		return a, nil
	case "extraction":
		return a, nil // bound to its virtual node by bindVirtuals
	}
	return a, fieldError(field+".type", "Choose how the value is given.", "%q: want variable, mixed, constant or extraction", p.Type)
}

func checkToolArgs(args []toolArg, schema tools.Schema, tool string) error {
	given := map[string]bool{}
	for _, a := range args {
		if _, ok := schema.Properties[a.name]; !ok {
			return fieldError("tool_parameters."+a.name, "The tool has no such parameter: remove it.", "tool %s has no such parameter (it has %s)", tool, quoted(schema.Names()))
		}
		given[a.name] = true
	}
	for _, req := range schema.Required {
		if !given[req] {
			return fieldError("tool_parameters."+req, "The tool needs this parameter: give it a value.", "tool %s needs this parameter", tool)
		}
	}
	return nil
}

// argInputs are the variables tool arguments read: a variable's selector,
// a text's references.
func argInputs(args []toolArg) []engine.Input {
	var ins []engine.Input
	for _, a := range args {
		switch a.kind {
		case "variable":
			ins = addInput(ins, engine.Input{Selector: a.selector, Type: engine.TypeAny, Field: "tool_parameters." + a.name + ".value"})
		case "mixed":
			for _, in := range withField("tool_parameters."+a.name+".value", templateInputs(a.tpl.String())) {
				ins = addInput(ins, in)
			}
		}
	}
	return ins
}

func (tn *toolNode) spec() engine.Spec {
	return engine.Spec{Inputs: argInputs(tn.args), Virtual: tn.virtual, Outputs: []engine.Output{{Name: "text", Type: engine.TypeString},
		{Name: "json", Type: engine.TypeArrayObject}, {Name: "files", Type: engine.TypeArrayFile}}}
}

func (tn *toolNode) run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	pd := map[string]any{"tool_name": tn.tool.Name()}
	if len(tn.virtual) > 0 {
		pd["extraction_nodes"] = tn.virtualIDs()
	}
	sub, err := tn.runVirtuals(ctx, in, pd)
	if err != nil {
		return engine.NodeResult{ProcessData: pd}, err
	}
	values := map[string]any{}
	for _, a := range tn.args {
		if v, ok := a.value(in.Vars, sub); ok {
			values[a.name] = v
		}
	}
	raw, _ := json.Marshal(values)
	pd["arguments"] = values
	res := engine.NodeResult{Inputs: values, ProcessData: pd}
	out, err := tools.Invoke(ctx, tn.tool, raw)
	if err != nil {
		return res, &Failure{Type: ErrorTypeTool, Err: err}
	}
	res.Outputs = map[string]engine.Value{"text": engine.String(out.Text), "json": jsonOutput(out.JSON), "files": engine.Files(nil)}
	return res, nil
}

func (a toolArg) value(vars engine.Vars, sub virtualOutputs) (any, bool) {
	switch a.kind {
	case "extraction", "virtual":
		return sub.value(a.virtual, a.selector), true
	case "variable":
		v, ok := vars.Get(a.selector)
		return plainValue(v), ok
	case "mixed":
		return vars.Render(a.tpl), true
	}
	return a.constant, a.constant != nil
}

// jsonOutput is Dify's json output: a list of objects.
func jsonOutput(v any) engine.Value {
	items := []any{}
	switch x := engine.ValueOf(v).Any().(type) {
	case map[string]any:
		items = append(items, x)
	case []any:
		for _, it := range x {
			if m, ok := it.(map[string]any); ok {
				items = append(items, m)
			}
		}
	}
	return engine.Array(engine.TypeObject, items)
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}
