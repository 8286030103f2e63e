package engine

import (
	"fmt"
	"slices"
	"strings"

	"lexflow/backend/dsl"
)

// buildVirtualNodes builds the sub-nodes real nodes declare, after all real
// ids are known so that collisions are caught.
func (c *compiler) buildVirtualNodes() {
	peers := c.peers()
	for idx := 0; idx < c.plan.real; idx++ {
		for _, v := range c.plan.nodes[idx].spec.Virtual {
			c.buildVirtual(idx, v, peers)
		}
	}
}

func (c *compiler) buildVirtual(parent int, v VirtualNode, peers map[string]PeerNode) {
	pid := c.plan.nodes[parent].id
	if !validVirtualID(pid, v.ID) || isNamespace(v.ID) || c.has(v.ID) {
		c.ps.node(pid, ErrInvalidNode, "One of this step's extractions has an id that is not valid or already used: give it another.",
			fmt.Sprintf("virtual node id %q is invalid or already used", v.ID))
		return
	}
	idx := c.addNode(planNode{id: v.ID, typ: v.Type, parent: parent,
		extractionSource: v.ExtractionSource, extractionPrompt: v.ExtractionPrompt})
	c.plan.nodes[parent].children = append(c.plan.nodes[parent].children, idx)
	c.build(idx, NodeDef{ID: v.ID, Type: v.Type, Data: v.Data, Mode: c.plan.mode, peers: peers})
	n := &c.plan.nodes[idx]
	if v.Title != "" {
		n.title = v.Title
	}
	if n.node != nil && (len(n.spec.Virtual) > 0 || len(n.spec.Handles) > 0 || n.spec.Role != RoleNone || n.spec.Response != nil) {
		c.ps.node(v.ID, ErrInvalidNode, "An extraction inside a step cannot branch, answer or hold extractions of its own: use a plain model step.",
			fmt.Sprintf("a virtual node of %s cannot branch, nest, respond or take a role", pid))
	}
}

// validVirtualID accepts a node id, or "parent.local" for virtual nodes
// declared with local ids: the dot keeps them apart from any
// real node's id, since real ids cannot contain one.
func validVirtualID(parent, id string) bool {
	local, ok := strings.CutPrefix(id, parent+".")
	if ok {
		return validNodeID(local)
	}
	return validNodeID(id)
}

// attributeVirtualProblems moves problems found in virtual nodes onto their
// parent, which is the node a person can see and fix, naming the sub-node.
func (c *compiler) attributeVirtualProblems() {
	for i := range c.ps.list {
		p := &c.ps.list[i]
		idx, ok := c.plan.byID[p.NodeID]
		if !ok || p.NodeID == "" || c.plan.nodes[idx].parent < 0 {
			continue
		}
		// The sub-node's field is not one of the parent's settings: the message names the sub-node instead.
		p.Detail = "virtual node " + p.NodeID + ": " + cmpOr(p.Detail, p.Message)
		p.Message = "Extraction “" + c.titleOf(idx) + "”: " + p.Message
		p.NodeID, p.Field = c.plan.nodes[c.plan.nodes[idx].parent].id, ""
	}
}

// checkReferences resolves every node's inputs (and Response references) and
// stores them as the node's view. Upstream checks need an acyclic graph.
func (c *compiler) checkReferences(acyclic bool) {
	for i := range c.plan.nodes {
		n := &c.plan.nodes[i]
		if n.node == nil {
			continue
		}
		for _, in := range c.declaredInputs(n) {
			if r, ok := c.resolve(i, in, acyclic); ok && !hasRef(n.inputs, r.key) {
				n.inputs = append(n.inputs, r)
			}
		}
		if n.spec.Response != nil {
			c.compileResponse(i)
		}
		c.checkWrites(n)
	}
}

// checkWrites checks that a node writes only declared conversation variables.
func (c *compiler) checkWrites(n *planNode) {
	for _, w := range n.spec.Writes {
		if c.scope != nil && len(w.Selector) == 2 && w.Selector.Node() == c.scope.container {
			c.scope.local(c, n.id, w) // a loop's variable, written by a step of its body
			continue
		}
		if len(w.Selector) != 2 || w.Selector.Node() != NamespaceConversation {
			c.refProblem(n.id, w, ErrUnknownVariable, "Only conversation variables can be written: choose one.",
				fmt.Sprintf("%s is not a conversation variable", tplOf(w.Selector)))
			continue
		}
		if t, ok := c.namespaceType(n.id, w); ok {
			c.checkType(n.id, Input{Selector: w.Selector, Type: w.Type, Field: w.Field}, t)
		}
	}
}

func (c *compiler) declaredInputs(n *planNode) []Input {
	ins := slices.Clone(n.spec.Inputs)
	if n.body != nil {
		ins = append(ins, n.body.outer...)
	}
	for _, sel := range n.spec.Response.Refs() {
		ins = append(ins, Input{Selector: sel, Type: TypeAny})
	}
	return ins
}

func hasRef(refs []ref, key string) bool {
	for _, r := range refs {
		if r.key == key {
			return true
		}
	}
	return false
}

