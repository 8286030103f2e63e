package index

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
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
	count, _ := x.docCount()
	dfs, release := x.docFreqs(ctx)
	sp := x.buildQuery(Query{Text: "party arbitration"}, planner{dfs: dfs, related: x.related})
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
	count, _ := x.docCount()
	dfs, release := x.docFreqs(ctx)
	sp := x.buildQuery(Query{Text: "notice"}, planner{dfs: dfs, related: x.related})
	release()
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := x.rankPruned(cancelled, sp, 10, x.stats.bm25(count)); !errors.Is(err, context.Canceled) {
		t.Errorf("ranking with a cancelled context: %v, want context.Canceled", err)
	}
}
