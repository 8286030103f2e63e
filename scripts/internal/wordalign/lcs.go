package wordalign

import "sort"

// MaxApproxDepth bounds how often the approximation re-anchors inside a gap
// that is itself too different to compare exactly.
const maxApproxDepth = 3

// LCSLen is the length of the longest common subsequence of a and b when
// they differ in at most maxD inserted and deleted words (exact = true).
// Myers' diff costs O((N+M)·D) for D such words: two 30,000-word texts that
// differ in a few hundred words take milliseconds, but a garbled text (D
// near N+M) would take minutes. Past maxD the result is a lower bound
// instead: the length of the common subsequence Align's approximation finds.
func LCSLen(a, b []int32, maxD int) (n int, exact bool) {
	same, a, b := trimCommon(a, b)
	if d, ok := editDistance(a, b, maxD); ok {
		return same + (len(a)+len(b)-d)/2, true
	}
	return same + len(approxAlign(a, b, approxGapD(maxD), 0, nil, 0, 0)), false
}

// approxGapD is the bound for the gaps between anchors: a tenth of the
// whole's, as there can be many of them and the result is a lower bound
// either way.
func approxGapD(maxD int) int { return max(1, maxD/10) }

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
// LCS; on a nearly equal pair this leaves Myers little to do. same is how
// many words were stripped from each.
func trimCommon(a, b []int32) (same int, ra, rb []int32) {
	p := commonPrefix(a, b)
	s := commonSuffix(a[p:], b[p:])
	return p + s, a[p : len(a)-s], b[p : len(b)-s]
}

func commonPrefix(a, b []int32) int {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	return p
}

func commonSuffix(a, b []int32) int {
	s := 0
	for s < len(a) && s < len(b) && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	return s
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

// Pair is a word of a (A) aligned with an equal word of b (B), by index.
type Pair struct{ A, B int }

// approxAlign finds a long common subsequence cheaply, the way patience
// diff aligns files: words occurring exactly once in each sequence are
// anchors; the longest chain of anchors in the same order in both is kept;
// the gaps between anchors are aligned exactly when they differ in at most
// gapD words, else re-anchored (up to maxApproxDepth levels), else left
// unaligned. The result is a real common subsequence, so its length is a
// lower bound of the LCS, and order still counts: shuffled text finds few
// anchors in order. The pairs are appended to out, offset by oa and ob.
func approxAlign(a, b []int32, gapD, depth int, out []Pair, oa, ob int) []Pair {
	chain := anchorChain(a, b)
	if len(chain) == 0 {
		return out
	}
	pa, pb := 0, 0
	for _, p := range chain {
		out = alignGap(a[pa:p.A], b[pb:p.B], gapD, depth, out, oa+pa, ob+pb)
		out = append(out, Pair{oa + p.A, ob + p.B})
		pa, pb = p.A+1, p.B+1
	}
	return alignGap(a[pa:], b[pb:], gapD, depth, out, oa+pa, ob+pb)
}

// alignGap aligns the stretch between two anchors.
func alignGap(a, b []int32, gapD, depth int, out []Pair, oa, ob int) []Pair {
	p := commonPrefix(a, b)
	out = appendRun(out, oa, ob, p)
	s := commonSuffix(a[p:], b[p:])
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	switch {
	case len(ma) == 0 || len(mb) == 0:
	case fits(ma, mb, gapD):
		out = diff(ma, mb, out, oa+p, ob+p)
	case depth+1 < maxApproxDepth:
		out = approxAlign(ma, mb, gapD, depth+1, out, oa+p, ob+p)
	}
	return appendRun(out, oa+len(a)-s, ob+len(b)-s, s)
}

func fits(a, b []int32, maxD int) bool {
	_, ok := editDistance(a, b, maxD)
	return ok
}

// appendRun appends n pairs of equal words from (oa, ob) on.
func appendRun(out []Pair, oa, ob, n int) []Pair {
	for i := range n {
		out = append(out, Pair{oa + i, ob + i})
	}
	return out
}

// anchorChain returns the longest chain of words unique in both sequences
// whose positions increase in both, in order.
func anchorChain(a, b []int32) []Pair {
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
	var anchors []Pair
	for _, s := range occ {
		if s.na == 1 && s.nb == 1 {
			anchors = append(anchors, Pair{s.ia, s.ib})
		}
	}
	sort.Slice(anchors, func(i, j int) bool { return anchors[i].A < anchors[j].A })
	return increasingByB(anchors)
}

// increasingByB is the longest subsequence of ps (sorted by A) whose B also
// increases: patience sorting, O(n log n).
func increasingByB(ps []Pair) []Pair {
	var tails []int              // tails[l]: index in ps of the smallest B ending a chain of length l+1
	prev := make([]int, len(ps)) // predecessor of ps[i] in its chain
	for i, p := range ps {
		l := sort.Search(len(tails), func(t int) bool { return ps[tails[t]].B >= p.B })
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
	out := make([]Pair, len(tails))
	for i, k := len(tails)-1, tails[len(tails)-1]; i >= 0; i, k = i-1, prev[k] {
		out[i] = ps[k]
	}
	return out
}
