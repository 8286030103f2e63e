package engine

import (
	"fmt"
	"slices"

	"lexflow/backend/dsl"
)

// A container node (Spec.Body) owns the steps whose dsl.GraphNode.ParentID
// is its id. They are compiled here into a plan of their own, run by
// NodeInput.RunBody (bodyrun.go). References a body step makes to steps
// outside the body become inputs of the container, so the app's compile
// checks them where the container stands and the container's snapshot
// carries their values into every round.

// bodyPlan is a compiled body.
type bodyPlan struct {
	plan *Plan
	// reads are Spec.Body.Reads, compiled against the body.
	reads []ref
	// outer are the variables from outside the body that its steps read:
	// they seed each round's pool (by node id, as namespaces are).
	outer []Input
}

// writes are the variables a node may write: its own, and for a container
// those its body's steps write, however deep.
func (n *planNode) writes() []Input {
	if n.body == nil {
		return n.spec.Writes
	}
	out := slices.Clone(n.spec.Writes)
	for i := range n.body.plan.nodes {
		out = append(out, n.body.plan.nodes[i].writes()...)
	}
	return out
}

// bodyScope is what a compiler of a body knows about its container.
type bodyScope struct {
	container string
	locals    map[string]Type
	outer     []Input
}

// level is the container whose body the compiler compiles, "" for the app.
func (c *compiler) level() string {
	if c.scope == nil {
		return ""
	}
	return c.scope.container
}

// parentOf maps every node id of the app to its ParentID.
func (c *compiler) parentOf() map[string]string {
	if c.parents == nil {
		c.parents = make(map[string]string, len(c.app.Workflow.Graph.Nodes))
		for _, gn := range c.app.Workflow.Graph.Nodes {
			if _, dup := c.parents[gn.ID]; !dup {
				c.parents[gn.ID] = gn.ParentID
			}
		}
	}
	return c.parents
}

// edgeInLevel reports whether an edge belongs to the graph being compiled:
// both its ends are steps of it (or missing, for the app's graph to report).
// checkPlacement reports edges that cross a container's edge.
func (c *compiler) edgeInLevel(e dsl.Edge) bool {
	parents := c.parentOf()
	return parents[e.Source] == c.level() && parents[e.Target] == c.level()
}

// compileBody compiles the body of container idx.
func (c *compiler) compileBody(idx int) {
	n := &c.plan.nodes[idx]
	b := n.spec.Body
	scope := &bodyScope{container: n.id, locals: map[string]Type{}}
	for _, l := range b.Locals {
		scope.locals[l.Name] = orAny(l.Type)
	}
	bc := &compiler{app: c.app, reg: c.reg, scope: scope, parents: c.parentOf(), containers: c.containers,
		plan: &Plan{mode: c.plan.mode, byID: map[string]int{}, start: -1}}
	bc.variables()
	bc.buildNodes()
	bc.buildVirtualNodes()
	bc.buildEdges()
	bc.bodyRoles(n, b)
	acyclic := bc.checkCycles()
	bc.checkReachable()
	bc.finish(acyclic)
	reads := bc.compileReads(n.id, b.Reads)
	c.ps.list = append(c.ps.list, bc.ps.list...)
	n.body = &bodyPlan{plan: bc.plan, reads: reads, outer: scope.outer}
}

// bodyRoles finds the body's start and refuses steps that only the app's
// own graph can hold.
func (c *compiler) bodyRoles(container *planNode, b *Body) {
	start, ok := c.plan.byID[b.Start]
	if !ok || start >= c.plan.real {
		c.ps.field(container.id, b.StartField, ErrBadBody, "Its first step is missing: add a step inside it and connect it first.",
			fmt.Sprintf("start node %q is not a step of the body", b.Start))
	} else {
		c.plan.start = start
	}
	for i := 0; i < c.plan.real; i++ {
		n := &c.plan.nodes[i]
		if n.node != nil && (n.spec.Role == RoleStart || n.spec.Role == RoleEnd) {
			c.ps.node(n.id, ErrBadBody, "A Start or End step cannot be inside “"+container.name()+"”: move it out.",
				fmt.Sprintf("a %s node inside container %s", n.typ, container.id))
		}
	}
}

