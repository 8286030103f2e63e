package main

import (
	"sort"
	"strings"
	"unicode"
)

// Fidelity compares an extraction with the reference text as word sequences,
// like Python difflib's ratio but with an exact longest common subsequence:
// 2·LCS/(len(a)+len(b)). Word order counts, so text read in the wrong order
// scores low even when every word is there.

// maxEdits bounds the exact comparison. Myers' diff costs O((N+M)·D) for D
// inserted and deleted words: two 30,000-word texts that differ in a few
// hundred words take milliseconds, but a garbled extraction (D near N+M)
// would take minutes. Past the bound, approxLCS gives a lower bound instead.
const maxEdits = 20_000

// maxApproxDepth bounds how often approxLCS re-anchors inside a gap that is
// itself too different to compare exactly.
const maxApproxDepth = 3

// words lower-cases s and splits it into runs of letters and digits; all
// else separates words, so "Section 2.1(a)" equals "section 2 1 a" and
// hyphenation or quote styles do not count as differences. Combining marks
// stay with their letter so a decomposed accent does not split a word.
func words(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r) || (start >= 0 && unicode.IsMark(r))
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			out = append(out, strings.ToLower(s[start:i]))
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, strings.ToLower(s[start:]))
	}
	return out
}

// ratio returns 2·LCS/(len(a)+len(b)), 1 when both are empty. approx is true
// when the texts differ in more than maxD words: the LCS is then approxLCS's
// lower bound, so the ratio is at most the exact one (and low anyway: more
// than maxD words differ).
func ratio(a, b []string, maxD int) (r float64, approx bool) {
	if len(a)+len(b) == 0 {
		return 1, false
	}
	x, y := intern(a, b)
	n, exact := lcsLen(x, y, maxD)
	return 2 * float64(n) / float64(len(a)+len(b)), !exact
}

// intern maps words to small integers so comparing two words is one
// instruction, not a string compare.
func intern(a, b []string) ([]int32, []int32) {
	ids := map[string]int32{}
	conv := func(ws []string) []int32 {
		out := make([]int32, len(ws))
		for i, w := range ws {
			id, ok := ids[w]
			if !ok {
				id = int32(len(ids))
				ids[w] = id
			}
			out[i] = id
		}
		return out
	}
	return conv(a), conv(b)
}

// lcsLen is the exact LCS length when the sequences differ in at most maxD
// words (exact = true), else approxLCS's lower bound.
func lcsLen(a, b []int32, maxD int) (n int, exact bool) {
	same, a, b := trimCommon(a, b)
	if d, ok := editDistance(a, b, maxD); ok {
		return same + (len(a)+len(b)-d)/2, true
	}
	// Gaps between anchors get a tenth of the bound: there can be many of
	// them, and the result is a lower bound either way.
	return same + approxLCS(a, b, max(1, maxD/10), 0), false
}

// bagOverlap counts the words the sequences share regardless of order, an
// upper bound of the LCS; D ≥ N+M−2·bagOverlap lets editDistance give up on
// very different texts (garbled glyphs) without running.
func bagOverlap(a, b []int32) int {
	count := map[int32]int{}
	for _, w := range a {
		count[w]++
	}
	n := 0
	for _, w := range b {
		if count[w] > 0 {
			count[w]--
			n++
		}
	}
	return n
}

// trimCommon strips the common prefix and suffix, which are part of every
// LCS; on a nearly equal pair this leaves Myers little to do.
func trimCommon(a, b []int32) (same int, ra, rb []int32) {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	a, b = a[p:], b[p:]
	s := 0
	for s < len(a) && s < len(b) && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	return p + s, a[:len(a)-s], b[:len(b)-s]
}

