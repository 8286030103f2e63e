package api

import (
	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// problems compiles app against the registry runs use and locates every
// problem for the canvas. Without a registry nothing can be checked.
func (s *AppService) problems(app *dsl.App) []CompileProblem {
	out := []CompileProblem{}
	for _, p := range s.compileProblems(app) {
		out = append(out, problemDTO(app.Workflow.Graph, p))
	}
	return out
}

func problemDTO(g dsl.Graph, p engine.Problem) CompileProblem {
	ids := p.NodeIDs
	if ids == nil {
		ids = []string{}
	}
	edge := -1
	if p.EdgeID != "" {
		edge = g.EdgeIndex(p.EdgeID)
	}
	return CompileProblem{Kind: p.Kind(), Code: p.Code(), Message: p.Message, Detail: p.Detail, Field: p.Field,
		NodeID: p.NodeID, NodeIDs: ids, EdgeID: p.EdgeID, EdgeIndex: edge}
}

// outputs lists what each node of app declares it produces, drafts included.
func (s *AppService) outputs(app *dsl.App) []NodeOutputs {
	out := []NodeOutputs{}
	if s.registry == nil {
		return out
	}
	for _, n := range engine.DeclaredOutputs(app, s.registry) {
		out = append(out, NodeOutputs{NodeID: n.NodeID, Outputs: variableDecls(n.Outputs)})
	}
	return out
}

func variableDecls(outs []engine.Output) []VariableDecl {
	vs := make([]VariableDecl, len(outs))
	for i, o := range outs {
		vs[i] = VariableDecl{Name: o.Name, Type: string(o.Type)}
	}
	return vs
}
