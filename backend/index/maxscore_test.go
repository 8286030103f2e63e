package index

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/ranking"
)

// Filters hold: a search inside one collection or document ranks only its
// chunks, however well others match.
func TestMaxScoreHonoursFilters(t *testing.T) {
	x := newIndexWith(t,
		chunk("a1", "da", "ca", "en", "Termination notice of ninety days."),
		chunk("b1", "db", "cb", "en", "Termination notice termination notice termination."),
		chunk("b2", "dc", "cb", "en", "Notice of termination."),
	)
	if diff := cmp.Diff([]string{"a1"}, hitIDs(mustSearch(t, x, Query{Text: "termination notice", CollectionIDs: []string{"ca"}}))); diff != "" {
		t.Errorf("collection ca (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"b2"}, hitIDs(mustSearch(t, x, Query{Text: "termination notice", DocIDs: []string{"dc", "missing"}}))); diff != "" {
		t.Errorf("document dc (-want +got):\n%s", diff)
	}
	if hits := mustSearch(t, x, Query{Text: "termination", CollectionIDs: []string{"none"}}); len(hits) != 0 {
		t.Errorf("an unknown collection: %v", hitIDs(hits))
	}
}

// Excluded documents are left out alike by the pruned ranking and by Bleve
// scoring every candidate, and the others keep their scores and order.
func TestMaxScoreHonoursExclusions(t *testing.T) {
	corpus := employmentAct()
	_ = newCorpus(21).chunks(400, 20, func(cs []evidence.Chunk) error { corpus = append(corpus, cs...); return nil })
	x := newIndexWith(t, corpus...)
	checked := 0
	for _, text := range append(newCorpus(22).queries(20), "termination notice period") {
		all := mustSearch(t, x, Query{Text: text, TopK: 50})
		if len(all) < 2 || all[0].Chunk.DocID == all[len(all)/2].Chunk.DocID {
			continue
		}
		checked++
		drop := []string{all[0].Chunk.DocID, all[len(all)/2].Chunk.DocID}
		var want []string
		for _, h := range all {
			if h.Chunk.DocID != drop[0] && h.Chunk.DocID != drop[1] {
				want = append(want, h.Chunk.ID)
			}
		}
		q := Query{Text: text, TopK: 50, ExcludeDocIDs: drop}
		pruned := hitIDs(mustSearch(t, x, q))
		x.tuning = tuning{exhaustive: true}
		exhaustive := hitIDs(mustSearch(t, x, q))
		x.tuning = tuning{}
		if diff := cmp.Diff(exhaustive, pruned, cmpEmpty); diff != "" {
			t.Errorf("%q: pruned against exhaustive (-exhaustive +pruned):\n%s", text, diff)
		}
		if n := min(len(want), len(pruned)); !cmp.Equal(want[:n], pruned[:n]) {
			t.Errorf("%q: the others moved: want %v, got %v", text, want[:n], pruned[:n])
		}
	}
	if checked < 5 {
		t.Errorf("only %d queries found hits in two documents", checked)
	}
}

// Ranking stops on a cancelled context.
func TestMaxScoreHonoursContext(t *testing.T) {
	x := newIndexWith(t, employmentAct()...)
	ctx := context.Background()
	count, _ := x.shards.Count()
	dfs, release := x.docFreqs(ctx)
	sp := x.buildQuery(Query{Text: "notice"}, x.planner(dfs))
	release()
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := x.rankPruned(cancelled, &sp.Plan, 10, x.stats.bm25(count)); !errors.Is(err, context.Canceled) {
		t.Errorf("ranking with a cancelled context: %v, want context.Canceled", err)
	}
}

// The seed only bounds: the floor it sets, from the chunks of the rarest
// clauses scored by those clauses alone, never exceeds the k-th best score
// of the whole index.
func TestSeedFloorNeverExceedsTheKthScore(t *testing.T) {
	corpus := append(employmentAct(), labourLawAr()...)
	_ = newCorpus(13).chunks(3000, 50, func(cs []evidence.Chunk) error { corpus = append(corpus, cs...); return nil })
	x := newIndexWith(t, corpus...)
	ctx := context.Background()
	count, _ := x.shards.Count()
	stats := x.stats.bm25(count)
	raised := 0
	for _, k := range []int{1, 10, 40} {
		for _, text := range append(newCorpus(14).queries(60), "termination notice period", "الإخطار الكتابي") {
			dfs, release := x.docFreqs(ctx)
			sp := x.buildQuery(Query{Text: text}, x.planner(dfs))
			release()
			if sp == nil {
				continue
			}
			x.tuning = tuning{exhaustive: true}
			exact, err := x.rankPruned(ctx, &sp.Plan, k, stats)
			x.tuning = tuning{}
			if err != nil {
				t.Fatal(err)
			}
			if len(exact) < k {
				continue
			}
			floor, err := ranking.SeedFloor(ctx, x.shards, &sp.Plan, k, stats)
			if err != nil {
				t.Fatal(err)
			}
			if kth := exact[k-1].Score; floor > kth {
				t.Errorf("%q top %d: the seed raised the floor to %v, above the k-th score %v", text, k, floor, kth)
			}
			if floor > 0 {
				raised++
			}
		}
	}
	if raised == 0 {
		t.Error("the seed never raised the floor")
	}
}
