package wordalign

// Align pairs the words of a with equal words of b, in order in both: a
// longest common subsequence when a and b differ in at most maxD inserted
// and deleted words (exact = true), else the long common subsequence
// LCSLen's approximation finds. Pairs are sorted by A (and so by B).
func Align(a, b []int32, maxD int) (pairs []Pair, exact bool) {
	p := commonPrefix(a, b)
	pairs = appendRun(nil, 0, 0, p)
	s := commonSuffix(a[p:], b[p:])
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	exact = true
	if len(ma) > 0 && len(mb) > 0 {
		if fits(ma, mb, maxD) {
			pairs = diff(ma, mb, pairs, p, p)
		} else {
			exact = false
			pairs = approxAlign(ma, mb, approxGapD(maxD), 0, pairs, p, p)
		}
	}
	return appendRun(pairs, len(a)-s, len(b)-s, s), exact
}

// diff appends a longest common subsequence of a and b to out, offset by oa
// and ob: Myers' linear-space refinement, which finds the middle snake of an
// optimal path from both ends at once and recurses on the two halves, so
// memory stays O(N+M) while time stays O((N+M)·D).
func diff(a, b []int32, out []Pair, oa, ob int) []Pair {
	p := commonPrefix(a, b)
	out = appendRun(out, oa, ob, p)
	s := commonSuffix(a[p:], b[p:])
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	if len(ma) > 0 && len(mb) > 0 {
		if x, y, ok := middleSnake(ma, mb); ok {
			out = diff(ma[:x], mb[:y], out, oa+p, ob+p)
			out = diff(ma[x:], mb[y:], out, oa+p+x, ob+p+y)
		}
	}
	return appendRun(out, oa+len(a)-s, ob+len(b)-s, s)
}

// middleSnake walks an optimal edit path forward from the start and
// backward from the end, one edit at a time on each side, until the two
// meet; (x, y) is where they do, a point on an optimal path strictly inside
// the grid when a and b share no first and no last word. ok is false when
// a and b have no word in common. v1[off+k] (v2) is the furthest x reached
// on diagonal k from the start (from the end); kStart and kEnd skip the
// diagonals whose paths ran off the grid.
func middleSnake(a, b []int32) (x, y int, ok bool) {
	n, m := len(a), len(b)
	maxD := (n + m + 1) / 2
	off := maxD
	v1, v2 := make([]int, 2*maxD+2), make([]int, 2*maxD+2)
	for i := range v1 {
		v1[i], v2[i] = -1, -1
	}
	v1[off+1], v2[off+1] = 0, 0
	delta := n - m
	front := delta%2 != 0 // the forward path meets the reverse one when n+m is odd
	var k1start, k1end, k2start, k2end int
	for d := 0; d < maxD; d++ {
		for k1 := -d + k1start; k1 <= d-k1end; k1 += 2 {
			i := off + k1
			var x1 int
			if k1 == -d || (k1 != d && v1[i-1] < v1[i+1]) {
				x1 = v1[i+1]
			} else {
				x1 = v1[i-1] + 1
			}
			y1 := x1 - k1
			for x1 < n && y1 < m && a[x1] == b[y1] {
				x1, y1 = x1+1, y1+1
			}
			v1[i] = x1
			switch {
			case x1 > n:
				k1end += 2
			case y1 > m:
				k1start += 2
			case front:
				if j := off + delta - k1; j >= 0 && j < len(v2) && v2[j] != -1 && x1 >= n-v2[j] {
					return x1, y1, true
				}
			}
		}
		for k2 := -d + k2start; k2 <= d-k2end; k2 += 2 {
			i := off + k2
			var x2 int
			if k2 == -d || (k2 != d && v2[i-1] < v2[i+1]) {
				x2 = v2[i+1]
			} else {
				x2 = v2[i-1] + 1
			}
			y2 := x2 - k2
			for x2 < n && y2 < m && a[n-x2-1] == b[m-y2-1] {
				x2, y2 = x2+1, y2+1
			}
			v2[i] = x2
			switch {
			case x2 > n:
				k2end += 2
			case y2 > m:
				k2start += 2
			case !front:
				if j := off + delta - k2; j >= 0 && j < len(v1) && v1[j] != -1 && v1[j] >= n-x2 {
					return v1[j], off + v1[j] - j, true
				}
			}
		}
	}
	return 0, 0, false
}
