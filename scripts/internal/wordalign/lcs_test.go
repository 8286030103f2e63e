package wordalign

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLCSLenMatchesDynamicProgramming checks Myers against the textbook
// O(N·M) LCS on many small random sequences over tiny alphabets, where ties
// and boundary diagonals are common.
func TestLCSLenMatchesDynamicProgramming(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		a, b := randomSeq(rng, 12, 1+i%4), randomSeq(rng, 12, 1+i%4)
		got, exact := LCSLen(a, b, 20_000)
		if want := dpLCS(a, b); got != want || !exact {
			t.Fatalf("lcs(%v, %v) = %d (exact %v), want %d", a, b, got, exact, want)
		}
	}
}

// TestCappedIsAlwaysALowerBound: whatever the fallback finds must be a real
// common subsequence.
func TestCappedIsAlwaysALowerBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 2000; i++ {
		a, b := randomSeq(rng, 40, 2+i%30), randomSeq(rng, 40, 2+i%30)
		got, _ := LCSLen(a, b, 1+i%6)
		if want := dpLCS(a, b); got > want {
			t.Fatalf("capped lcs(%v, %v) = %d > exact %d", a, b, got, want)
		}
	}
}

// TestAlignIsALongestCommonSubsequence checks the pairs Align returns: in
// order in both sequences, on equal words, as many as LCSLen counts, and
// when exact as many as the LCS has. (Align can know it is exact where
// LCSLen does not: when one side is only a common prefix and suffix.)
func TestAlignIsALongestCommonSubsequence(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 4000; i++ {
		a, b := randomSeq(rng, 30, 1+i%8), randomSeq(rng, 30, 1+i%8)
		maxD := 20_000
		if i%3 == 0 {
			maxD = 1 + i%7 // exercise the approximation too
		}
		pairs, exact := Align(a, b, maxD)
		checkPairs(t, a, b, pairs)
		n, lenExact := LCSLen(a, b, maxD)
		if (lenExact && !exact) || len(pairs) != n {
			t.Fatalf("align(%v, %v, %d): %d pairs (exact %v), LCSLen %d (exact %v)", a, b, maxD, len(pairs), exact, n, lenExact)
		}
		if want := dpLCS(a, b); exact && len(pairs) != want {
			t.Fatalf("align(%v, %v): %d pairs, LCS %d", a, b, len(pairs), want)
		}
	}
}

func TestAlignLongTexts(t *testing.T) {
	// A long text against a copy with scattered edits: exact, and every
	// untouched word stays paired.
	rng := rand.New(rand.NewPCG(7, 8))
	a := randomSeq(rng, 0, 1)
	for len(a) < 20_000 {
		a = append(a, int32(rng.IntN(3000)))
	}
	b := slices.Clone(a)
	for range 200 {
		j := rng.IntN(len(b))
		b = slices.Insert(b, j, int32(5000+rng.IntN(100)))
	}
	pairs, exact := Align(a, b, 20_000)
	checkPairs(t, a, b, pairs)
	if !exact || len(pairs) != len(a) {
		t.Errorf("%d pairs (exact %v), want all %d words of a", len(pairs), exact, len(a))
	}
}

func checkPairs(t *testing.T, a, b []int32, pairs []Pair) {
	t.Helper()
	for k, p := range pairs {
		if p.A < 0 || p.A >= len(a) || p.B < 0 || p.B >= len(b) || a[p.A] != b[p.B] {
			t.Fatalf("align(%v, %v): pair %d %+v does not pair equal words", a, b, k, p)
		}
		if k > 0 && (p.A <= pairs[k-1].A || p.B <= pairs[k-1].B) {
			t.Fatalf("align(%v, %v): pairs %+v, %+v out of order", a, b, pairs[k-1], p)
		}
	}
}

func randomSeq(rng *rand.Rand, maxLen, alphabet int) []int32 {
	s := make([]int32, rng.IntN(maxLen+1))
	for i := range s {
		s[i] = int32(rng.IntN(alphabet))
	}
	return s
}

func dpLCS(a, b []int32) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
