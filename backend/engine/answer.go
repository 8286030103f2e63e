package engine

import (
	"slices"
	"strings"
)

// The answer coordinator (Dify's response coordinator) turns upstream stream
// chunks into each Response node's own ordered stream.
//
// A Response node's template is a list of segments. Its stream session opens
// once the node is certain to run: reachable from the start through edges
// that are unconditional or already taken, so no pending branch can still
// skip it. Sessions stream one at a time, in the order they opened (ties in
// graph order), so a chatflow's reply reads as one text. Within a session:
//   - literal text is emitted at once;
//   - a reference to a finished node emits its value (or nothing if it was
//     skipped or failed);
//   - a reference to a streamed output of a running node first replays what
//     was buffered, then passes chunks through live until the node finishes;
//   - anything else waits.
//
// Chunks of streamed outputs that a session will need later are buffered
// until their segment's turn, and dropped once their node finishes (its
// value is used then). Node execution never waits for a session, so a
// Response node may succeed before an earlier session lets its stream out;
// its chunks then follow its NodeRunSucceeded. Chunks a failed attempt
// streamed before a retry cannot be taken back.

type streamKey struct {
	node   int
	output string
}

type session struct {
	node    int
	seg     int
	live    bool // the current segment passes chunks through
	emitted bool // the current segment has emitted something
}

type coordinator struct {
	d       *dispatcher
	off     bool // the plan has no Response node
	certain []bool
	queue   []*session
	active  int
	wanted  map[streamKey]int // unconsumed references to streamed outputs
	buffers map[streamKey][]string
	answer  strings.Builder
}

func newCoordinator(d *dispatcher) *coordinator {
	c := &coordinator{d: d, off: len(d.p.responses) == 0}
	if c.off {
		return c
	}
	c.certain = make([]bool, len(d.p.nodes))
	c.wanted, c.buffers = map[streamKey]int{}, map[streamKey][]string{}
	for _, r := range d.p.responses {
		for _, seg := range d.p.nodes[r].response {
			if seg.stream {
				c.wanted[keyOf(seg)]++
			}
		}
	}
	return c
}

func keyOf(seg respSegment) streamKey { return streamKey{seg.ref.node, seg.ref.sel.Var()} }

// markCertain records that a node will run and propagates along edges that
// cannot be left untaken; newly certain Response nodes open sessions.
func (c *coordinator) markCertain(idx int) {
	if c.off || c.certain[idx] {
		return
	}
	var opened []*session
	work := []int{idx}
	c.certain[idx] = true
	for len(work) > 0 {
		v := work[0]
		work = work[1:]
		if c.d.p.nodes[v].response != nil {
			opened = append(opened, &session{node: v})
		}
		for _, ei := range c.d.p.nodes[v].out {
			e := &c.d.p.edges[ei]
			if !c.certain[e.dst] && (!e.conditional || c.d.edges[ei] == edgeTaken) {
				c.certain[e.dst] = true
				work = append(work, e.dst)
			}
		}
	}
	slices.SortFunc(opened, func(a, b *session) int { return c.d.p.nodes[a.node].rank - c.d.p.nodes[b.node].rank })
	c.queue = append(c.queue, opened...)
	c.advance()
}

// edgeTaken follows a taken conditional edge.
func (c *coordinator) edgeTaken(ei int) {
	if !c.off && c.d.p.edges[ei].conditional {
		c.markCertain(c.d.p.edges[ei].dst)
	}
}

// chunk routes one upstream chunk: live to the active session if it is
// waiting on exactly this output, into a buffer if any other session will
// want it.
func (c *coordinator) chunk(node int, output, text string) {
	if c.off {
		return
	}
	key := streamKey{node, output}
	want := c.wanted[key]
	if want == 0 {
		return
	}
	if s := c.current(); s != nil && s.live && c.segKey(s) == key {
		c.emit(s, text)
		want--
	}
	if want > 0 {
		c.buffers[key] = append(c.buffers[key], text)
	}
}

