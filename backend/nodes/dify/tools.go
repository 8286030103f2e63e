package dify

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"

	"lexflow/backend/dsl"
)

// Dify names a tool by provider and tool name, in a tool node
// (provider_id, tool_name) and in an agent's tool list (provider_name,
// tool_name). A few have a local tool taking the same parameters; any other
// runs as a placeholder that fails with "replace this tool", so the import
// says which ones need replacing.

// toolEquivalents maps "provider/tool" as Dify names it to the Lexflow tool
// taking the same parameters.
var toolEquivalents = map[string]string{
	"time/current_time": "current_time",
}

// ToolEquivalent finds the local tool for a Dify tool, "" when none. A
// plugin provider id ("langgenius/time/time") is read by its last part.
func ToolEquivalent(providerID, toolName string) string {
	return toolEquivalents[path.Base(providerID)+"/"+toolName]
}

// difyTool is a tool as a Dify node names it.
type difyTool struct {
	Provider string
	Name     string
}

func (t difyTool) String() string { return fmt.Sprintf("%s (%s)", t.Name, t.Provider) }

// agentTools lists the enabled tools of a Dify agent node's
// agent_parameters.tools.
func agentTools(params map[string]json.RawMessage) []difyTool {
	var tools struct {
		Value []struct {
			Enabled      *bool  `json:"enabled"`
			ProviderName string `json:"provider_name"`
			ToolName     string `json:"tool_name"`
		} `json:"value"`
	}
	_ = json.Unmarshal(params["tools"], &tools)
	var out []difyTool
	for _, t := range tools.Value {
		if t.Enabled == nil || *t.Enabled {
			out = append(out, difyTool{Provider: t.ProviderName, Name: t.ToolName})
		}
	}
	return out
}

// replaceToolNote is the import's advice for a tool with no local
// equivalent; then says what the placeholder does meanwhile.
func replaceToolNote(t difyTool, then string) string {
	return fmt.Sprintf("Replace tool %s: Lexflow has no equivalent, so %s.", t, then)
}

// difyToolNotes says which tools of a tool node or an agent need replacing.
func difyToolNotes(dd difyNodeData, line *dsl.NodeImport) {
	switch dd.Type {
	case "tool":
		t := difyTool{Provider: dd.ProviderID, Name: dd.ToolName}
		if t.Provider != "" && ToolEquivalent(t.Provider, t.Name) == "" {
			line.Note(dsl.OutcomeAttention, replaceToolNote(t, "this step is a placeholder that fails when it runs, showing the parameters it was given"))
		}
	case "agent":
		difyAgentNotes(dd, line)
	}
}

// agentParamsUsed are the agent_parameters Lexflow's agent reads.
var agentParamsUsed = []string{"model", "instruction", "query", "tools", "maximum_iterations"}

// difyAgentNotes: a Dify agent runs as Lexflow's agent; its strategy, the
// settings a plugin strategy adds, and its tools without an equivalent are
// reported.
func difyAgentNotes(dd difyNodeData, line *dsl.NodeImport) {
	if len(dd.AgentParameters) == 0 {
		return
	}
	if s := dd.StrategyName; s != "" && AgentStrategy(s) == "auto" {
		line.Note(dsl.OutcomeChanged, fmt.Sprintf("Dify agent strategy %q of %s runs as Lexflow's agent, which chooses how to call tools.", s, dd.StrategyProvider))
	}
	var unused []string
	for name := range dd.AgentParameters {
		if !slices.Contains(agentParamsUsed, name) {
			unused = append(unused, name)
		}
	}
	if len(unused) > 0 {
		slices.Sort(unused)
		line.Note(dsl.OutcomeChanged, "agent settings Lexflow does not use: "+strings.Join(unused, ", ")+".")
	}
	for _, t := range agentTools(dd.AgentParameters) {
		if ToolEquivalent(t.Provider, t.Name) == "" {
			line.Note(dsl.OutcomeAttention, replaceToolNote(t, "the agent is offered a placeholder, and the run fails if the model calls it"))
		}
	}
}
