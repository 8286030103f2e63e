package nodes

import (
	"context"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// AskUserFlag is the output an ask-user node sets to true. The chat layer
// recognises a run that ended by asking by a
// node_succeeded event of type "ask-user" whose outputs hold
// __ask_user: true, and stores question and intent as the conversation's
// pending ask-user state; in a workflow the same outputs are the run's.
const AskUserFlag = "__ask_user"

// ask-user (Lexflow's own node) ends the run with a question for the user:
// question is a template; intent (optional, also a template) is what the
// flow was doing, restored when the user answers. In a chatflow the
// question streams as the reply (the node is an Answer); in a workflow the
// node is an End whose outputs are the run's outputs. Give it no outgoing
// edges: the run is meant to end there.
type askUserData struct {
	Question string `json:"question"`
	Intent   string `json:"intent"`
}

func newAskUser(def engine.NodeDef) (engine.Node, error) {
	var data askUserData
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	if data.Question == "" {
		return nil, fieldError("question", "Write the question to ask.", "write the question to ask")
	}
	question, intent := engine.ParseTemplate(data.Question), engine.ParseTemplate(data.Intent)
	spec := engine.Spec{Role: engine.RoleEnd, Inputs: askUserInputs(data.Question, data.Intent), Outputs: []engine.Output{
		{Name: "question", Type: engine.TypeString}, {Name: "intent", Type: engine.TypeString}, {Name: AskUserFlag, Type: engine.TypeBool}}}
	if def.Mode == dsl.ModeChatflow {
		spec.Role, spec.Response = engine.RoleAnswer, question
		spec.Outputs = append(spec.Outputs, engine.Output{Name: engine.ResponseOutput, Type: engine.TypeString})
	}
	chat := def.Mode == dsl.ModeChatflow
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		q := in.Vars.Render(question)
		out := map[string]engine.Value{"question": engine.String(q), "intent": engine.String(in.Vars.Render(intent)),
			AskUserFlag: engine.Bool(true)}
		if chat {
			out[engine.ResponseOutput] = engine.String(q)
		}
		return engine.NodeResult{Outputs: out}, nil
	}}, nil
}

// askUserInputs are what the question and the intent read, each on its field.
func askUserInputs(question, intent string) []engine.Input {
	ins := withField("question", templateInputs(question))
	for _, in := range withField("intent", templateInputs(intent)) {
		ins = addInput(ins, in)
	}
	return ins
}