// resolved is called when a node finished, failed or was skipped.
func (c *coordinator) resolved(idx int) {
	if c.off {
		return
	}
	for key := range c.buffers {
		if key.node == idx {
			delete(c.buffers, key) // its value is in the pool now
		}
	}
	if c.d.nodes[idx].status == StatusSkipped {
		c.forget(idx)
	}
	c.advance()
}

// forget releases the references of a skipped Response node.
func (c *coordinator) forget(idx int) {
	for _, seg := range c.d.p.nodes[idx].response {
		if seg.stream {
			c.release(keyOf(seg))
		}
	}
}

func (c *coordinator) release(key streamKey) {
	if c.wanted[key]--; c.wanted[key] <= 0 {
		delete(c.wanted, key)
		delete(c.buffers, key)
	}
}

// flush runs the sessions to their end once the run has succeeded, when
// every referenced node has finished.
func (c *coordinator) flush() {
	if !c.off {
		c.advance()
	}
}

func (c *coordinator) current() *session {
	if c.active < len(c.queue) {
		return c.queue[c.active]
	}
	return nil
}

func (c *coordinator) segKey(s *session) streamKey {
	seg := c.d.p.nodes[s.node].response[s.seg]
	if seg.ref == nil {
		return streamKey{node: -1}
	}
	return keyOf(seg)
}

// advance moves the active session forward as far as it can, then the next.
func (c *coordinator) advance() {
	for s := c.current(); s != nil; s = c.current() {
		if !c.step(s) {
			return
		}
		c.active++
	}
}

// step emits what it can of a session and reports whether it has finished.
func (c *coordinator) step(s *session) bool {
	segs := c.d.p.nodes[s.node].response
	for ; s.seg < len(segs); s.seg, s.live, s.emitted = s.seg+1, false, false {
		seg := segs[s.seg]
		switch {
		case seg.ref == nil:
			c.emit(s, seg.text)
		case seg.ref.node < 0:
			if !c.allResolved(seg.after) {
				return false
			}
			c.emitValue(s, seg)
		case c.isResolved(seg.ref.node):
			if !s.emitted {
				c.emitValue(s, seg)
			}
			if seg.stream {
				c.release(keyOf(seg))
			}
		case seg.stream:
			c.goLive(s, keyOf(seg))
			return false
		default:
			return false
		}
	}
	return true
}

// goLive replays what was buffered for the current segment and switches it
// to pass-through.
func (c *coordinator) goLive(s *session, key streamKey) {
	if s.live {
		return
	}
	s.live = true
	for _, text := range c.buffers[key] {
		c.emit(s, text)
	}
	if c.wanted[key] <= 1 {
		delete(c.buffers, key) // no other session needs them
	}
}

// isResolved reports whether a node has finished one way or another; a
// virtual node that never ran counts as resolved once its parent has.
func (c *coordinator) isResolved(idx int) bool {
	st := c.d.nodes[idx].status
	if st == StatusRunning {
		return false
	}
	if st != "" {
		return true
	}
	if p := c.d.p.nodes[idx].parent; p >= 0 {
		ps := c.d.nodes[p].status
		return ps != "" && ps != StatusRunning
	}
	return false
}

func (c *coordinator) allResolved(idxs []int) bool {
	for _, i := range idxs {
		if !c.isResolved(i) {
			return false
		}
	}
	return true
}

func (c *coordinator) emitValue(s *session, seg respSegment) {
	if v, ok := c.d.pool.get(*seg.ref); ok {
		c.emitFrom(s, v.Text(), seg.ref.sel)
	}
}

func (c *coordinator) emit(s *session, text string) {
	seg := c.d.p.nodes[s.node].response[s.seg]
	var from Selector
	if seg.ref != nil {
		from = seg.ref.sel
	}
	c.emitFrom(s, text, from)
}

func (c *coordinator) emitFrom(s *session, text string, from Selector) {
	if text == "" {
		return
	}
	s.emitted = true
	c.answer.WriteString(text)
	e := c.d.nodeEvent(NodeRunStreamChunk, s.node)
	e.Selector, e.From, e.Chunk, e.Response = Selector{e.NodeID, ResponseOutput}, from, text, true
	c.d.emit(e)
}
