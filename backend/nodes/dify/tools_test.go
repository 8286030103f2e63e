package dify

import (
	"slices"
	"strings"
	"testing"

	"lexflow/backend/dsl"
)

// agentAndTools: a Dify workflow with a tool node and an agent (a plugin
// strategy with its own settings), each naming a tool Lexflow lacks beside
// one it has.
const agentAndTools = `version: 0.1.5
kind: app
app: {name: tools, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, data: {type: start, title: Start, variables: []}}
      - {id: clock, data: {type: tool, title: Clock, provider_id: time, provider_type: builtin, tool_name: current_time, tool_parameters: {}}}
      - {id: translate, data: {type: tool, title: Translate, provider_id: duckduckgo, provider_type: builtin, tool_name: ddgo_translate, tool_parameters: {}}}
      - id: agent
        data:
          type: agent
          title: Planner
          agent_strategy_name: TOD
          agent_strategy_provider_name: svcvit/agent/agent
          agent_parameters:
            model: {type: constant, value: {provider: langgenius/openai/openai, model: gpt-4o-mini}}
            storage_key: {type: constant, value: "{{#sys.conversation_id#}}"}
            tools: {type: constant, value: [
              {enabled: true, provider_name: langgenius/time/time, tool_name: current_time},
              {enabled: true, provider_name: langgenius/duckduckgo/duckduckgo, tool_name: ddgo_search},
              {enabled: false, provider_name: wikipedia, tool_name: wikipedia_search}]}
      - {id: end, data: {type: end, title: End, outputs: []}}
    edges:
      - {source: start, target: clock}
      - {source: clock, target: translate}
      - {source: translate, target: agent}
      - {source: agent, target: end}
`

// The import says which Dify tools need replacing, in tool nodes and in an
// agent's list, and what of a plugin's agent strategy does not carry over.
func TestImportNamesToolsToReplace(t *testing.T) {
	_, rep, err := Import([]byte(agentAndTools))
	if err != nil {
		t.Fatal(err)
	}
	if line := rep.Find("clock"); line.Outcome != dsl.OutcomeMapped {
		t.Errorf("current_time has an equivalent: %+v", line)
	}
	translate := rep.Find("translate")
	if translate.Outcome != dsl.OutcomeAttention || !strings.Contains(strings.Join(translate.Details, "\n"), "Replace tool ddgo_translate (duckduckgo)") {
		t.Errorf("translate: %+v", translate)
	}
	agent := rep.Find("agent")
	details := strings.Join(agent.Details, "\n")
	if agent.Outcome != dsl.OutcomeAttention || !strings.Contains(details, "Replace tool ddgo_search (langgenius/duckduckgo/duckduckgo)") ||
		strings.Contains(details, "current_time") || strings.Contains(details, "wikipedia") {
		t.Errorf("agent: %+v", agent)
	}
	for _, want := range []string{`strategy "TOD" of svcvit/agent/agent`, "does not use: storage_key."} {
		if !slices.ContainsFunc(agent.Details, func(d string) bool { return strings.Contains(d, want) }) {
			t.Errorf("agent details %q lack %q", agent.Details, want)
		}
	}
}

// A Dify agent's settings move into Lexflow's agent fields, where the
// Studio shows them; its tools and a plugin strategy's own settings stay
// in agent_parameters.
func TestImportMovesAgentSettingsIntoOurFields(t *testing.T) {
	app, _, err := Import([]byte(strings.Replace(agentAndTools, "storage_key:", `instruction: {type: constant, value: Plan the trip.}
            maximum_iterations: {type: constant, value: 4}
            storage_key:`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	var data string
	for _, n := range app.Workflow.Graph.Nodes {
		if n.ID == "agent" {
			data = string(n.Data)
		}
	}
	for _, want := range []string{`"agent_strategy_name":"TOD"`, `"model":{"provider":"langgenius/openai/openai","name":"gpt-4o-mini"}`,
		`"instruction":"Plan the trip."`, `"max_iterations":4`, `"strategy":"auto"`, `"agent_parameters":{"storage_key":`, `"tool_name":"ddgo_search"`} {
		if !strings.Contains(data, want) {
			t.Errorf("agent data lacks %s:\n%s", want, data)
		}
	}
	if strings.Contains(data, `"maximum_iterations"`) || strings.Contains(data, `"value":{"provider"`) {
		t.Errorf("moved settings are still in agent_parameters:\n%s", data)
	}
}

// Our export of such an app, imported again, still says which tools need
// replacing.
func TestReimportStillNamesToolsToReplace(t *testing.T) {
	app, _, err := Import([]byte(agentAndTools))
	if err != nil {
		t.Fatal(err)
	}
	out, err := dsl.Export(app, dsl.FormatYAML)
	if err != nil {
		t.Fatal(err)
	}
	_, rep, err := Import(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"translate", "agent"} {
		if line := rep.Find(id); line.Outcome != dsl.OutcomeAttention || !strings.Contains(strings.Join(line.Details, " "), "Replace tool") {
			t.Errorf("%s: %+v", id, line)
		}
	}
	if line := rep.Find("clock"); line.Outcome != dsl.OutcomeMapped {
		t.Errorf("clock: %+v", line)
	}
}

// A setting of another type than our field's stays where Dify wrote it.
func TestImportLeavesAgentSettingsOfOtherTypes(t *testing.T) {
	app, _, err := Import([]byte(strings.Replace(agentAndTools, "storage_key:", `maximum_iterations: {type: constant, value: "4"}
            storage_key:`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range app.Workflow.Graph.Nodes {
		if data := string(n.Data); n.ID == "agent" && (strings.Contains(data, `"max_iterations"`) || !strings.Contains(data, `"maximum_iterations":{"type":"constant","value":"4"}`)) {
			t.Errorf("agent data:\n%s", data)
		}
	}
}
