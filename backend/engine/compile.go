package engine

import (
	"fmt"
	"slices"
	"strings"

	"lexflow/backend/dsl"
)

// Limits that keep Compile's work bounded on hostile input; real apps have
// tens of nodes.
const (
	MaxNodes = 10_000
	MaxEdges = 50_000
)

// Compile validates an app against a registry and returns its immutable
// plan. It reports every problem it finds, not just the first, as a
// *CompileError whose problems each wrap a sentinel (ErrCycle, ...).
func Compile(app *dsl.App, reg *Registry) (*Plan, error) {
	return compile(app, reg, "")
}

// CompileNode compiles node nodeID of app for running alone
// (Plan.StartNode): the node and its virtual sub-nodes are checked as
// Compile checks them, and nothing else of the graph is, so a step broken
// elsewhere does not stop this one. Its references to other steps are taken
// as they are: the run hands the node the variables it read before, and
// MissingVars names those it lacks. The plan runs nothing but StartNode.
func CompileNode(app *dsl.App, reg *Registry, nodeID string) (*Plan, error) {
	plan, err := compile(app, reg, nodeID)
	if err == nil && !plan.has(nodeID) {
		return nil, fmt.Errorf("compile step %s alone: %w", nodeID, ErrNodeNotFound)
	}
	return plan, err
}

func compile(app *dsl.App, reg *Registry, only string) (*Plan, error) {
	if app == nil || reg == nil {
		return nil, fmt.Errorf("compile app: nil app or registry")
	}
	c := &compiler{app: app, reg: reg, only: only, containers: map[string]bool{}, plan: &Plan{mode: app.App.Mode, byID: map[string]int{}, start: -1, only: only}}
	if !c.withinLimits() {
		return nil, c.ps.err()
	}
	c.variables()
	c.buildNodes()
	c.buildVirtualNodes()
	acyclic := true
	if only == "" {
		c.buildEdges()
		c.checkRoles()
		acyclic = c.checkCycles()
		c.checkReachable()
		c.checkPlacement()
	}
	c.finish(acyclic)
	if err := c.ps.err(); err != nil {
		return nil, err
	}
	return c.plan, nil
}

// finish orders the graph and checks what needs the order.
func (c *compiler) finish(acyclic bool) {
	if acyclic {
		c.order()
	}
	c.checkReferences(acyclic)
	c.checkDefaults()
	c.sortResponses()
	c.attributeVirtualProblems()
}

type compiler struct {
	app  *dsl.App
	reg  *Registry
	plan *Plan
	ps   problems
	// scope is set when the compiler compiles a container's body: the nodes
	// whose ParentID is scope.container. Nil for the app's own steps.
	scope *bodyScope
	// parents maps node ids to their ParentID; containers records, for every
	// node built, whether it has a body. Both are shared by a compile's levels.
	parents    map[string]string
	containers map[string]bool
	// allLevels builds the steps of bodies too, each on its own (DeclaredOutputs).
	allLevels bool
	// only names the one node compiled for running alone (CompileNode), or "".
	only string
	// ancestors[i] holds the real nodes upstream of real node i (acyclic only).
	ancestors []bitset
}

func (c *compiler) withinLimits() bool {
	g := c.app.Workflow.Graph
	if len(g.Nodes) > MaxNodes || len(g.Edges) > MaxEdges {
		c.ps.app(ErrInvalidNode, fmt.Sprintf("The app is too large to check: keep it under %d steps and %d connections.", MaxNodes, MaxEdges),
			fmt.Sprintf("%d nodes and %d edges; the limits are %d and %d", len(g.Nodes), len(g.Edges), MaxNodes, MaxEdges))
		return false
	}
	return true
}

// variables compiles the environment and conversation declarations.
func (c *compiler) variables() {
	c.plan.env = c.declared("Environment variable", c.app.Workflow.EnvironmentVariables)
	c.plan.conv = c.declared("Conversation variable", c.app.Workflow.ConversationVariables)
}

func (c *compiler) declared(what string, vars []dsl.Variable) map[string]Value {
	out := make(map[string]Value, len(vars))
	for _, v := range vars {
		detail := fmt.Sprintf("%s %q", strings.ToLower(what), v.Name)
		if !validName(v.Name) {
			c.ps.app(ErrInvalidVariable, fmt.Sprintf("%s “%s”: use letters, digits and _ in its name, not starting with a digit.", what, v.Name),
				detail+": use letters, digits and '_'")
			continue
		}
		if _, dup := out[v.Name]; dup {
			c.ps.app(ErrInvalidVariable, fmt.Sprintf("%s “%s” is declared twice: keep one.", what, v.Name), detail+" is declared twice")
			continue
		}
		t, err := ParseType(string(v.ValueType))
		if err != nil {
			c.ps.app(ErrInvalidVariable, fmt.Sprintf("%s “%s” has a type Lexflow does not know: choose another.", what, v.Name), fmt.Sprintf("%s: %v", detail, err))
			continue
		}
		val, err := decodeTyped(v.Value, t)
		if err != nil {
			c.ps.app(ErrInvalidVariable, fmt.Sprintf("%s “%s”: its value is not %s.", what, v.Name, typeWords(t)), fmt.Sprintf("%s: %v", detail, err))
			continue
		}
		out[v.Name] = val
	}
	return out
}

