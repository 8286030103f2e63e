package dify

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// Dify's basic apps — chat, agent-chat and completion — have no graph: a
// model_config holds the prompt, the form, the datasets and the tools. They
// import as the graph Dify would run: Start → (Knowledge) → LLM or Agent →
// Answer (a chatflow) or End (a workflow, for completion apps).

// difyModelConfig is the part of model_config the import reads.
type difyModelConfig struct {
	Model          json.RawMessage          `json:"model"`
	PrePrompt      string                   `json:"pre_prompt"`
	Opening        string                   `json:"opening_statement"`
	Suggested      []string                 `json:"suggested_questions"`
	UserInputForm  []map[string]difyFormVar `json:"user_input_form"`
	DatasetQuery   string                   `json:"dataset_query_variable"`
	DatasetConfigs struct {
		TopK     int `json:"top_k"`
		Datasets struct {
			Datasets []struct {
				Dataset struct {
					Enabled bool   `json:"enabled"`
					ID      string `json:"id"`
				} `json:"dataset"`
			} `json:"datasets"`
		} `json:"datasets"`
	} `json:"dataset_configs"`
	AgentMode struct {
		Enabled      bool              `json:"enabled"`
		MaxIteration int               `json:"max_iteration"`
		Tools        []json.RawMessage `json:"tools"`
	} `json:"agent_mode"`
}

type difyFormVar struct {
	Label     string   `json:"label"`
	Variable  string   `json:"variable"`
	Required  bool     `json:"required"`
	MaxLength int      `json:"max_length,omitempty"`
	Options   []string `json:"options,omitempty"`
	Default   any      `json:"default,omitempty"`
}

// startVar is a Start input as the start node's data writes it.
type startVar struct {
	difyFormVar
	Type string `json:"type"`
}

// Node ids of the graph a basic app becomes.
const (
	basicStart     = "start"
	basicKnowledge = "knowledge"
	basicModel     = "model"
	basicOut       = "answer"
)

// basicGraph builds the graph of a basic app of the given Dify mode.
func basicGraph(raw json.RawMessage, difyMode string) (dsl.Graph, json.RawMessage, error) {
	var mc difyModelConfig
	if err := json.Unmarshal(raw, &mc); err != nil {
		return dsl.Graph{}, nil, fmt.Errorf("model_config: %w: %w", err, dsl.ErrMalformed)
	}
	b := &graphBuilder{}
	vars := mc.startVars()
	b.add(basicStart, "start", map[string]any{"title": "Start", "variables": vars})
	chat := difyMode != "completion"
	query := "{{#sys.query#}}"
	querySel := []string{engine.NamespaceSys, engine.SysQuery}
	if !chat {
		query, querySel = "", []string{basicStart, mc.DatasetQuery}
	}
	prompt := rewriteFormVars(mc.PrePrompt, vars)
	if ids := mc.datasetIDs(); len(ids) > 0 {
		b.add(basicKnowledge, "knowledge-retrieval", map[string]any{"title": "Knowledge", "query_variable_selector": querySel,
			"dataset_ids": ids, "retrieval_mode": "multiple", "multiple_retrieval_config": map[string]any{"top_k": max(mc.DatasetConfigs.TopK, 4)}})
		prompt += "\n\nUse this context:\n{{#context#}}"
	}
	typ, data := mc.modelNode(chat, prompt, query)
	b.add(basicModel, typ, data)
	if chat {
		b.add(basicOut, "answer", map[string]any{"title": "Answer", "answer": "{{#" + basicModel + ".text#}}"})
	} else {
		b.add(basicOut, "end", map[string]any{"title": "End", "outputs": []map[string]any{{"variable": "text", "value_selector": []string{basicModel, "text"}}}})
	}
	features, err := json.Marshal(map[string]any{"opening_statement": mc.Opening, "suggested_questions": nonNil(mc.Suggested)})
	return b.graph(), features, err
}

func nonNil(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}

func (mc difyModelConfig) startVars() []startVar {
	vars := []startVar{}
	for _, entry := range mc.UserInputForm {
		for typ, v := range entry {
			if typ == "external_data_tool" || v.Variable == "" {
				continue
			}
			vars = append(vars, startVar{difyFormVar: v, Type: typ})
		}
	}
	return vars
}

