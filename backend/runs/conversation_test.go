package runs

import (
	"context"
	"testing"

	"lexflow/backend/engine"
	"lexflow/backend/store"
)

// counterNode adds one to the conversation variable "turns".
type counterNode struct{}

func (counterNode) Spec() engine.Spec {
	in := engine.Input{Selector: engine.Selector{engine.NamespaceConversation, "turns"}, Type: engine.TypeNumber}
	return engine.Spec{Inputs: []engine.Input{in}, Writes: []engine.Input{in}}
}
func (counterNode) Run(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	v, _ := in.Vars.Get(engine.Selector{engine.NamespaceConversation, "turns"})
	n, _ := v.Any().(float64)
	return engine.NodeResult{Writes: map[string]engine.Value{"turns": engine.Number(n + 1)}}, nil
}

const counterDSL = `version: "0.1.0"
kind: lexflow-app
app: {name: Counter, mode: workflow}
workflow:
  conversation_variables:
    - {name: turns, value_type: number, value: 0}
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - {id: count, type: counter, data: {}}
      - {id: end, type: end, data: {}}
    edges:
      - {source: start, target: count}
      - {source: count, target: end}
`

func TestConversationVariablesLastBetweenTurns(t *testing.T) {
	s, db := testService(t, false)
	if err := s.registry.Register("counter", func(engine.NodeDef) (engine.Node, error) { return counterNode{}, nil }); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conv, err := db.CreateConversation(ctx, store.Conversation{Title: "t"})
	if err != nil {
		t.Fatal(err)
	}
	var last *engine.RunResult
	for range 3 {
		x, err := s.Start(ctx, Request{DSL: []byte(counterDSL), ConversationID: conv.ID, Query: "q"})
		if err != nil {
			t.Fatal(err)
		}
		if last, err = x.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	if got := last.Conversation["turns"].Any(); got != 3.0 {
		t.Errorf("turns after three turns = %v, want 3", got)
	}
	kept, err := db.ConversationVariables(ctx, conv.ID)
	if err != nil || kept != `{"turns":{"type":"number","value":3}}` {
		t.Errorf("kept %s, %v", kept, err)
	}
	// Another conversation starts from the declared default.
	other, _ := db.CreateConversation(ctx, store.Conversation{Title: "u"})
	x, _ := s.Start(ctx, Request{DSL: []byte(counterDSL), ConversationID: other.ID})
	if res, _ := x.Wait(); res.Conversation["turns"].Any() != 1.0 {
		t.Errorf("a new conversation counted %v", res.Conversation["turns"].Any())
	}
}