// editDistance is Myers' greedy algorithm ("An O(ND) Difference Algorithm",
// 1986): D, the fewest insertions and deletions turning a into b, found by
// extending the furthest-reaching path on each diagonal k = x−y for
// d = 0, 1, …. Only D is needed (LCS = (N+M−D)/2), so one row of the V array
// suffices and memory stays O(maxD). ok is false when D > maxD.
func editDistance(a, b []int32, maxD int) (d int, ok bool) {
	n, m := len(a), len(b)
	if n-m > maxD || m-n > maxD || n+m-2*bagOverlap(a, b) > maxD { // lower bounds of D
		return 0, false
	}
	maxD = min(maxD, n+m)
	off := maxD + 1
	v := make([]int, 2*maxD+3) // v[off+k]: furthest x reached on diagonal k
	for d := 0; d <= maxD; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // step down from diagonal k+1 (insert b[y])
			} else {
				x = v[off+k-1] + 1 // step right from diagonal k−1 (delete a[x])
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] { // follow the run of equal words
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return d, true
			}
		}
	}
	return 0, false
}

// approxLCS finds a long common subsequence cheaply, the way patience diff
// aligns files: words occurring exactly once in each sequence are anchors;
// the longest chain of anchors in the same order in both is kept; the gaps
// between anchors are compared exactly when they differ in at most gapD
// words, else re-anchored (up to maxApproxDepth levels), else count 0. The
// result is a real common subsequence, so the ratio built on it is a lower
// bound, and order still counts: shuffled text finds few anchors in order.
func approxLCS(a, b []int32, gapD, depth int) int {
	chain := anchorChain(a, b)
	if len(chain) == 0 {
		return 0
	}
	total, pa, pb := 0, 0, 0
	for _, p := range chain {
		total += 1 + gapLCS(a[pa:p.a], b[pb:p.b], gapD, depth)
		pa, pb = p.a+1, p.b+1
	}
	return total + gapLCS(a[pa:], b[pb:], gapD, depth)
}

// gapLCS compares the stretch between two anchors.
func gapLCS(a, b []int32, gapD, depth int) int {
	same, a, b := trimCommon(a, b)
	if len(a) == 0 || len(b) == 0 {
		return same
	}
	if d, ok := editDistance(a, b, gapD); ok {
		return same + (len(a)+len(b)-d)/2
	}
	if depth+1 >= maxApproxDepth {
		return same
	}
	return same + approxLCS(a, b, gapD, depth+1)
}

// pos is a pair of positions, one in each sequence, holding the same word.
type pos struct{ a, b int }

// anchorChain returns the longest chain of words unique in both sequences
// whose positions increase in both, in order.
func anchorChain(a, b []int32) []pos {
	type seen struct{ na, nb, ia, ib int }
	occ := map[int32]*seen{}
	for i, w := range a {
		s := occ[w]
		if s == nil {
			s = &seen{}
			occ[w] = s
		}
		s.na, s.ia = s.na+1, i
	}
	for j, w := range b {
		if s := occ[w]; s != nil {
			s.nb, s.ib = s.nb+1, j
		}
	}
	var anchors []pos
	for _, s := range occ {
		if s.na == 1 && s.nb == 1 {
			anchors = append(anchors, pos{s.ia, s.ib})
		}
	}
	sort.Slice(anchors, func(i, j int) bool { return anchors[i].a < anchors[j].a })
	return increasingByB(anchors)
}

// increasingByB is the longest subsequence of ps (sorted by a) whose b also
// increases: patience sorting, O(n log n).
func increasingByB(ps []pos) []pos {
	var tails []int              // tails[l]: index in ps of the smallest b ending a chain of length l+1
	prev := make([]int, len(ps)) // predecessor of ps[i] in its chain
	for i, p := range ps {
		l := sort.Search(len(tails), func(t int) bool { return ps[tails[t]].b >= p.b })
		prev[i] = -1
		if l > 0 {
			prev[i] = tails[l-1]
		}
		if l == len(tails) {
			tails = append(tails, i)
		} else {
			tails[l] = i
		}
	}
	if len(tails) == 0 {
		return nil
	}
	out := make([]pos, len(tails))
	for i, k := len(tails)-1, tails[len(tails)-1]; i >= 0; i, k = i-1, prev[k] {
		out[i] = ps[k]
	}
	return out
}
