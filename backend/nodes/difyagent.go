package nodes

import (
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/engine"
)

// Dify's agent node shares our type name but not our fields: its settings
// sit in agent_parameters {name: {type, value}} — model {provider, model,
// mode, completion_params}, instruction, query, tools [{provider_name,
// tool_name, parameters}], maximum_iterations — beside
// agent_strategy_name. An agent node written that way runs as our Agent:
// each setting fills the matching one we left empty, its tools map to
// Lexflow tools (by name or by their equivalent, difyToolEquivalents), and
// the tools that do not map are left out and named in the run's warnings.
// When none maps, the agent has no tools, which is a compile problem
// naming them.
type difyAgentData struct {
	StrategyName string                         `json:"agent_strategy_name"`
	Parameters   map[string]difyAgentParamValue `json:"agent_parameters"`
}

type difyAgentParamValue struct {
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

type difyAgentTool struct {
	ProviderName string         `json:"provider_name"`
	ToolName     string         `json:"tool_name"`
	Enabled      *bool          `json:"enabled"`
	Parameters   map[string]any `json:"parameters"`
}

// fromDify fills the agent's empty settings from Dify's and returns the
// Dify tools with no Lexflow equivalent.
func (d *agentData) fromDify(dd difyAgentData, localName func(provider, tool string) string) []string {
	p := dd.Parameters
	if d.Model.Name == "" {
		var m struct {
			modelConfig
			Model string `json:"model"`
		}
		if json.Unmarshal(p["model"].Value, &m) == nil {
			d.Model, d.Model.Name = m.modelConfig, m.Model
		}
	}
	readText(p["instruction"], &d.Instruction)
	readText(p["query"], &d.Query)
	if d.MaxIterations == 0 {
		_ = json.Unmarshal(p["maximum_iterations"].Value, &d.MaxIterations)
	}
	if d.Strategy == "" {
		d.Strategy = difyStrategy(dd.StrategyName)
	}
	if len(d.Tools) > 0 {
		return nil
	}
	var tools []difyAgentTool
	_ = json.Unmarshal(p["tools"].Value, &tools)
	var left []string
	for _, t := range tools {
		if t.Enabled != nil && !*t.Enabled {
			continue
		}
		name := localName(t.ProviderName, t.ToolName)
		if name == "" {
			left = append(left, fmt.Sprintf("%s (%s)", t.ToolName, t.ProviderName))
			continue
		}
		d.Tools = append(d.Tools, agentToolDef{Name: name})
	}
	return left
}

func readText(p difyAgentParamValue, into *string) {
	var s string
	if *into == "" && json.Unmarshal(p.Value, &s) == nil {
		*into = s
	}
}

// difyStrategy maps Dify's built-in strategies; a plugin's own strategy
// runs as ours would choose ("auto").
func difyStrategy(name string) string {
	switch strings.ToLower(name) {
	case "function_calling":
		return "function_calling"
	case "react", "cot":
		return "react"
	}
	return "auto"
}

// readDify takes the settings of an agent node written by Dify.
func (n *agentNode) readDify(def engine.NodeDef) error {
	var dd difyAgentData
	if err := decode(def, &dd); err != nil || len(dd.Parameters) == 0 {
		return err
	}
	reg, err := Tools(n.deps)
	if err != nil {
		return err
	}
	n.leftOut = n.data.fromDify(dd, func(provider, tool string) string {
		if _, ok := reg.Lookup(tool); ok {
			return tool
		}
		return difyEquivalent(provider, tool)
	})
	if len(n.data.Tools) == 0 && len(n.leftOut) > 0 {
		return fieldError("tools", "None of this agent's Dify tools runs in Lexflow ("+strings.Join(n.leftOut, ", ")+"): choose Lexflow tools.",
			"no Lexflow equivalent for %s", strings.Join(n.leftOut, ", "))
	}
	return nil
}
