package engine

import (
	"container/heap"
	"slices"
	"strings"

	"lexflow/backend/dsl"
)

// checkRoles finds the start node and checks what the mode requires.
func (c *compiler) checkRoles() {
	var starts []string
	var startIdx []int
	roles := map[Role]bool{}
	for i := 0; i < c.plan.real; i++ {
		n := &c.plan.nodes[i]
		if n.node == nil {
			continue
		}
		roles[n.spec.Role] = true
		if n.spec.Role == RoleStart {
			starts = append(starts, n.id)
			startIdx = append(startIdx, i)
			c.plan.start = i
		}
	}
	switch {
	case len(starts) == 0:
		c.ps.app(ErrNoStart, "Add a Start step: every run begins there.", "add a start node: every run begins there")
	case len(starts) > 1:
		c.ps.add(Problem{NodeIDs: starts, Err: ErrMultipleStarts,
			Message: "Keep one Start step and delete the others: " + strings.Join(c.titlesOf(startIdx), ", ") + ".",
			Detail:  "keep one of " + strings.Join(starts, ", ")})
		c.plan.start = -1
	}
	if c.plan.mode == dsl.ModeWorkflow && !roles[RoleEnd] {
		c.ps.app(ErrNoEnd, "Add an End step: it gives the workflow its outputs.", "a workflow needs an end node to produce its outputs")
	}
	if c.plan.mode == dsl.ModeChatflow && !roles[RoleAnswer] {
		c.ps.app(ErrNoAnswer, "Add an Answer step: it is how the chatflow replies.", "a chatflow needs an answer node to reply")
	}
}

// checkCycles reports every strongly connected component that is a cycle,
// naming its nodes in cycle order, and says whether the graph is acyclic.
func (c *compiler) checkCycles() bool {
	acyclic := true
	for _, scc := range c.sccs() {
		if len(scc) == 1 && !c.selfLoop(scc[0]) {
			continue
		}
		acyclic = false
		path := c.cyclePath(scc)
		ids, titles := c.idsOf(path), c.titlesOf(path)
		c.ps.add(Problem{NodeID: ids[0], NodeIDs: ids, Err: ErrCycle,
			Message: "These steps go round in a loop: " + strings.Join(append(titles, titles[0]), " → ") + ". Remove one connection to break it.",
			Detail:  strings.Join(append(ids, ids[0]), " → ") + " (workflows must not loop)"})
	}
	return acyclic
}

func (c *compiler) selfLoop(i int) bool {
	for _, e := range c.plan.nodes[i].out {
		if c.plan.edges[e].dst == i {
			return true
		}
	}
	return false
}

// sccs is Tarjan's algorithm over the real nodes; components come out in
// reverse topological order, each listing node indices.
func (c *compiler) sccs() [][]int {
	t := tarjan{c: c, index: make([]int, c.plan.real), low: make([]int, c.plan.real), on: make([]bool, c.plan.real)}
	for i := range t.index {
		t.index[i] = -1
	}
	for i := 0; i < c.plan.real; i++ {
		if t.index[i] < 0 {
			t.visit(i)
		}
	}
	return t.out
}

type tarjan struct {
	c          *compiler
	index, low []int
	on         []bool
	stack      []int
	next       int
	out        [][]int
}

func (t *tarjan) visit(v int) {
	t.index[v], t.low[v] = t.next, t.next
	t.next++
	t.stack = append(t.stack, v)
	t.on[v] = true
	for _, e := range t.c.plan.nodes[v].out {
		w := t.c.plan.edges[e].dst
		if t.index[w] < 0 {
			t.visit(w)
			t.low[v] = min(t.low[v], t.low[w])
		} else if t.on[w] {
			t.low[v] = min(t.low[v], t.index[w])
		}
	}
	if t.low[v] == t.index[v] {
		t.pop(v)
	}
}

func (t *tarjan) pop(v int) {
	var scc []int
	for {
		w := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.on[w] = false
		scc = append(scc, w)
		if w == v {
			break
		}
	}
	t.out = append(t.out, scc)
}

// cyclePath finds the shortest cycle through a component's first node (in
// DSL order) and returns its node indices in order.
func (c *compiler) cyclePath(scc []int) []int {
	in := map[int]bool{}
	first := scc[0]
	for _, v := range scc {
		in[v] = true
		first = min(first, v)
	}
	parent := map[int]int{first: -1}
	for queue := []int{first}; len(queue) > 0; queue = queue[1:] {
		v := queue[0]
		for _, e := range c.plan.nodes[v].out {
			w := c.plan.edges[e].dst
			if w == first {
				return pathBack(parent, v)
			}
			if _, seen := parent[w]; in[w] && !seen {
				parent[w] = v
				queue = append(queue, w)
			}
		}
	}
	return []int{first}
}

// pathBack follows parent links from v to the root and returns the path root first.
func pathBack(parent map[int]int, v int) []int {
	var path []int
	for ; v >= 0; v = parent[v] {
		path = append(path, v)
	}
	slices.Reverse(path)
	return path
}

func (c *compiler) idsOf(idxs []int) []string {
	out := make([]string, len(idxs))
	for i, idx := range idxs {
		out[i] = c.plan.nodes[idx].id
	}
	return out
}

// checkReachable reports nodes no path from the start reaches.
func (c *compiler) checkReachable() {
	if c.plan.start < 0 {
		return
	}
	seen := make([]bool, c.plan.real)
	queue := []int{c.plan.start}
	seen[c.plan.start] = true
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, e := range c.plan.nodes[v].out {
			if w := c.plan.edges[e].dst; !seen[w] {
				seen[w] = true
				queue = append(queue, w)
			}
		}
	}
	for i, ok := range seen {
		if !ok {
			c.ps.node(c.plan.nodes[i].id, ErrUnreachable, "Nothing leads to this step from “"+c.titleOf(c.plan.start)+"”: connect it after a step, or delete it.",
				"no path from the start node "+c.plan.nodes[c.plan.start].id+" leads here")
		}
	}
}

// order sorts the real nodes topologically (ties in DSL order) and computes
// each node's ancestors.
func (c *compiler) order() {
	indeg := make([]int, c.plan.real)
	for _, e := range c.plan.edges {
		indeg[e.dst]++
	}
	h := &intHeap{}
	for i, d := range indeg {
		if d == 0 {
			heap.Push(h, i)
		}
	}
	for h.Len() > 0 {
		v := heap.Pop(h).(int)
		c.plan.nodes[v].rank = len(c.plan.topo)
		c.plan.topo = append(c.plan.topo, v)
		for _, e := range c.plan.nodes[v].out {
			w := c.plan.edges[e].dst
			if indeg[w]--; indeg[w] == 0 {
				heap.Push(h, w)
			}
		}
	}
	c.computeAncestors()
}

func (c *compiler) computeAncestors() {
	c.ancestors = make([]bitset, c.plan.real)
	for _, v := range c.plan.topo {
		a := newBitset(c.plan.real)
		for _, e := range c.plan.nodes[v].in {
			u := c.plan.edges[e].src
			a.or(c.ancestors[u])
			a.set(u)
		}
		c.ancestors[v] = a
	}
}

type intHeap []int

func (h intHeap) Len() int           { return len(h) }
func (h intHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h intHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *intHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *intHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }
func (b bitset) or(o bitset) {
	for i := range o {
		b[i] |= o[i]
	}
}
