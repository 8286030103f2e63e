package main

import (
	"fmt"
	"slices"
)

// threshold is the MinScore below which a hit does not count as evidence.
type threshold struct {
	value float64
	how   string
}

// nullQuantile is the share of "gold section missing" best scores the
// threshold rejects.
const nullQuantile = 0.9

// chooseThreshold derives MinScore without looking at the questions the
// corpus does not answer, and without per-question tuning.
//
// BM25 scores are not calibrated: they grow with the number and rarity of
// the query's words, so "some hit scored x" says little by itself. What the
// threshold must tell apart is a best hit that answers from a best hit that
// merely shares words with the question. The second is measured directly:
// for every answerable question, the best-scoring passage that is NOT gold
// (its own section removed, the rest of the library — its document included
// — kept) is a sample of what the best hit scores when the library lacks the
// answer. The threshold is the 90th percentile of those scores: at most 10%
// of such "answer missing" searches would still pass it. The unanswerable
// questions stay a held-out test of it.
func chooseThreshold(rs []retrieval) threshold {
	null := nullScores(rs)
	if len(null) == 0 {
		return threshold{how: "no answerable question to calibrate on"}
	}
	v := quantile(null, nullQuantile)
	return threshold{value: v, how: fmt.Sprintf("the %.0fth percentile of the best non-gold score of the %d answerable questions "+
		"(what the best hit scores when the gold section is missing from the library); the unanswerable questions were not used",
		nullQuantile*100, len(null))}
}

func nullScores(rs []retrieval) []float64 {
	var v []float64
	for _, r := range rs {
		if r.q.Answerable() {
			v = append(v, r.nullTop)
		}
	}
	slices.Sort(v)
	return v
}
