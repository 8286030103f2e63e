package engine

// Edge processing: when a node finishes, each outgoing edge is taken (its
// handle is the one chosen) or untaken. A node becomes ready once all its
// incoming edges are resolved and at least one was taken, so a join waits
// for every live predecessor while skipped ones do not block it. A node all
// of whose incoming edges are untaken is skipped, explicitly (NodeRunSkipped),
// and its own edges become untaken in turn.

type edgeDecision struct {
	edge  int
	taken bool
}

// route resolves a finished node's outgoing edges and everything that
// follows from them, breadth first so skip events come out in graph order.
func (d *dispatcher) route(idx int, handle string) {
	work := d.outEdges(idx, handle, nil)
	for len(work) > 0 {
		next := work[0]
		work = d.resolveEdge(next, work[1:])
	}
}

// outEdges appends a decision for every outgoing edge; an empty handle takes none.
func (d *dispatcher) outEdges(idx int, handle string, work []edgeDecision) []edgeDecision {
	for _, ei := range d.p.nodes[idx].out {
		work = append(work, edgeDecision{edge: ei, taken: handle != "" && d.p.edges[ei].handle == handle})
	}
	return work
}

func (d *dispatcher) resolveEdge(dec edgeDecision, work []edgeDecision) []edgeDecision {
	e := &d.p.edges[dec.edge]
	st := &d.nodes[e.dst]
	st.pendingIn--
	if dec.taken {
		d.edges[dec.edge] = edgeTaken
		st.anyTaken, st.predecessor = true, e.src
		d.coord.edgeTaken(dec.edge)
	} else {
		d.edges[dec.edge] = edgeUntaken
	}
	if st.pendingIn > 0 {
		return work
	}
	if st.anyTaken {
		d.enqueue(e.dst, st.predecessor)
		return work
	}
	d.skip(e.dst)
	return d.outEdges(e.dst, "", work)
}

func (d *dispatcher) skip(idx int) {
	d.nodes[idx].status = StatusSkipped
	e := d.nodeEvent(NodeRunSkipped, idx)
	e.Status = StatusSkipped
	d.emit(e)
	d.coord.resolved(idx)
	for _, c := range d.p.nodes[idx].children {
		if d.nodes[c].status == "" {
			d.nodes[c].status = StatusSkipped
			d.coord.resolved(c)
		}
	}
}