// buildNodes builds every node through its factory and reads its spec.
func (c *compiler) buildNodes() {
	peers := c.peers()
	for i, gn := range c.app.Workflow.Graph.Nodes {
		// A step run alone (only) may be one inside a container's body.
		if (gn.ParentID != c.level() && !c.allLevels && c.only == "") || (c.only != "" && (gn.ID != c.only || c.has(gn.ID))) {
			continue
		}
		if !c.checkNodeID(i, gn.ID) {
			continue
		}
		idx := c.addNode(planNode{id: gn.ID, typ: gn.Type, parent: -1})
		c.plan.real = len(c.plan.nodes)
		def := NodeDef{ID: gn.ID, Type: gn.Type, Data: gn.Data, Mode: c.plan.mode, peers: peers}
		c.build(idx, def)
		if c.plan.nodes[idx].spec.Body != nil && !c.allLevels {
			c.compileBody(idx)
		}
	}
}

func (c *compiler) peers() map[string]PeerNode {
	m := make(map[string]PeerNode, len(c.app.Workflow.Graph.Nodes))
	for _, gn := range c.app.Workflow.Graph.Nodes {
		if _, dup := m[gn.ID]; !dup {
			m[gn.ID] = PeerNode{ID: gn.ID, Type: gn.Type, Data: gn.Data}
		}
	}
	return m
}

func (c *compiler) checkNodeID(i int, id string) bool {
	switch {
	case !validNodeID(id):
		c.ps.node(fmt.Sprintf("#%d", i+1), ErrInvalidNode, fmt.Sprintf("Step %d has an id Lexflow cannot use: give it 1 to %d letters, digits, _ or -.", i+1, maxIDLen),
			fmt.Sprintf("id %q: use 1-%d letters, digits, '_' or '-'", id, maxIDLen))
	case isNamespace(id):
		c.ps.node(id, ErrInvalidNode, fmt.Sprintf("The id “%s” is reserved for built-in variables: give this step another id.", id),
			fmt.Sprintf("%q is reserved for %s.* variables", id, id))
	case c.has(id):
		c.ps.node(id, ErrDuplicateNode, "Another step has the same id: give one of them a new id.", fmt.Sprintf("another node already has id %q", id))
	default:
		return true
	}
	return false
}

func (c *compiler) has(id string) bool { return c.plan.has(id) }

func (c *compiler) addNode(n planNode) int {
	c.plan.nodes = append(c.plan.nodes, n)
	idx := len(c.plan.nodes) - 1
	c.plan.byID[n.id] = idx
	return idx
}

// build runs the factory for node idx; on failure the node stays without an
// implementation so later checks can still look at its edges.
func (c *compiler) build(idx int, def NodeDef) {
	n := &c.plan.nodes[idx]
	factory, ok := c.reg.Lookup(def.Type)
	if !ok {
		c.unknownType(n.id, def.Type)
		return
	}
	settings, errs := parseSettings(def.Data)
	for _, err := range errs {
		c.settingsProblem(n.id, "", err)
	}
	n.title = settings.Title
	def.Title, def.Settings = n.title, settings
	impl, err := factory(def)
	if err != nil || impl == nil {
		c.settingsProblem(n.id, def.Type+": ", err)
		return
	}
	n.node, n.settings, n.spec = impl, settings, impl.Spec()
	c.containers[n.id] = n.spec.Body != nil
	c.readSpec(idx)
}

func (c *compiler) unknownType(id, typ string) {
	known := cmpOr(strings.Join(c.reg.Types(), ", "), "none registered")
	if dsl.NewerThanOurs(c.app.Version) {
		err := fmt.Errorf("%w: %w", ErrUnknownNodeType, ErrNewerVersion)
		c.ps.node(id, err, "This kind of step comes from a newer Lexflow: update Lexflow to run it.",
			fmt.Sprintf("type %q comes with dsl version %s, newer than this Lexflow's %s; update Lexflow", typ, c.app.Version, dsl.DSLVersion))
		return
	}
	c.ps.node(id, ErrUnknownNodeType, "Lexflow does not know this kind of step: replace it with one from the palette.",
		fmt.Sprintf("type %q (known: %s)", typ, known))
}

