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

// Tool is a Dify tool as an agent lists it in agent_parameters.tools (a
// tool node names one by provider_id and tool_name). A parameter's value
// is the value itself (older exports) or {auto, value}: auto 1, an empty
// value or none means the model fills it.
type Tool struct {
	ProviderName string                     `json:"provider_name"`
	ToolName     string                     `json:"tool_name"`
	Type         string                     `json:"type"` // builtin, api, plugin, workflow, mcp
	Enabled      *bool                      `json:"enabled"`
	Parameters   map[string]json.RawMessage `json:"parameters"`
	Extra        struct {
		Description string `json:"description"`
	} `json:"extra,omitzero"`
}

func (t Tool) String() string { return fmt.Sprintf("%s (%s)", t.ToolName, t.ProviderName) }

// AgentTools lists the enabled tools of a Dify agent node's agent_parameters.
func AgentTools(params map[string]json.RawMessage) []Tool {
	var tools struct {
		Value []Tool `json:"value"`
	}
	_ = json.Unmarshal(params["tools"], &tools)
	return slices.DeleteFunc(tools.Value, func(t Tool) bool { return t.Enabled != nil && !*t.Enabled })
}

// replaceToolNote is the import's advice for a tool with no local
// equivalent; then says what the placeholder does meanwhile.
func replaceToolNote(t Tool, then string) string {
	return fmt.Sprintf("Replace tool %s: Lexflow has no equivalent, so %s.", t, then)
}

// difyToolNotes says which tools of a tool node or an agent need replacing.
func difyToolNotes(dd difyNodeData, line *dsl.NodeImport) {
	switch dd.Type {
	case "tool":
		t := Tool{ProviderName: dd.ProviderID, ToolName: dd.ToolName}
		if t.ProviderName != "" && ToolEquivalent(t.ProviderName, t.ToolName) == "" {
			line.Note(dsl.OutcomeAttention, replaceToolNote(t, "this step is a placeholder that fails when it runs, showing the parameters it was given"))
		}
	case "agent":
		difyAgentNotes(dd, line)
	}
}

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
		if !agentParamUsed(name) {
			unused = append(unused, name)
		}
	}
	if len(unused) > 0 {
		slices.Sort(unused)
		line.Note(dsl.OutcomeChanged, "agent settings Lexflow does not use: "+strings.Join(unused, ", ")+".")
	}
	for _, t := range AgentTools(dd.AgentParameters) {
		if ToolEquivalent(t.ProviderName, t.ToolName) == "" {
			line.Note(dsl.OutcomeAttention, replaceToolNote(t, "the agent is offered a placeholder, and the run fails if the model calls it"))
		}
	}
}
