package nodes

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"lexflow/backend/agent"
	"lexflow/backend/engine"
	"lexflow/backend/llm"
	"lexflow/backend/nodes/dify"
	"lexflow/backend/nodes/tools"
)

// Dify's agent node shares our type name but not our fields: its settings
// sit in agent_parameters {name: {type, value}} — model {provider, model,
// mode, completion_params}, instruction, query, tools [{provider_name,
// tool_name, parameters}], maximum_iterations — beside
// agent_strategy_name. The import moves the ones we have fields for into
// them (dify.AgentSettings says which); a node still written Dify's way
// runs as our Agent too: each setting fills the matching one we left
// empty, and its tools (dify.AgentTools) map to Lexflow tools (by name or
// by their equivalent, dify.ToolEquivalent). A tool that does not map is
// offered to the model as a placeholder (difyToolPlaceholder): the agent
// compiles, and the run fails with "replace this tool" only if the model
// calls it. Like Dify's, such an agent may have no tools at all: the model
// then answers alone.
type difyAgentData struct {
	StrategyName string                     `json:"agent_strategy_name"`
	Parameters   map[string]json.RawMessage `json:"agent_parameters"`
}

// fromDify fills the agent's empty settings from Dify's and returns the
// Dify tools with no Lexflow tool of their own, as placeholders.
func (d *agentData) fromDify(dd difyAgentData, localName func(provider, tool string) string) []difyToolPlaceholder {
	var theirs struct {
		agentData
		Model *modelConfig `json:"model"` // nil: Dify's has none to give
	}
	_ = json.Unmarshal(dify.AgentSettings(dd.Parameters), &theirs) // none readable: nothing to fill
	if d.Model.Name == "" && theirs.Model != nil {
		d.Model = *theirs.Model
	}
	d.Instruction = cmp.Or(d.Instruction, theirs.Instruction)
	d.Query = cmp.Or(d.Query, theirs.Query)
	d.MaxIterations = cmp.Or(d.MaxIterations, theirs.MaxIterations)
	d.Strategy = cmp.Or(d.Strategy, dify.AgentStrategy(dd.StrategyName))
	if len(d.Tools) > 0 {
		return nil
	}
	var placeholders []difyToolPlaceholder
	for _, t := range dify.AgentTools(dd.Parameters) {
		if name := localName(t.ProviderName, t.ToolName); name != "" {
			d.Tools = append(d.Tools, agentToolDef{Name: name})
			continue
		}
		placeholders = append(placeholders, newDifyToolPlaceholder(t))
	}
	return placeholders
}

// readDify takes the settings of an agent node written by Dify.
func (n *agentNode) readDify(def engine.NodeDef) error {
	var dd difyAgentData
	if err := decode(def, &dd); err != nil || (len(dd.Parameters) == 0 && dd.StrategyName == "") {
		return err
	}
	reg, err := Tools(n.deps)
	if err != nil {
		return err
	}
	n.fromDify = true
	n.placeholders = n.data.fromDify(dd, func(provider, tool string) string {
		if _, ok := reg.Lookup(tool); ok {
			return tool
		}
		return dify.ToolEquivalent(provider, tool)
	})
	return nil
}

// withPlaceholders adds the placeholders to an agent's compiled tools,
// but none under the name of a tool it has.
func withPlaceholders(ts []agentTool, placeholders []difyToolPlaceholder) []agentTool {
	for _, p := range placeholders {
		if slices.ContainsFunc(ts, func(t agentTool) bool { return t.def.Name == p.Name() }) {
			continue
		}
		ts = append(ts, agentTool{tool: p, def: llm.Tool{Name: p.Name(), Description: p.Description(), Parameters: p.Parameters()}})
	}
	return ts
}

// difyToolPlaceholder stands, among an agent's tools, for a Dify tool
// Lexflow does not have: the model is offered it as Dify described it, the
// parameters the app set are kept, and a call stops the run with "replace
// this tool" and everything it was given (an agent.HaltError).
type difyToolPlaceholder struct {
	tool  dify.Tool
	fixed map[string]any
	asked []string // the parameters the model fills
}

func newDifyToolPlaceholder(t dify.Tool) difyToolPlaceholder {
	p := difyToolPlaceholder{tool: t, fixed: map[string]any{}}
	for _, name := range sortedNames(t.Parameters) {
		if v, set := difyParamValue(t.Parameters[name]); set {
			p.fixed[name] = v
		} else {
			p.asked = append(p.asked, name)
		}
	}
	return p
}

// difyParamValue reads a Dify agent tool parameter: its value and whether
// the app set it (rather than leaving it to the model).
func difyParamValue(raw json.RawMessage) (any, bool) {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil, false
	}
	if m, ok := v.(map[string]any); ok {
		if auto, has := m["auto"]; has {
			if auto == float64(1) || auto == true {
				return nil, false
			}
			v = m["value"]
		}
	}
	if v == nil || v == "" {
		return nil, false
	}
	return v, true
}

func (p difyToolPlaceholder) Name() string { return p.tool.ToolName }

func (p difyToolPlaceholder) Description() string {
	what := cmp.Or(strings.TrimSpace(p.tool.Extra.Description), fmt.Sprintf("Dify's tool %s of %s", p.tool.ToolName, p.tool.ProviderName))
	return what + " (not available in Lexflow yet)"
}

func (p difyToolPlaceholder) Parameters() json.RawMessage {
	params := make([]tools.Param, len(p.asked))
	for i, name := range p.asked {
		params[i] = tools.Param{Name: name, Type: "string"}
	}
	return tools.ObjectSchema(params...)
}

func (p difyToolPlaceholder) Call(_ context.Context, args json.RawMessage) (tools.Result, error) {
	given := map[string]any{}
	_ = json.Unmarshal(args, &given)
	for k, v := range p.fixed {
		given[k] = v
	}
	return tools.Result{}, &agent.HaltError{Err: placeholderFailure(cmp.Or(p.tool.Type, "builtin"), p.tool.ToolName, p.tool.ProviderName, given)}
}

func placeholderNames(ps []difyToolPlaceholder) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.tool.String()
	}
	return strings.Join(names, ", ")
}
