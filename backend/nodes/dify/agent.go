package dify

import (
	"encoding/json"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"lexflow/backend/dsl"
)

// Dify's agent node keeps its settings in agent_parameters {name: {type,
// value}} beside agent_strategy_name. The import moves the ones Lexflow's
// agent has fields for — model, instruction, query, maximum_iterations and
// the strategy — into those fields, so the Studio shows and edits them;
// agent_parameters keeps the rest: the tools (mapped to local ones, or
// placeholders, when the node is built) and a plugin strategy's own
// settings. agent_strategy_name stays, marking the node as Dify's.

// AgentStrategy maps Dify's built-in strategies to Lexflow's; a plugin's
// own strategy runs as Lexflow's agent would choose ("auto").
func AgentStrategy(name string) string {
	switch strings.ToLower(name) {
	case "function_calling":
		return "function_calling"
	case "react", "cot":
		return "react"
	}
	return "auto"
}

// agentSetting is a setting of Dify's agent_parameters that Lexflow's
// agent has a field for: Dify's name, ours, and the YAML tag a value must
// have to move (any other stays for the node to read, or report, as Dify
// wrote it); rewrite, when set, writes the value as our field does.
type agentSetting struct {
	dify, ours, tag string
	rewrite         func(*yaml.Node) *yaml.Node
}

// agentSettings are the settings that move, in the order our fields are written.
var agentSettings = []agentSetting{
	{dify: "model", ours: "model", tag: "!!map", rewrite: ourModel},
	{dify: "instruction", ours: "instruction", tag: "!!str"},
	{dify: "query", ours: "query", tag: "!!str"},
	{dify: "maximum_iterations", ours: "max_iterations", tag: "!!int"},
}

// movable is the settings of params (agent_parameters) that move, as a
// mapping of our field names to their values.
func movable(params *yaml.Node) *yaml.Node {
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, s := range agentSettings {
		v := dsl.MappingValue(dsl.MappingValue(params, s.dify), "value")
		if v == nil || v.Tag != s.tag {
			continue
		}
		if s.rewrite != nil {
			v = s.rewrite(v)
		}
		out.Content = append(out.Content, dsl.YAMLString(s.ours), v)
	}
	return out
}

// AgentSettings are the settings of a Dify agent node's agent_parameters
// that move into our agent's fields, as JSON under our names: what the
// import moves, for a node still written Dify's way. Nil when params
// cannot be read.
func AgentSettings(params map[string]json.RawMessage) json.RawMessage {
	raw, err := json.Marshal(params)
	if err != nil {
		return nil
	}
	tree, err := dsl.JSONTree(raw)
	if err != nil {
		return nil
	}
	out, err := dsl.TreeJSON(movable(tree))
	if err != nil {
		return nil
	}
	return out
}

// moveAgentSettings rewrites a Dify agent node's data tree in place; data
// without agent_parameters is left alone. A field we already have keeps
// its value.
func moveAgentSettings(root *yaml.Node) {
	params := dsl.MappingValue(root, "agent_parameters")
	if params == nil || params.Kind != yaml.MappingNode {
		return
	}
	moved := movable(params)
	if s := dsl.MappingValue(root, "agent_strategy_name"); s != nil {
		moved.Content = append(moved.Content, dsl.YAMLString("strategy"), dsl.YAMLString(AgentStrategy(s.Value)))
	}
	for i := 0; i+1 < len(moved.Content); i += 2 {
		if dsl.MappingValue(root, moved.Content[i].Value) == nil {
			root.Content = append(root.Content, moved.Content[i], moved.Content[i+1])
		}
	}
	for i := 0; i+1 < len(params.Content); {
		if isMoved(params.Content[i].Value, moved) {
			params.Content = slices.Delete(params.Content, i, i+2)
			continue
		}
		i += 2
	}
}

// isMoved tells whether the agent_parameters entry named difyName moved.
func isMoved(difyName string, moved *yaml.Node) bool {
	i := slices.IndexFunc(agentSettings, func(s agentSetting) bool { return s.dify == difyName })
	return i >= 0 && dsl.MappingValue(moved, agentSettings[i].ours) != nil
}

// agentParamUsed tells whether Lexflow's agent reads the agent_parameters
// entry named difyName: a setting that moves, or the tools.
func agentParamUsed(difyName string) bool {
	return difyName == "tools" || slices.ContainsFunc(agentSettings, func(s agentSetting) bool { return s.dify == difyName })
}

// ourModel is the agent's model {provider, model, mode, completion_params}
// as Lexflow's model field writes it: {provider, name, mode, completion_params}.
func ourModel(m *yaml.Node) *yaml.Node {
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, key := range []string{"provider", "model", "mode", "completion_params"} {
		if v := dsl.MappingValue(m, key); v != nil {
			name := key
			if key == "model" {
				name = "name"
			}
			out.Content = append(out.Content, dsl.YAMLString(name), v)
		}
	}
	return out
}
