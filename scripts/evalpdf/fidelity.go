package main

import "lexflow/scripts/internal/wordalign"

// Fidelity compares an extraction with the reference text as word sequences,
// like Python difflib's ratio but with an exact longest common subsequence:
// 2·LCS/(len(a)+len(b)). Word order counts, so text read in the wrong order
// scores low even when every word is there.

// maxEdits bounds the exact comparison. Myers' diff costs O((N+M)·D) for D
// inserted and deleted words: two 30,000-word texts that differ in a few
// hundred words take milliseconds, but a garbled extraction (D near N+M)
// would take minutes. Past the bound, a lower bound is computed instead
// (wordalign.LCSLen).
const maxEdits = 20_000

// words lower-cases s and splits it into runs of letters and digits
// (wordalign.Words), so hyphenation or quote styles do not count as
// differences.
func words(s string) []string { return wordalign.Texts(wordalign.Words(s)) }

// ratio returns 2·LCS/(len(a)+len(b)), 1 when both are empty. approx is true
// when the texts differ in more than maxD words: the LCS is then a lower
// bound, so the ratio is at most the exact one (and low anyway: more than
// maxD words differ).
func ratio(a, b []string, maxD int) (r float64, approx bool) {
	if len(a)+len(b) == 0 {
		return 1, false
	}
	x, y := wordalign.Intern(a, b)
	n, exact := wordalign.LCSLen(x, y, maxD)
	return 2 * float64(n) / float64(len(a)+len(b)), !exact
}