// resolve checks one reference and compiles it.
func (c *compiler) resolve(owner int, in Input, acyclic bool) (ref, bool) {
	n := &c.plan.nodes[owner]
	sel := in.Selector
	if err := sel.Validate(); err != nil {
		c.refProblem(n.id, in, ErrUnknownVariable, incompleteRef(sel), err.Error())
		return ref{}, false
	}
	r := ref{sel: slices.Clone(sel), key: sel.String(), node: -1}
	if sel.IsNamespace() {
		t, ok := c.namespaceType(n.id, in)
		if ok && c.scope != nil {
			c.scope.addOuter(in) // a round's pool takes it from the container's snapshot
		}
		return r, ok && c.checkType(n.id, in, t)
	}
	if c.only != "" && !c.has(sel.Node()) {
		return r, true // another step's variable, handed in as it was recorded
	}
	if c.scope != nil && !c.has(sel.Node()) {
		return c.scope.resolve(c, n.id, in, r)
	}
	prod, ok := c.producer(owner, in, acyclic)
	if !ok {
		return ref{}, false
	}
	r.node = prod
	p := &c.plan.nodes[prod]
	if p.node == nil {
		return r, true // its own problem is already reported
	}
	t, ok := c.outputType(n.id, in, p)
	if !ok {
		return ref{}, false
	}
	return r, c.checkType(n.id, in, t)
}

// outputType is the type of the output of p that in reads, reported on
// owner when p has no such output.
func (c *compiler) outputType(owner string, in Input, p *planNode) (Type, bool) {
	t, ok := p.outputs[in.Selector.Var()]
	if !ok {
		sel := in.Selector
		c.refProblem(owner, in, ErrUnknownVariable,
			fmt.Sprintf("It reads “%s”, but “%s” has no result of that name (any more): choose another variable.", c.variableWords(sel), p.name()),
			fmt.Sprintf("%s: node %s has no output %q (it has %s)", tplOf(sel), p.id, sel.Var(), outputNames(p)))
	}
	return t, ok
}

// refProblem reports a bad reference on the field it was made in.
func (c *compiler) refProblem(nodeID string, in Input, err error, message, detail string) {
	c.ps.field(nodeID, in.Field, err, message, detail)
}

func tplOf(sel Selector) string { return refOpen + sel.String() + refClose }

func incompleteRef(sel Selector) string {
	if len(sel) == 0 || (len(sel) == 1 && sel[0] == "") {
		return "Choose a variable."
	}
	return "The variable “" + sel.String() + "” is incomplete or misspelt: choose it again from the list."
}

// producer finds the referenced node and checks that it runs before owner.
func (c *compiler) producer(owner int, in Input, acyclic bool) (int, bool) {
	n := &c.plan.nodes[owner]
	sel, tpl := in.Selector, tplOf(in.Selector)
	prod, ok := c.plan.byID[sel.Node()]
	switch {
	case prod == owner && ok:
		c.refProblem(n.id, in, ErrSelfReference, "A step cannot read its own result: choose a variable from a step before it.",
			tpl+" reads the node's own output")
	case !ok:
		c.refProblem(n.id, in, ErrMissingNode, fmt.Sprintf("It reads “%s” from a step that no longer exists: choose another variable.", sel[1:].String()),
			fmt.Sprintf("%s: there is no node %q", tpl, sel.Node()))
	case acyclic && !c.upstream(owner, prod):
		c.refProblem(n.id, in, ErrNotUpstream,
			fmt.Sprintf("It reads “%s”, but “%s” does not run before this step: connect it earlier, or choose another variable.", c.variableWords(sel), c.titleOf(prod)),
			fmt.Sprintf("%s: node %s does not run before %s", tpl, sel.Node(), n.id))
	default:
		return prod, true
	}
	return -1, false
}

// upstream reports whether prod has finished whenever owner runs. A virtual
// node counts as its parent; a parent's earlier virtual nodes precede later
// ones. A node reads its own virtual nodes through RunVirtual's result.
func (c *compiler) upstream(owner, prod int) bool {
	o, p := &c.plan.nodes[owner], &c.plan.nodes[prod]
	ownerAt, prodAt := owner, prod
	if o.parent >= 0 {
		ownerAt = o.parent
	}
	if p.parent >= 0 {
		prodAt = p.parent
	}
	if ownerAt == prodAt {
		return o.parent >= 0 && p.parent >= 0 && prod < owner // earlier sibling
	}
	return c.ancestors[ownerAt].has(prodAt)
}

var namespaceWords = map[string]string{NamespaceSys: "system", NamespaceEnv: "environment", NamespaceConversation: "conversation"}

