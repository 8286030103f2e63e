package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
)

func TestDeclaredOutputsOfADraft(t *testing.T) {
	// A draft that Compile refuses (a cycle, a node of an unknown type, a
	// duplicate id) still declares the outputs of every node that builds.
	app, err := dsl.Parse([]byte(`
version: 0.1.0
kind: lexflow-app
app: {name: Draft, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: [{variable: topic, type: text-input}]}}
      - {id: a, type: echo, data: {text: "{{#b.text#}}", error_strategy: default_value}}
      - {id: b, type: echo, data: {text: "{{#a.text#}}"}}
      - {id: b, type: echo}
      - {id: ghost, type: deep-research}
    edges:
      - {source: a, target: b}
      - {source: b, target: a}
`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compile(app, testRegistry()); err == nil {
		t.Fatal("the draft compiles; the test needs one that does not")
	}
	want := []NodeOutputs{
		{NodeID: "start", Outputs: []Output{{Name: "topic", Type: TypeString}}},
		{NodeID: "a", Outputs: []Output{{Name: "text", Type: TypeString}, {Name: "error_message", Type: TypeString}, {Name: "error_type", Type: TypeString}}},
		{NodeID: "b", Outputs: []Output{{Name: "text", Type: TypeString}}},
	}
	if diff := cmp.Diff(want, DeclaredOutputs(app, testRegistry())); diff != "" {
		t.Errorf("DeclaredOutputs (-want +got):\n%s", diff)
	}
	if got := DeclaredOutputs(nil, testRegistry()); len(got) != 0 {
		t.Errorf("DeclaredOutputs(nil) = %v", got)
	}
}

func TestSysVariablesByMode(t *testing.T) {
	chat, work := SysVariables(dsl.ModeChatflow), SysVariables(dsl.ModeWorkflow)
	if chat[0].Name != SysQuery || len(chat) != len(sysTypes(dsl.ModeChatflow)) {
		t.Errorf("chatflow sys variables %v", chat)
	}
	for _, v := range work {
		if v.Name == SysQuery {
			t.Errorf("a workflow has no sys.query: %v", work)
		}
	}
	if len(work) != len(sysTypes(dsl.ModeWorkflow)) {
		t.Errorf("workflow sys variables %v", work)
	}
}
