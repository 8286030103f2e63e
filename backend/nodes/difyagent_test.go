package nodes

import (
	"errors"
	"strings"
	"testing"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
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
	if len(n.leftOut) != 1 || !strings.Contains(n.leftOut[0], "ddgo_search") {
		t.Errorf("left out %v", n.leftOut)
	}
	none := strings.Replace(data, `"tool_name": "current_time"`, `"tool_name": "weather"`, 1)
	_, err := newAgent(Deps{})(engine.NodeDef{ID: "a", Type: TypeAgent, Data: []byte(none)})
	var fe *engine.FieldError
	if !errors.As(err, &fe) || fe.Field != "tools" || !strings.Contains(fe.Message, "ddgo_search") || !strings.Contains(fe.Message, "weather") {
		t.Errorf("no tool maps: %v", err)
	}
}