// readSpec validates a spec and indexes its outputs, handles and streams.
func (c *compiler) readSpec(idx int) {
	n := &c.plan.nodes[idx]
	n.outputs = make(map[string]Type, len(n.spec.Outputs)+2)
	for _, o := range n.spec.Outputs {
		if !validName(o.Name) || n.outputs[o.Name] != "" {
			c.ps.node(n.id, ErrInvalidNode, specMessage, fmt.Sprintf("spec: output %q is invalid or declared twice", o.Name))
			continue
		}
		if _, err := ParseType(string(orAny(o.Type))); err != nil {
			c.ps.node(n.id, ErrInvalidNode, specMessage, fmt.Sprintf("spec: output %q: %v", o.Name, err))
		}
		n.outputs[o.Name] = orAny(o.Type)
	}
	if n.settings.ErrorStrategy != StrategyFail {
		n.outputs["error_message"], n.outputs["error_type"] = TypeString, TypeString
	}
	n.streams = make(map[string]bool, len(n.spec.Streams))
	for _, s := range n.spec.Streams {
		if n.outputs[s] == "" {
			c.ps.node(n.id, ErrInvalidNode, specMessage, fmt.Sprintf("spec: streamed output %q is not declared", s))
		}
		n.streams[s] = true
	}
	c.readHandles(n)
}

func orAny(t Type) Type {
	if t == "" {
		return TypeAny
	}
	return t
}

func (c *compiler) readHandles(n *planNode) {
	n.handles = map[string]bool{}
	if n.spec.Handles == nil {
		n.handles[HandleSource] = true
	}
	for _, h := range n.spec.Handles {
		if h == "" || h == HandleFailBranch || n.handles[h] {
			c.ps.node(n.id, ErrInvalidNode, "Two branches of this step have the same name, or one has none: name each branch once.",
				fmt.Sprintf("spec: branch handle %q is empty, reserved or declared twice", h))
		}
		n.handles[h] = true
	}
	if n.settings.ErrorStrategy == StrategyFailBranch {
		n.handles[HandleFailBranch] = true
	}
}

// buildEdges resolves edge ends and checks handles and duplicates.
func (c *compiler) buildEdges() {
	seenID := map[string]bool{}
	seenLink := map[[3]string]bool{}
	for i, e := range c.app.Workflow.Graph.Edges {
		if !c.edgeInLevel(e) {
			continue
		}
		eid := e.Name(i)
		src, okSrc := c.plan.byID[e.Source]
		dst, okDst := c.plan.byID[e.Target]
		if !okSrc || !okDst {
			c.danglingEdge(eid, e, okSrc, okDst)
			continue
		}
		handle := cmpOr(e.SourceHandle, HandleSource)
		link := [3]string{e.Source, handle, e.Target}
		if (e.ID != "" && seenID[e.ID]) || seenLink[link] {
			c.ps.edge(eid, ErrDuplicateEdge, fmt.Sprintf("The steps “%s” and “%s” are connected twice: remove one connection.", c.titleOf(src), c.titleOf(dst)),
				fmt.Sprintf("%s → %s (handle %q) is defined twice", e.Source, e.Target, handle))
			continue
		}
		seenID[e.ID], seenLink[link] = true, true
		c.checkHandle(eid, src, handle)
		c.addEdge(planEdge{id: eid, src: src, dst: dst, handle: handle})
	}
}

// cmpOr is cmp.Or for strings, named apart from go-cmp in tests.
func cmpOr[T ~string](s, def T) T {
	if s == "" {
		return def
	}
	return s
}

func (c *compiler) danglingEdge(eid string, e dsl.Edge, okSrc, okDst bool) {
	if !okSrc {
		c.ps.edge(eid, ErrDanglingEdge, "A connection starts at a step that no longer exists: delete the connection.", fmt.Sprintf("source %q is not a node", e.Source))
	}
	if !okDst {
		c.ps.edge(eid, ErrDanglingEdge, "A connection leads to a step that no longer exists: delete the connection.", fmt.Sprintf("target %q is not a node", e.Target))
	}
}

func (c *compiler) checkHandle(eid string, src int, handle string) {
	n := &c.plan.nodes[src]
	if n.node == nil || n.handles[handle] {
		return
	}
	var names []string
	for h := range n.handles {
		names = append(names, fmt.Sprintf("%q", h))
	}
	slices.Sort(names)
	c.ps.edge(eid, ErrUnknownHandle, fmt.Sprintf("A connection starts from a branch that “%s” no longer has: connect it from one of its branches.", c.titleOf(src)),
		fmt.Sprintf("node %s has no handle %q (it has %s)", n.id, handle, strings.Join(names, ", ")))
}

func (c *compiler) addEdge(e planEdge) {
	src := &c.plan.nodes[e.src]
	e.conditional = len(src.spec.Handles) > 0 || src.settings.ErrorStrategy == StrategyFailBranch
	c.plan.edges = append(c.plan.edges, e)
	i := len(c.plan.edges) - 1
	src.out = append(src.out, i)
	c.plan.nodes[e.dst].in = append(c.plan.nodes[e.dst].in, i)
}
