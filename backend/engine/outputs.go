package engine

import "lexflow/backend/dsl"

// NodeOutputs is what one node of an app declares it produces.
type NodeOutputs struct {
	NodeID  string
	Outputs []Output
}

// DeclaredOutputs builds every node of app on its own and lists the outputs
// each declares, in graph order, with error_message and error_type when its
// error strategy keeps the run going. Nodes that do not build are left out.
// It needs no valid graph: an editor offers variables while the graph is
// still a draft, which Compile would refuse as a whole.
func DeclaredOutputs(app *dsl.App, reg *Registry) []NodeOutputs {
	out := []NodeOutputs{}
	if app == nil || reg == nil {
		return out
	}
	c := &compiler{app: app, reg: reg, allLevels: true, containers: map[string]bool{},
		plan: &Plan{mode: app.App.Mode, byID: map[string]int{}, start: -1}}
	if !c.withinLimits() {
		return out
	}
	c.buildNodes()
	for _, n := range c.plan.nodes {
		if n.node != nil {
			out = append(out, NodeOutputs{NodeID: n.id, Outputs: declaredOf(n)})
		}
	}
	return out
}

// declaredOf lists a built node's outputs in its spec's order.
func declaredOf(n planNode) []Output {
	outs := make([]Output, 0, len(n.outputs))
	for _, o := range n.spec.Outputs {
		if t, ok := n.outputs[o.Name]; ok {
			outs = append(outs, Output{Name: o.Name, Type: t})
		}
	}
	if n.settings.ErrorStrategy != StrategyFail {
		outs = append(outs, Output{Name: "error_message", Type: TypeString}, Output{Name: "error_type", Type: TypeString})
	}
	return outs
}

// SysVariables lists the sys.* variables a run of the given mode has.
func SysVariables(mode dsl.Mode) []Output {
	types := sysTypes(mode)
	out := make([]Output, 0, len(types))
	// The common ones first, as an editor lists them.
	order := []string{SysQuery, SysFiles, SysConversationID, SysDialogueCount, SysUserID, SysAppID,
		SysWorkflowID, SysWorkflowRunID, SysPendingIntent, SysOriginalQuery, SysAskUserCount}
	for _, name := range order {
		if t, ok := types[name]; ok {
			out = append(out, Output{Name: name, Type: t})
		}
	}
	return out
}
