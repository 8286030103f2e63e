package nodes

import (
	"context"

	"lexflow/backend/engine"
)

// answer is a chatflow's reply: its template (Dify's answer field) is the
// node's Response, which the engine streams in order — literal text at
// once, an upstream LLM's text live as it is generated — and its "answer"
// output.
func newAnswer(def engine.NodeDef) (engine.Node, error) {
	var data struct {
		Answer string `json:"answer"`
	}
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	tpl := engine.ParseTemplate(data.Answer)
	spec := engine.Spec{Role: engine.RoleAnswer, Response: tpl,
		Outputs: []engine.Output{{Name: engine.ResponseOutput, Type: engine.TypeString}}}
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		return engine.NodeResult{Outputs: map[string]engine.Value{engine.ResponseOutput: engine.String(in.Vars.Render(tpl))}}, nil
	}}, nil
}
