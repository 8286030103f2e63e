package engine

import "lexflow/backend/dsl"

// Plan is a compiled app: validated once, immutable, and safe to run any
// number of times concurrently (each run has its own state and pool).
type Plan struct {
	mode  dsl.Mode
	nodes []planNode // real nodes in DSL order, then virtual nodes
	edges []planEdge
	byID  map[string]int
	start int
	real  int   // number of real (non-virtual) nodes
	topo  []int // real nodes in topological order
	env   map[string]Value
	conv  map[string]Value
	// responses are the nodes with a Response template, in topological order.
	responses []int
	// only is the node a plan from CompileNode holds, or "" for a whole app.
	only string
}

func (p *Plan) has(id string) bool { _, ok := p.byID[id]; return ok }

type planNode struct {
	id, typ, title string
	node           Node
	spec           Spec
	settings       Settings
	outputs        map[string]Type
	handles        map[string]bool // valid source handles
	streams        map[string]bool
	inputs         []ref // the view a run builds for the node
	in, out        []int // edge indices
	rank           int   // position in topological order
	response       []respSegment
	// Virtual sub-nodes: parent is the parent's index (-1 for real nodes);
	// children the virtual nodes of a real node.
	parent           int
	children         []int
	extractionSource string
	extractionPrompt string
	// body is a container's compiled body (Spec.Body), nil for other nodes.
	body *bodyPlan
}

// name is what a message calls the node, as the canvas does: its title, else
// its id. Only messages fall back to the id: a step's events and records keep
// its title as written, empty when it has none, and each face names an
// untitled step by its kind.
func (n *planNode) name() string { return cmpOr(n.title, n.id) }

type planEdge struct {
	id       string
	src, dst int
	handle   string
	// conditional edges may be left untaken: their source branches or has a
	// fail branch. The answer coordinator needs to know which.
	conditional bool
}

// ref is a compiled selector: node >= 0 is a node index, -1 a namespace.
type ref struct {
	sel  Selector
	key  string
	node int
}

// respSegment is one segment of a Response template, compiled.
type respSegment struct {
	text   string
	ref    *ref
	stream bool // the referenced output is streamed by its node
	// after are the nodes that must finish before a conversation
	// variable's value is shown: the writers of it upstream.
	after []int
}

// NodeInfo describes a compiled node.
type NodeInfo struct {
	ID       string
	Type     string
	Title    string
	Spec     Spec
	Settings Settings
	Virtual  bool
	ParentID string
}

// Mode is the app's mode.
func (p *Plan) Mode() dsl.Mode { return p.mode }

// Node describes one node (virtual nodes included).
func (p *Plan) Node(id string) (NodeInfo, bool) {
	i, ok := p.byID[id]
	if !ok {
		return NodeInfo{}, false
	}
	return p.info(i), true
}

// Nodes lists the real nodes in topological order.
func (p *Plan) Nodes() []NodeInfo {
	out := make([]NodeInfo, len(p.topo))
	for k, i := range p.topo {
		out[k] = p.info(i)
	}
	return out
}

func (p *Plan) info(i int) NodeInfo {
	n := &p.nodes[i]
	info := NodeInfo{ID: n.id, Type: n.typ, Title: n.title, Spec: n.spec, Settings: n.settings, Virtual: n.parent >= 0}
	if n.parent >= 0 {
		info.ParentID = p.nodes[n.parent].id
	}
	return info
}
