package nodes

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/nodes/dify"
)

func TestDifyAgentRunsAsOurs(t *testing.T) {
	data := `{"agent_strategy_name": "function_calling", "agent_parameters": {
		"model": {"type": "constant", "value": {"provider": "langgenius/openai/openai", "model": "gpt-4o-mini", "mode": "chat", "completion_params": {}}},
		"instruction": {"type": "constant", "value": "Answer with tools."},
		"query": {"type": "constant", "value": "{{#sys.query#}}"},
		"maximum_iterations": {"type": "constant", "value": 4},
		"tools": {"type": "constant", "value": [
			{"enabled": true, "provider_name": "time", "tool_name": "current_time", "parameters": {}},
			{"enabled": true, "provider_name": "langgenius/duckduckgo/duckduckgo", "tool_name": "ddgo_search"},
			{"enabled": false, "provider_name": "wikipedia", "tool_name": "wikipedia_search"}]}}}`
	n := &agentNode{deps: Deps{}, mode: dsl.ModeChatflow}
	def := engine.NodeDef{ID: "a", Type: TypeAgent, Data: []byte(data)}
	if err := decode(def, &n.data); err != nil {
		t.Fatal(err)
	}
	if err := n.readDify(def); err != nil {
		t.Fatal(err)
	}
	if err := n.configure(); err != nil {
		t.Fatal(err)
	}
	d := n.data
	if d.Model.Name != "gpt-4o-mini" || d.Instruction != "Answer with tools." || d.MaxIterations != 4 || d.Strategy != "function_calling" ||
		len(d.Tools) != 1 || d.Tools[0].Name != "current_time" {
		t.Errorf("settings %+v", d)
	}
	if len(n.placeholders) != 1 || n.placeholders[0].Name() != "ddgo_search" {
		t.Fatalf("placeholders %+v", n.placeholders)
	}
	if names := agentToolNames(n.tools); strings.Join(names, ",") != "current_time,ddgo_search" {
		t.Errorf("the model is offered %v, want current_time and the placeholder", names)
	}
}

// A Dify agent whose tools all lack an equivalent compiles with their
// placeholders, offered as Dify described them; one with no tools at all
// compiles too, as in Dify.
func TestDifyAgentKeepsToolsItCannotRunAsPlaceholders(t *testing.T) {
	data := `{"agent_strategy_name": "function_calling", "agent_parameters": {
		"model": {"type": "constant", "value": {"provider": "langgenius/openai/openai", "model": "gpt-4o-mini"}},
		"tools": {"type": "constant", "value": [
			{"enabled": true, "extra": {"description": "Search travel destinations"}, "provider_name": "langgenius/duckduckgo/duckduckgo",
			 "tool_name": "ddgo_search", "type": "builtin", "parameters": {"max_results": 5, "query": "", "region": {"auto": 1, "value": null}}}]}}}`
	if _, err := newAgent(Deps{})(engine.NodeDef{ID: "a", Type: TypeAgent, Data: []byte(data)}); err != nil {
		t.Fatalf("compile: %v", err)
	}
	p := newDifyToolPlaceholder(dify.Tool{ToolName: "ddgo_search", ProviderName: "langgenius/duckduckgo/duckduckgo",
		Parameters: map[string]json.RawMessage{"max_results": []byte("5"), "query": []byte(`""`), "region": []byte(`{"auto": 1, "value": null}`)}})
	if got := string(p.Parameters()); !strings.Contains(got, `"query"`) || !strings.Contains(got, `"region"`) || strings.Contains(got, "max_results") {
		t.Errorf("the model should fill query and region, not the fixed max_results: %s", got)
	}
	_, err := p.Call(context.Background(), []byte(`{"query": "Lisbon"}`))
	var f *Failure
	if !errors.As(err, &f) || f.Type != ErrorTypeToolPlaceholder ||
		!strings.Contains(err.Error(), `replace this tool: Dify's builtin tool "ddgo_search"`) || !strings.Contains(err.Error(), `{"max_results":5,"query":"Lisbon"}`) {
		t.Errorf("call: %v", err)
	}
	bare := `{"agent_strategy_name": "TOD", "agent_parameters": {"model": {"type": "constant", "value": {"provider": "openai", "model": "o1-mini"}},
		"task_schema": {"type": "constant", "value": "{}"}}}`
	if _, err := newAgent(Deps{})(engine.NodeDef{ID: "a", Type: TypeAgent, Data: []byte(bare)}); err != nil {
		t.Errorf("a Dify agent without tools: %v", err)
	}
	ours := `{"model": {"provider": "openai", "name": "o1-mini"}, "tools": []}`
	var fe *engine.FieldError
	if _, err := newAgent(Deps{})(engine.NodeDef{ID: "a", Type: TypeAgent, Data: []byte(ours)}); !errors.As(err, &fe) || fe.Field != "tools" {
		t.Errorf("a Lexflow agent without tools should need one: %v", err)
	}
}

func agentToolNames(ts []agentTool) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.def.Name
	}
	return out
}
