package dsl

import (
	"encoding/json"
	"strings"
	"testing"
)

// Dify's agent node names its model inside agent_parameters: it is listed
// and mapped like any other node's model, and its other settings are kept.
func TestModelsOfNodesAndDifyAgents(t *testing.T) {
	app := &App{Workflow: Workflow{Graph: Graph{Nodes: []GraphNode{
		{ID: "llm", Type: "llm", Data: json.RawMessage(`{"model":{"provider":"langgenius/openai/openai","name":"gpt-4o"},"title":"Ask"}`)},
		{ID: "agent", Type: "agent", Data: json.RawMessage(`{"agent_parameters":{"model":{"type":"constant","value":{"provider":"langgenius/deepseek/deepseek","model":"deepseek-chat","mode":"chat"}},"query":{"value":"q"}}}`)},
		{ID: "end", Type: "end", Data: json.RawMessage(`{}`)},
	}}}}
	uses := ModelUses(app)
	if len(uses) != 2 || uses[0].From != "openai/gpt-4o" || uses[1].From != "deepseek/deepseek-chat" || uses[1].NodeIDs[0] != "agent" {
		t.Fatalf("uses %+v", uses)
	}
	rep := &ImportReport{Models: uses}
	for i := range rep.Models {
		rep.Models[i].To = "Fake/fake-chat"
	}
	if err := MapModels(app, rep); err != nil {
		t.Fatal(err)
	}
	agent := string(app.Workflow.Graph.Nodes[1].Data)
	if !strings.Contains(agent, `"provider":"Fake","model":"fake-chat","mode":"chat"`) || !strings.Contains(agent, `"query":{"value":"q"}`) {
		t.Errorf("agent data %s", agent)
	}
	if llm := string(app.Workflow.Graph.Nodes[0].Data); !strings.Contains(llm, `"provider":"Fake","name":"fake-chat"`) {
		t.Errorf("llm data %s", llm)
	}
}
