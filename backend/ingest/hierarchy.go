package ingest

import (
	"unicode/utf8"
)

// defaultRank orders heading kinds when the document has not shown their
// order yet; smaller is higher.
func defaultRank(kind string, markLevel int) float64 {
	switch kind {
	case "division":
		return 3
	case "book":
		return 5
	case "schedule", "annex", "appendix":
		return 8
	case "part":
		return 10
	case "title":
		return 12
	case "caps":
		return 15
	case "subpart":
		return 16
	case "chapter":
		return 20
	case "subchapter":
		return 22
	case "branch":
		return 25
	case "section":
		return 30
	case "subsection":
		return 32
	case "article", "amendment", "rule":
		return 40
	case "num1":
		return 45
	case "clause", "num2":
		return 50
	case "num3":
		return 55
	case "num4":
		return 60
	}
	return float64(10 * max(markLevel, 1)) // marked headings: by their markup level
}

// hierarchy learns the levels of heading kinds in document order and keeps
// the stack of open headings.
type hierarchy struct {
	levels map[string]float64 // learned level of each kind; smaller is higher
	ranks  map[float64]string // a kind per default rank already learned
	stack  []open
}

type open struct {
	kind   string
	number string
	level  float64
	rank   float64
	label  string
}

func newHierarchy() *hierarchy {
	return &hierarchy{levels: map[string]float64{}, ranks: map[float64]string{}}
}

func (h *hierarchy) place(f found) (int, []string) {
	kind := f.kind
	if n := len(h.stack); n > 0 && h.stack[n-1].kind == "contents" {
		h.stack = h.stack[:n-1] // a table of contents holds no heading after it
	}
	if kind == "contents" {
		level := -1e9
		if n := len(h.stack); n > 0 {
			level = h.stack[n-1].level + 1e-6
		}
		return h.push(open{kind: kind, level: level, label: shortLabel(f.label)})
	}
	rank := defaultRank(kind, f.markLevel)
	level, ok := h.levels[kind]
	if !ok {
		level = h.learn(kind, rank, f.afterHeading)
	}
	h.closeOtherNumbers(f.number)
	for len(h.stack) > 0 && h.stack[len(h.stack)-1].level >= level {
		h.stack = h.stack[:len(h.stack)-1]
	}
	return h.push(open{kind: kind, number: f.number, level: level, rank: rank, label: shortLabel(f.label)})
}

// closeOtherNumbers closes the open clauses whose number a decimal
// subsection number does not extend: 8.1 belongs under 8 (or Article
// VIII), never under 4, even when the heading "8." itself was missed.
// Parts, chapters and titles have numberings of their own and stay open.
func (h *hierarchy) closeOtherNumbers(number string) {
	parts := decimalParts(number)
	if len(parts) < 2 {
		return
	}
	for n := len(h.stack); n > 0; n = len(h.stack) {
		top := h.stack[n-1]
		if !clauseKind(top.kind) {
			return
		}
		tp := numberParts(top.number)
		if tp == nil || len(tp) < len(parts) && equalInts(tp, parts[:len(tp)]) {
			return
		}
		h.stack = h.stack[:n-1]
	}
}

// clauseKind: the kinds that number a contract's clauses, whose
// subsections are numbered after them.
func clauseKind(kind string) bool {
	switch kind {
	case "num1", "num2", "num3", "num4", "article", "section", "subsection", "clause":
		return true
	}
	return false
}

// numberParts reads a decimal number ("8.1") or a Roman one ("VIII" as
// [8]); nil for anything else.
func numberParts(s string) []int {
	if p := decimalParts(s); p != nil {
		return p
	}
	if v := romanValue(s); v > 0 {
		return []int{v}
	}
	return nil
}

// romanValue is the value of a Roman numeral in capitals, or 0.
func romanValue(s string) int {
	if !isRoman(s) && s != "C" && s != "L" && s != "D" && s != "M" {
		return 0
	}
	val := map[byte]int{'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}
	total := 0
	for i := 0; i < len(s); i++ {
		v := val[s[i]]
		if i+1 < len(s) && val[s[i+1]] > v {
			total -= v
		} else {
			total += v
		}
	}
	if roman(total) != s {
		return 0
	}
	return total
}

func (h *hierarchy) push(o open) (int, []string) {
	h.stack = append(h.stack, o)
	path := make([]string, len(h.stack))
	for i, o := range h.stack {
		path[i] = o.label
	}
	return len(h.stack) - 1, path
}

// learn places a kind seen for the first time: at the level of a kind of
// the same default rank; as a child of the open heading when it follows it
// directly ("Article I" then "Section 1"); else under the deepest open
// heading that ranks above it by default.
func (h *hierarchy) learn(kind string, rank float64, afterHeading bool) float64 {
	if same, ok := h.ranks[rank]; ok {
		h.levels[kind] = h.levels[same]
		return h.levels[kind]
	}
	var parent *open
	if afterHeading && len(h.stack) > 0 {
		parent = &h.stack[len(h.stack)-1]
	} else {
		for i := len(h.stack) - 1; i >= 0; i-- {
			if h.stack[i].rank < rank {
				parent = &h.stack[i]
				break
			}
		}
	}
	level := h.below(parent)
	h.levels[kind] = level
	h.ranks[rank] = kind
	return level
}

// below returns a level between parent and the next learned level under it
// (or above everything when parent is nil).
func (h *hierarchy) below(parent *open) float64 {
	if parent == nil {
		lowest := 0.0
		for _, l := range h.levels {
			lowest = min(lowest, l-1)
		}
		return lowest
	}
	next := parent.level + 2
	for _, l := range h.levels {
		if l > parent.level && l < next {
			next = l
		}
	}
	return (parent.level + next) / 2
}

// shortLabel keeps path labels readable.
func shortLabel(s string) string {
	if utf8.RuneCountInString(s) <= 100 {
		return s
	}
	r := []rune(s)
	return string(r[:99]) + "…"
}
