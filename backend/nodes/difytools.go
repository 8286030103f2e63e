package nodes

import (
	"context"
	"encoding/json"

	"lexflow/backend/engine"
	"lexflow/backend/nodes/dify"
	"lexflow/backend/nodes/tools"
)

// Dify's tools in a tool node: a tool whose local equivalent exists runs
// that tool (dify.ToolEquivalent); any other tool of a Dify provider
// (provider_type builtin, api, plugin, workflow, mcp…) becomes a
// placeholder that compiles, so the rest of the flow can be tried, and
// fails when it runs with "replace this tool" and the parameters it was
// given. An agent's tools do the same (difyagent.go).

// ErrorTypeToolPlaceholder marks a run that reached a Dify tool with no
// Lexflow equivalent.
const ErrorTypeToolPlaceholder = "tool_not_replaced"

// placeholderFailure is the failure of a run that reached a Dify tool with
// no Lexflow equivalent, showing what it was given.
func placeholderFailure(providerType, tool, provider string, given map[string]any) error {
	shown, _ := json.Marshal(given)
	return fail(ErrorTypeToolPlaceholder, "replace this tool: Dify's %s tool %q of provider %q has no Lexflow equivalent (it was given %s)",
		providerType, tool, provider, shown)
}

// lookupTool finds a tool node's tool: by name, or by its Dify equivalent.
func lookupTool(reg *tools.Registry, data toolData) (tools.Tool, bool) {
	if t, ok := reg.Lookup(data.ToolName); ok {
		return t, true
	}
	if name := dify.ToolEquivalent(data.ProviderID, data.ToolName); name != "" {
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
		pd := map[string]any{"tool_name": data.ToolName, "provider_id": data.ProviderID, "provider_type": data.ProviderType, "arguments": values}
		return engine.NodeResult{Inputs: values, ProcessData: pd}, placeholderFailure(data.ProviderType, data.ToolName, data.ProviderID, values)
	}}, nil
}

// isDifyTool tells a tool imported from Dify (its provider is named) from
// a Lexflow tool node naming a tool that does not exist.
func isDifyTool(data toolData) bool {
	return data.ProviderType != "" || data.ProviderID != ""
}
