package index

import (
	"fmt"
	"math"
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

func TestCommonWordsOnlyScore(t *testing.T) {
	var chunks []evidence.Chunk
	for i := range 40 {
		text := "The party shall give notice."
		if i%10 == 0 {
			text += " Arbitration applies."
		}
		chunks = append(chunks, chunk(fmt.Sprintf("c%02d", i), "d", "c", "en", text))
	}
	x := newIndexWith(t, chunks...)
	x.tuning = tuning{commonFraction: 0.3, minCommon: 1}

	pruned := mustSearch(t, x, Query{Text: "party notice arbitration", TopK: 50})
	if diff := cmp.Diff([]string{"c00", "c10", "c20", "c30"}, sorted(hitIDs(pruned))); diff != "" {
		t.Errorf("with common words scoring only (-want +got):\n%s", diff)
	}
	if got := mustSearch(t, x, Query{Text: "party notice", TopK: 50}); len(got) != 40 {
		t.Errorf("a query of common words only: %d hits, want all 40", len(got))
	}
	if got := mustSearch(t, x, Query{Text: "party notice arbitration", TopK: 50, DocIDs: []string{"d"}}); len(got) != 40 {
		t.Errorf("inside a document the search is exact: %d hits, want 40", len(got))
	}
	x.tuning = tuning{}
	if got := mustSearch(t, x, Query{Text: "party notice arbitration", TopK: 50}); len(got) != 40 || !contains(hitIDs(got[:4]), "c10") {
		t.Errorf("exact: %d hits, top %v; want 40 with the arbitration chunks first", len(got), hitIDs(got[:min(4, len(got))]))
	}
	if s := pruned[0].Score; math.IsNaN(s) || s <= 0 {
		t.Errorf("pruned score %v", s)
	}
}

func TestPlannerSplitsByDocumentFrequency(t *testing.T) {
	df := map[string]uint64{"rare": 5, "mid": 50, "common": 900, "gone": 0}
	p := planner{dfs: func(_, term string) uint64 { return df[term] }, cutoff: 100}
	var pl plan
	for _, term := range []string{"common", "rare", "gone", "mid"} {
		p.add(&pl, clause{field: fieldTextEN, term: term}, true)
	}
	p.add(&pl, clause{field: fieldName, term: "rare"}, false)
	p.add(&pl, clause{field: fieldName, term: "common"}, false)
	p.split(&pl)
	terms := func(cs []clause) (out []string) {
		for _, c := range cs {
			out = append(out, c.field+":"+c.term)
		}
		return out
	}
	if diff := cmp.Diff([]string{"text_en:rare", "text_en:mid"}, terms(pl.selecting)); diff != "" {
		t.Errorf("selecting (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"name:rare", "text_en:common"}, terms(pl.scoring)); diff != "" {
		t.Errorf("scoring (-want +got):\n%s", diff)
	}

	pl = plan{}
	p.add(&pl, clause{field: fieldTextEN, term: "common"}, true)
	p.split(&pl)
	if len(pl.selecting) != 1 {
		t.Errorf("a common word alone must still select: %+v", pl)
	}
}
