package index

import (
	gocmp "cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"lexflow/backend/evidence"
)

// Scores must not depend on how many shards hold the chunks: every term
// query carries the whole index's document frequency.
func TestShardsDoNotChangeResults(t *testing.T) {
	corpus := append(employmentAct(), labourLawAr()...)
	c := newCorpus(7)
	_ = c.chunks(300, 300, func(cs []evidence.Chunk) error { corpus = append(corpus, cs...); return nil })
	var results [][]evidence.Hit
	for _, n := range []int{1, 2, 3} {
		x, err := openMem(n)
		if err != nil {
			t.Fatal(err)
		}
		defer x.Close()
		mustAdd(t, x, corpus...)
		var hits []evidence.Hit
		for _, q := range []string{"termination notice", "الإخطار الكتابي", "article 12 liability damages", "employer's obligations of the party"} {
			hits = append(hits, mustSearch(t, x, Query{Text: q, TopK: 20})...)
		}
		results = append(results, hits)
	}
	for n := 1; n < len(results); n++ {
		if diff := cmp.Diff(results[0], results[n], cmpopts.EquateApprox(0, 1e-9)); diff != "" {
			t.Errorf("1 shard and %d shards differ (-1 +%d):\n%s", n+1, n+1, diff)
		}
	}
}

// Pruning must never change a result: for every query, every k, the hits
// and scores are those of scoring every candidate.
func TestPruningKeepsTheExactRanking(t *testing.T) {
	corpus := append(employmentAct(), labourLawAr()...)
	_ = newCorpus(11).chunks(4000, 50, func(cs []evidence.Chunk) error { corpus = append(corpus, cs...); return nil })
	x := newIndexWith(t, corpus...)
	queries := append(newCorpus(12).queries(150),
		"termination notice period", "assignment of the licence to a successor", "party agreement notice",
		"the employer shall pay compensation for termination", "article 12 liability damages", "الإخطار الكتابي")
	for _, k := range []int{1, 10, 40} {
		for _, text := range queries {
			q := Query{Text: text, TopK: k}
			x.tuning = tuning{exhaustive: true}
			all := byRoundedScore(mustSearch(t, x, Query{Text: text, TopK: k + 1}))
			want := withoutTiesAtTheCut(all[:min(k, len(all))], all, k)
			x.tuning = tuning{}
			got := withoutTiesAtTheCut(byRoundedScore(mustSearch(t, x, q)), all, k)
			if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
				t.Fatalf("%q top %d: pruned differs from exhaustive (-want +got):\n%s", text, k, diff)
			}
		}
	}
}

// byRoundedScore orders hits by score to 12 digits, then chunk ID: the same
// score summed in another order may differ in its last bit, which must not
// count as a different ranking.
func byRoundedScore(hits []evidence.Hit) []evidence.Hit {
	hits = slices.Clone(hits)
	slices.SortStableFunc(hits, func(a, b evidence.Hit) int {
		if c := gocmp.Compare(roundScore(b.Score), roundScore(a.Score)); c != 0 {
			return c
		}
		return strings.Compare(a.Chunk.ID, b.Chunk.ID)
	})
	for i := range hits {
		hits[i].Rank = i + 1
	}
	return hits
}

func roundScore(s float64) float64 { return math.Round(s*1e12) / 1e12 }

// withoutTiesAtTheCut drops the hits tied with the k-th best of all
// (rounded), when the one after it ties too: which of them make the cut
// depends on the last bit of sums taken in another order.
func withoutTiesAtTheCut(hits []evidence.Hit, all []evidence.Hit, k int) []evidence.Hit {
	if len(all) <= k || roundScore(all[k].Score) != roundScore(all[k-1].Score) {
		return hits
	}
	cut := roundScore(all[k-1].Score)
	return slices.DeleteFunc(slices.Clone(hits), func(h evidence.Hit) bool { return roundScore(h.Score) == cut })
}

// A query of common words only still finds every chunk that holds them.
func TestCommonWordsAloneStillSelect(t *testing.T) {
	var chunks []evidence.Chunk
	for i := range 40 {
		chunks = append(chunks, chunk(fmt.Sprintf("c%02d", i), "d", "c", "en", "The party shall give notice."))
	}
	x := newIndexWith(t, chunks...)
	if got := mustSearch(t, x, Query{Text: "party notice", TopK: 50}); len(got) != 40 {
		t.Errorf("a query of common words only: %d hits, want all 40", len(got))
	}
	if s := mustSearch(t, x, Query{Text: "party notice", TopK: 1})[0].Score; math.IsNaN(s) || s <= 0 {
		t.Errorf("score %v", s)
	}
}
