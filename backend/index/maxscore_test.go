package index

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/blevesearch/bleve/v2/search"
	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/shards"
)

// With a word every chunk holds and one a few hold, the common word stops
// proposing candidates once the top k are full: far fewer chunks are
// scored than hold it, and the hits are still the chunks holding both.
func TestMaxScoreSkipsChunksThatCannotRank(t *testing.T) {
	var chunks []evidence.Chunk
	for i := range 2000 {
		text := "The party shall give notice to the other party."
		if i%400 == 7 {
			text = "The party may refer the dispute to arbitration."
		}
		chunks = append(chunks, chunk(fmt.Sprintf("c%04d", i), fmt.Sprintf("d%d", i/50), "c", "en", text))
	}
	x, err := openMem(1)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	mustAdd(t, x, chunks...)
	ctx := context.Background()
	count, _ := x.shards.Count()
	dfs, release := x.docFreqs(ctx)
	sp := x.buildQuery(Query{Text: "party arbitration"}, x.planner(dfs))
	release()
	r := mustReader(t, x.shards[0])
	defer r.Close()
	m, err := newMaxScore(ctx, r, sp, 3, x.stats.bm25(count), &sharedFloor{})
	if err != nil {
		t.Fatal(err)
	}
	defer m.close()
	if err := m.rank(ctx, r); err != nil {
		t.Fatal(err)
	}
	if m.scored > 200 {
		t.Errorf("scored %d of 2000 candidates; the common word should only be probed", m.scored)
	}
	hits := mustSearch(t, x, Query{Text: "party arbitration", TopK: 3})
	if diff := cmp.Diff([]string{"c0007", "c0407", "c0807"}, hitIDs(hits)); diff != "" {
		t.Errorf("hits (-want +got):\n%s", diff)
	}
}

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
	if _, err := x.rankPruned(cancelled, sp, 10, x.stats.bm25(count)); !errors.Is(err, context.Canceled) {
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
			exact, err := x.rankPruned(ctx, sp, k, stats)
			x.tuning = tuning{}
			if err != nil {
				t.Fatal(err)
			}
			if len(exact) < k {
				continue
			}
			floor := &sharedFloor{}
			for _, s := range x.shards {
				seedShard(t, s, sp, k, stats, floor)
			}
			if kth := exact[k-1].Score; floor.get() > kth {
				t.Errorf("%q top %d: the seed raised the floor to %v, above the k-th score %v", text, k, floor.get(), kth)
			}
			if floor.get() > 0 {
				raised++
			}
		}
	}
	if raised == 0 {
		t.Error("the seed never raised the floor")
	}
}

func seedShard(t *testing.T, s *shards.Shard, sp *searchPlan, k int, stats *search.BM25Stats, floor *sharedFloor) {
	t.Helper()
	r := mustReader(t, s)
	defer r.Close()
	m, err := newMaxScore(context.Background(), r, sp, k, stats, floor)
	if err != nil {
		t.Fatal(err)
	}
	defer m.close()
	if err := m.seed(context.Background(), r); err != nil {
		t.Fatal(err)
	}
}
