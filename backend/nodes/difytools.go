package nodes

import (
	"context"
	"encoding/json"
	"strings"

	"lexflow/backend/engine"
	"lexflow/backend/nodes/tools"
)

// Dify's tools in a tool node: a tool whose local equivalent exists runs
// that tool (difyToolEquivalents); any other tool of a Dify provider
// (provider_type builtin, api, plugin, workflow, mcp…) becomes a
// placeholder that compiles, so the rest of the flow can be tried, and
// fails when it runs with "replace this tool" and the parameters it was
// given.

// difyToolEquivalents maps "provider/tool" as Dify names it to a Lexflow
// tool taking the same parameters.
var difyToolEquivalents = map[string]string{
	"time/current_time": "current_time",
}

// ErrorTypeToolPlaceholder marks a run that reached a Dify tool with no
// Lexflow equivalent.
const ErrorTypeToolPlaceholder = "tool_not_replaced"

// difyEquivalent finds the local tool for a Dify tool, "" when none. A
// plugin provider id ("langgenius/time/time") is read by its last part.
func difyEquivalent(providerID, toolName string) string {
	provider := providerID[strings.LastIndex(providerID, "/")+1:]
	return difyToolEquivalents[provider+"/"+toolName]
}

// lookupTool finds a tool node's tool: by name, or by its Dify equivalent.
func lookupTool(reg *tools.Registry, data toolData) (tools.Tool, bool) {
	if t, ok := reg.Lookup(data.ToolName); ok {
		return t, true
	}
	if name := difyEquivalent(data.ProviderID, data.ToolName); name != "" {
		return reg.Lookup(name)
	}
	return nil, false
}

// newToolPlaceholder stands in for a Dify tool Lexflow does not have.
func newToolPlaceholder(data toolData) (engine.Node, error) {
	var args []toolArg
	for _, name := range sortedNames(data.ToolParameters) {
		a, err := compileToolParam(name, data.ToolParameters[name])
		if err != nil {
			return nil, err
		}
		args = append(args, a)
	}
	spec := (&toolNode{args: args}).spec()
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		values := map[string]any{}
		for _, a := range args {
			if v, ok := a.value(in.Vars, nil); ok {
				values[a.name] = v
			}
		}
		for k, v := range data.ToolConfigurations {
			values[k] = v
		}
		shown, _ := json.Marshal(values)
		pd := map[string]any{"tool_name": data.ToolName, "provider_id": data.ProviderID, "provider_type": data.ProviderType, "arguments": values}
		return engine.NodeResult{Inputs: values, ProcessData: pd}, fail(ErrorTypeToolPlaceholder,
			"replace this tool: Dify's %s tool %q of provider %q has no Lexflow equivalent (it was given %s)", data.ProviderType, data.ToolName, data.ProviderID, shown)
	}}, nil
}

// isDifyTool tells a tool imported from Dify (its provider is named) from
// a Lexflow tool node naming a tool that does not exist.
func isDifyTool(data toolData) bool {
	return data.ProviderType != "" || data.ProviderID != ""
}