func (mc difyModelConfig) datasetIDs() []string {
	var ids []string
	for _, d := range mc.DatasetConfigs.Datasets.Datasets {
		if d.Dataset.Enabled && d.Dataset.ID != "" {
			ids = append(ids, d.Dataset.ID)
		}
	}
	return ids
}

// modelNode is the LLM step, or an Agent step when the app has tools.
func (mc difyModelConfig) modelNode(chat bool, prompt, query string) (string, map[string]any) {
	memory := map[string]any{"window": map[string]any{"enabled": true, "size": 10}, "query_prompt_template": query}
	if mc.AgentMode.Enabled && len(mc.AgentMode.Tools) > 0 {
		data := map[string]any{"title": "Agent", "model": mc.Model, "instruction": prompt, "query": query,
			"max_iterations": max(mc.AgentMode.MaxIteration, 5), "agent_parameters": map[string]any{"tools": mc.agentTools()}}
		if chat {
			data["memory"] = memory
		}
		return "agent", data
	}
	role := "user"
	if chat {
		role = "system"
	}
	data := map[string]any{"title": "LLM", "model": mc.Model, "prompt_template": []map[string]any{{"role": role, "text": prompt}}}
	if chat {
		data["memory"] = memory
	}
	if len(mc.datasetIDs()) > 0 {
		data["context"] = map[string]any{"enabled": true, "variable_selector": []string{basicKnowledge, "result"}}
	}
	return "llm", data
}

// basicTool is a tool of a basic app's agent_mode.
type basicTool struct {
	Enabled    *bool                      `json:"enabled"`
	ProviderID string                     `json:"provider_id"`
	Type       string                     `json:"provider_type"`
	ToolName   string                     `json:"tool_name"`
	Parameters map[string]json.RawMessage `json:"tool_parameters"`
}

// agentTools writes a basic agent's tools as Dify's agent node does
// (agent_parameters.tools), so that the agent reads them as any Dify
// agent's: each mapped to a local tool, or a placeholder when none is.
func (mc difyModelConfig) agentTools() map[string]any {
	var tools []Tool
	for _, raw := range mc.AgentMode.Tools {
		var t basicTool
		if json.Unmarshal(raw, &t) != nil || t.ToolName == "" {
			continue
		}
		enabled := t.Enabled == nil || *t.Enabled
		tools = append(tools, Tool{ProviderName: t.ProviderID, ToolName: t.ToolName, Type: t.Type, Enabled: &enabled, Parameters: t.Parameters})
	}
	return map[string]any{"type": "constant", "value": tools}
}

var formVarRef = regexp.MustCompile(`\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}`)

// rewriteFormVars turns a basic prompt's {{name}} into {{#start.name#}} for
// the form's variables.
func rewriteFormVars(prompt string, vars []startVar) string {
	known := map[string]bool{}
	for _, v := range vars {
		known[v.Variable] = true
	}
	return formVarRef.ReplaceAllStringFunc(prompt, func(m string) string {
		name := strings.Trim(m, "{}")
		if known[name] {
			return "{{#" + basicStart + "." + name + "#}}"
		}
		return m
	})
}

// graphBuilder lays nodes out left to right, each linked to the one before;
// nodes are written as Dify writes them (data.type), to be converted like
// any other Dify node.
type graphBuilder struct{ g dsl.Graph }

func (b *graphBuilder) add(id, typ string, data map[string]any) {
	data["type"] = typ
	raw, _ := json.Marshal(data)
	n := len(b.g.Nodes)
	b.g.Nodes = append(b.g.Nodes, dsl.GraphNode{ID: id, Type: "custom", Data: raw, Position: &dsl.Position{X: float64(80 + 300*n), Y: 200}})
	if n > 0 {
		prev := b.g.Nodes[n-1].ID
		b.g.Edges = append(b.g.Edges, dsl.Edge{ID: prev + "-" + id, Source: prev, Target: id, SourceHandle: "source", TargetHandle: "target"})
	}
}

func (b *graphBuilder) graph() dsl.Graph { return b.g }
