package index

import (
	gocmp "cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2/search"

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
			want := mustSearch(t, x, q)
			x.tuning = tuning{}
			got := mustSearch(t, x, q)
			if diff := cmp.Diff(byRoundedScore(want), byRoundedScore(got), cmpopts.EquateApprox(0, 1e-12)); diff != "" {
				t.Fatalf("%q top %d: pruned differs from exhaustive (-want +got):\n%s", text, k, diff)
			}
		}
	}
}

// byRoundedScore orders hits by score to 12 digits, then chunk ID: the same
// score summed in another order may differ in its last bit, which must not
// count as a different ranking.
func byRoundedScore(hits []evidence.Hit) []evidence.Hit {
	round := func(s float64) float64 { return math.Round(s*1e12) / 1e12 }
	hits = slices.Clone(hits)
	slices.SortStableFunc(hits, func(a, b evidence.Hit) int {
		if c := gocmp.Compare(round(b.Score), round(a.Score)); c != 0 {
			return c
		}
		return strings.Compare(a.Chunk.ID, b.Chunk.ID)
	})
	for i := range hits {
		hits[i].Rank = i + 1
	}
	return hits
}

// A clause whose bound cannot lift a chunk to the floor stops selecting;
// the rare ones, with high bounds, stay essential. Related words are weighed
// one by one: a rare heading word stays essential while the common text
// word of the same part stops selecting.
func TestEssentialClausesByBound(t *testing.T) {
	cl := func(field, term string, df uint64, boost float64, selects bool) clause {
		return clause{field: field, term: term, boost: boost, df: df, selects: selects}
	}
	related := func(c clause) clause { c.relatedTo = "dispute"; return c }
	sp := &searchPlan{parts: parts([]clause{
		cl(fieldTextEN, "party", 90_000, 1, true), cl(fieldTextEN, "notice", 40_000, 1, true),
		cl(fieldTextEN, "arbitration", 300, 1, true), cl(fieldName, "acme", 50, nameBoost, false),
		related(cl(fieldTextEN, "court", 50_000, relatedBoost, true)), related(cl(fieldHeadingEN, "court", 30, relatedBoost*headingBoost, true)),
	})}
	if len(sp.parts) != 5 {
		t.Fatalf("parts: %d, want 5 (the related words in one)", len(sp.parts))
	}
	stats := &search.BM25Stats{DocCount: 100_000, FieldCardinality: map[string]int{fieldTextEN: 10_000_000, fieldHeadingEN: 600_000, fieldName: 300_000}}
	b := newBounds(sp.parts, stats)
	if !(b.term(sp.parts[0].clauses[0]) < b.term(sp.parts[1].clauses[0]) && b.term(sp.parts[1].clauses[0]) < b.term(sp.parts[2].clauses[0])) {
		t.Fatal("bounds must fall as document frequency rises")
	}
	terms := func(cs []clause) (out []string) {
		for _, c := range cs {
			out = append(out, c.field+":"+c.term)
		}
		return slices.Sorted(slices.Values(out))
	}
	if diff := cmp.Diff([]string{"heading_en:court", "text_en:arbitration", "text_en:court", "text_en:notice", "text_en:party"}, terms(sp.selectingByDF())); diff != "" {
		t.Errorf("selecting (-want +got):\n%s", diff)
	}
	if got := sp.essential(0, stats); len(got) != 5 {
		t.Errorf("with no floor every selecting clause is essential, got %v", terms(got))
	}
	// The best a chunk holding party, notice, court in its text and the name can score.
	in := [][]bool{{true}, {true}, {false}, {true}, {true, false}}
	floor := b.of(sp.parts, in) * 1.0001
	if diff := cmp.Diff([]string{"heading_en:court", "text_en:arbitration"}, terms(sp.essential(floor, stats))); diff != "" {
		t.Errorf("essential (-want +got):\n%s", diff)
	}
	if got := sp.essential(floor*0.98, stats); len(got) < 3 {
		t.Errorf("under that floor more clauses stay essential, got %v", terms(got))
	}
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
