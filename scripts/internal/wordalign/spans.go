package wordalign

import "sort"

// Map carries code-point spans of one text (from) onto another (to) through
// their word alignment.
type Map struct {
	from, to []extent
	partner  []int32 // partner[i]: index in to of the word aligned with from[i], -1 if none
	exact    bool
}

// extent is where a word stands, in code points: all a Map keeps of it.
type extent struct{ start, end int32 }

func extents(ws []Word) []extent {
	out := make([]extent, len(ws))
	for i, w := range ws {
		out[i] = extent{int32(w.Start), int32(w.End)}
	}
	return out
}

// NewMap aligns the words of from and to; maxD bounds the exact alignment
// as in Align.
func NewMap(from, to string, maxD int) *Map {
	fw, tw := Words(from), Words(to)
	a, b := Intern(Texts(fw), Texts(tw))
	pairs, exact := Align(a, b, maxD)
	m := &Map{from: extents(fw), to: extents(tw), exact: exact}
	m.partner = make([]int32, len(m.from))
	for i := range m.partner {
		m.partner[i] = -1
	}
	for _, p := range pairs {
		m.partner[p.A] = int32(p.B)
	}
	return m
}

// Exact reports whether the alignment is a longest common subsequence (the
// texts differ in at most maxD words) rather than an approximation.
func (m *Map) Exact() bool { return m.exact }

// Mapped is a span carried onto the other text.
type Mapped struct {
	Start, End int // code points of the other text, End exclusive
	Words      int // words of the span (those overlapping it)
	Matched    int // of them, those aligned with a word of the other text
}

// Span maps the code points [start, end) of from onto to: from the start of
// the first aligned word overlapping the span to the end of the last, so
// whatever the other text has in between (a running head, a page number)
// comes along. ok is false when no word of the span is aligned.
func (m *Map) Span(start, end int) (s Mapped, ok bool) {
	first, last := -1, -1
	for i := sort.Search(len(m.from), func(i int) bool { return int(m.from[i].end) > start }); i < len(m.from) && int(m.from[i].start) < end; i++ {
		s.Words++
		j := m.partner[i]
		if j < 0 {
			continue
		}
		s.Matched++
		if first < 0 {
			first = int(j)
		}
		last = int(j)
	}
	if first < 0 {
		return s, false
	}
	s.Start, s.End = int(m.to[first].start), int(m.to[last].end)
	return s, true
}

// Coverage is how many words from has, and how many of them are aligned
// with a word of to.
func (m *Map) Coverage() (words, aligned int) {
	for _, j := range m.partner {
		if j >= 0 {
			aligned++
		}
	}
	return len(m.from), aligned
}