// compileReads resolves what the container reads after each round.
func (c *compiler) compileReads(container string, reads []Input) []ref {
	var out []ref
	for _, in := range reads {
		sel := in.Selector
		if err := sel.Validate(); err != nil {
			c.refProblem(container, in, ErrUnknownVariable, incompleteRef(sel), err.Error())
			continue
		}
		r := ref{sel: slices.Clone(sel), key: sel.String(), node: -1}
		prod, inBody := c.plan.byID[sel.Node()]
		switch {
		case inBody && c.plan.nodes[prod].node != nil:
			t, ok := c.outputType(container, in, &c.plan.nodes[prod])
			if !ok {
				continue
			}
			r.node = prod
			c.checkType(container, in, t)
		case inBody:
			r.node = prod // its own problem is reported
		case sel.Node() == container:
			if !c.scope.local(c, container, in) {
				continue
			}
		default:
			c.scope.addOuter(in)
		}
		out = append(out, r)
	}
	return out
}

// resolve resolves a body step's reference to its container's locals
// or to a step outside the body.
func (s *bodyScope) resolve(c *compiler, owner string, in Input, r ref) (ref, bool) {
	if in.Selector.Node() == s.container {
		return r, s.local(c, owner, in)
	}
	s.addOuter(in)
	return r, true
}

func (s *bodyScope) local(c *compiler, owner string, in Input) bool {
	t, ok := s.locals[in.Selector.Var()]
	if !ok {
		names := make([]string, 0, len(s.locals))
		for k := range s.locals {
			names = append(names, k)
		}
		slices.Sort(names)
		c.refProblem(owner, in, ErrUnknownVariable, fmt.Sprintf("There is no “%s” in the step it is inside: choose another variable.", in.Selector.Var()),
			fmt.Sprintf("%s: container %s hands its body %v", tplOf(in.Selector), s.container, names))
		return false
	}
	return c.checkType(owner, in, t)
}

// addOuter records a variable read from outside the body: the whole
// variable, so that a round's pool can hold it as the app's pool does.
func (s *bodyScope) addOuter(in Input) {
	sel := in.Selector[:2]
	want := in.Type
	if len(in.Selector) > 2 {
		want = TypeAny
	}
	if !slices.ContainsFunc(s.outer, func(o Input) bool { return o.Selector.String() == sel.String() }) {
		s.outer = append(s.outer, Input{Selector: slices.Clone(sel), Type: want})
	}
}

// checkPlacement reports steps inside a container that is missing or has
// no body, and connections between the inside and the outside of one.
func (c *compiler) checkPlacement() {
	parents := c.parentOf()
	for _, gn := range c.app.Workflow.Graph.Nodes {
		if gn.ParentID == "" {
			continue
		}
		_, exists := parents[gn.ParentID]
		hasBody, built := c.containers[gn.ParentID]
		if !exists || (built && !hasBody) {
			c.ps.node(gn.ID, ErrBadBody, "This step is inside a step that cannot hold steps, or no longer exists: move it out.",
				fmt.Sprintf("parentId %q is not an iteration, a loop or another container", gn.ParentID))
		}
	}
	for i, e := range c.app.Workflow.Graph.Edges {
		ps, pd := parents[e.Source], parents[e.Target]
		if ps != pd && (ps != "" || pd != "") {
			c.ps.edge(e.Name(i), ErrBadBody, "A connection crosses the edge of an iteration or a loop: connect steps inside it to each other only.",
				fmt.Sprintf("%s (in %q) → %s (in %q)", e.Source, ps, e.Target, pd))
		}
	}
	for i := 0; i < c.plan.real; i++ {
		if n := &c.plan.nodes[i]; n.node != nil && n.spec.Role == RoleBreak {
			c.ps.node(n.id, ErrBadBody, "This step only works inside a loop: move it into one.", "a break node outside any body")
		}
	}
}