func (c *compiler) namespaceType(nodeID string, in Input) (Type, bool) {
	sel := in.Selector
	var decl map[string]Type
	switch sel.Node() {
	case NamespaceSys:
		decl = sysTypes(c.plan.mode)
	case NamespaceEnv:
		decl = valueTypes(c.app.Workflow.EnvironmentVariables)
	default:
		decl = valueTypes(c.app.Workflow.ConversationVariables)
	}
	t, ok := decl[sel.Var()]
	if !ok {
		c.refProblem(nodeID, in, ErrUnknownVariable,
			fmt.Sprintf("There is no %s variable “%s” in a %s: choose another variable.", namespaceWords[sel.Node()], sel.Var(), c.plan.mode),
			fmt.Sprintf("%s: no %s variable %q in a %s", tplOf(sel), sel.Node(), sel.Var(), c.plan.mode))
	}
	return t, ok
}

func valueTypes(vars []dsl.Variable) map[string]Type {
	m := make(map[string]Type, len(vars))
	for _, v := range vars {
		t, err := ParseType(string(v.ValueType))
		if err == nil {
			m[v.Name] = t
		}
	}
	return m
}

// checkType checks sub-paths and the expected type where both are known.
func (c *compiler) checkType(nodeID string, in Input, t Type) bool {
	sel, tpl, want := in.Selector, tplOf(in.Selector), in.Type
	if path := sel.Path(); len(path) > 0 {
		if !t.HasFields() {
			c.refProblem(nodeID, in, ErrTypeMismatch,
				fmt.Sprintf("It reads “%s”, which is %s and has no part called “%s”: choose the variable itself.", c.variableWords(sel[:2]), typeWords(t), path[0]),
				fmt.Sprintf("%s: %s is %s, which has no field %q", tpl, sel[:2].String(), t, path[0]))
			return false
		}
		t = fieldType(t, path)
	}
	if !t.AssignableTo(want) {
		c.refProblem(nodeID, in, ErrTypeMismatch,
			fmt.Sprintf("It reads “%s”, which is %s, but %s is needed here: choose another variable.", c.variableWords(sel), typeWords(t), typeWords(want)),
			fmt.Sprintf("%s is %s, but %s is expected", tpl, t, want))
		return false
	}
	return true
}

func fieldType(t Type, path []string) Type {
	if t != TypeFile || len(path) != 1 {
		return TypeAny
	}
	if v, ok := (File{}).field(path[0]); ok {
		return v.Type()
	}
	return TypeAny
}

func outputNames(n *planNode) string {
	names := make([]string, 0, len(n.outputs))
	for name := range n.outputs {
		names = append(names, name)
	}
	slices.Sort(names)
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// compileResponse turns a Response template into segments the answer
// coordinator walks; references were resolved into n.inputs.
func (c *compiler) compileResponse(i int) {
	n := &c.plan.nodes[i]
	for _, seg := range n.spec.Response {
		if !seg.IsRef() {
			n.response = append(n.response, respSegment{text: seg.Text})
			continue
		}
		k := slices.IndexFunc(n.inputs, func(r ref) bool { return r.key == seg.Ref.String() })
		if k < 0 {
			continue // reported by resolve
		}
		r := n.inputs[k]
		stream := r.node >= 0 && len(r.sel) == 2 && c.plan.nodes[r.node].streams[r.sel.Var()]
		n.response = append(n.response, respSegment{ref: &r, stream: stream, after: c.writersBefore(i, r.sel)})
	}
	c.plan.responses = append(c.plan.responses, i)
}

// writersBefore lists the nodes upstream of node i that write the
// conversation variable sel reads: a Response shows its value once they
// have run.
func (c *compiler) writersBefore(i int, sel Selector) []int {
	if sel.Node() != NamespaceConversation || i >= len(c.ancestors) {
		return nil
	}
	var out []int
	for w := 0; w < c.plan.real; w++ {
		writes := slices.ContainsFunc(c.plan.nodes[w].writes(), func(in Input) bool {
			return in.Selector.Node() == NamespaceConversation && in.Selector.Var() == sel.Var()
		})
		if writes && c.ancestors[i].has(w) {
			out = append(out, w)
		}
	}
	return out
}

// checkDefaults checks default_value entries against the declared outputs.
func (c *compiler) checkDefaults() {
	for i := range c.plan.nodes {
		n := &c.plan.nodes[i]
		if n.node == nil {
			continue
		}
		for key, v := range n.settings.Defaults {
			t, ok := n.outputs[key]
			switch {
			case !ok:
				c.ps.field(n.id, "default_value", ErrInvalidNode, fmt.Sprintf("The fallback value “%s” is not one of this step's results: remove it.", key),
					fmt.Sprintf("default_value %q is not an output (outputs: %s)", key, outputNames(n)))
			case !conforms(v, t):
				c.ps.field(n.id, "default_value", ErrTypeMismatch, fmt.Sprintf("The fallback value for “%s” must be %s.", key, typeWords(t)),
					fmt.Sprintf("default_value %q is %s, but the output is %s", key, v.Type(), t))
			}
		}
	}
}

// sortResponses orders response nodes by rank so that answer streams follow
// the graph when several become certain at once.
func (c *compiler) sortResponses() {
	slices.SortFunc(c.plan.responses, func(a, b int) int { return c.plan.nodes[a].rank - c.plan.nodes[b].rank })
}
