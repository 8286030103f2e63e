package dify

import (
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

// moveAgentSettings rewrites a Dify agent node's data tree in place; data
// without agent_parameters is left alone.
func moveAgentSettings(root *yaml.Node) {
	params := dsl.MappingValue(root, "agent_parameters")
	if params == nil || params.Kind != yaml.MappingNode {
		return
	}
	value := func(name string) *yaml.Node { return dsl.MappingValue(dsl.MappingValue(params, name), "value") }
	moved := map[string]*yaml.Node{}
	if m := value("model"); m != nil && m.Kind == yaml.MappingNode {
		moved["model"] = ourModel(m)
	}
	// Only values of the type our fields take move; any other stays for the
	// node to read (or report) as Dify wrote it.
	for _, f := range []struct{ from, to, tag string }{
		{"instruction", "instruction", "!!str"}, {"query", "query", "!!str"}, {"maximum_iterations", "max_iterations", "!!int"},
	} {
		if v := value(f.from); v != nil && v.Kind == yaml.ScalarNode && v.Tag == f.tag {
			moved[f.to] = v
		}
	}
	if s := dsl.MappingValue(root, "agent_strategy_name"); s != nil {
		moved["strategy"] = dsl.YAMLString(AgentStrategy(s.Value))
	}
	for _, key := range []string{"model", "instruction", "query", "max_iterations", "strategy"} {
		if v, ok := moved[key]; ok && dsl.MappingValue(root, key) == nil {
			root.Content = append(root.Content, dsl.YAMLString(key), v)
		}
	}
	from := map[string]string{"model": "model", "instruction": "instruction", "query": "query", "maximum_iterations": "max_iterations"}
	for i := 0; i+1 < len(params.Content); {
		if to, ok := from[params.Content[i].Value]; ok && moved[to] != nil {
			params.Content = slices.Delete(params.Content, i, i+2)
			continue
		}
		i += 2
	}
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
