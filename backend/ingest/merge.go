package ingest

import (
	"slices"
	"unicode/utf8"
)

// group is one or more consecutive units that become one chunk, or are
// split into several.
type group struct {
	start, end  int
	path        []string // the units' common heading path
	parent      []string // the parent the merged siblings share
	headingOnly bool
	preamble    bool
	// units are what a lawyer cites in the group: its units, a heading
	// with no text of its own counted with the unit below it.
	units []unit
}

// mergeUnits joins a heading with no text of its own to the unit after it
// when that unit is below it, and a unit shorter than Min to the siblings
// that follow it, while the result stays within Max.
func mergeUnits(us []unit, text string, o ChunkOptions) []group {
	var out []group
	for _, u := range us {
		g := group{start: u.start, end: u.end, path: u.path, parent: parent(u.path), headingOnly: u.headingOnly, preamble: u.preamble,
			units: []unit{u}}
		if n := len(out); n > 0 && canMerge(out[n-1], g, text, o) {
			out[n-1] = merge(out[n-1], g)
			continue
		}
		out = append(out, g)
	}
	return out
}

func canMerge(a, b group, text string, o ChunkOptions) bool {
	if a.preamble || b.preamble {
		return false
	}
	if a.headingOnly && isPrefix(a.path, b.path) {
		return true // a heading stays with its body, even a long one
	}
	size := utf8.RuneCountInString(text[a.start:b.end])
	if !on("merge-siblings") || size > o.Max || !slices.Equal(a.parent, b.parent) || len(a.parent) == 0 {
		// Top-level siblings stay apart: merged, they would share no heading path.
		return false
	}
	return utf8.RuneCountInString(text[a.start:a.end]) < o.Min ||
		utf8.RuneCountInString(text[b.start:b.end]) < o.Min && size <= o.Target
}

func merge(a, b group) group {
	if a.headingOnly && isPrefix(a.path, b.path) {
		body := b.units[0]
		body.start = a.start
		return group{start: a.start, end: b.end, path: b.path, parent: b.parent, headingOnly: b.headingOnly, units: []unit{body}}
	}
	return group{start: a.start, end: b.end, path: commonPrefix(a.path, b.path), parent: a.parent,
		units: append(slices.Clip(a.units), b.units...)}
}

func commonPrefix(a, b []string) []string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n:n]
}
