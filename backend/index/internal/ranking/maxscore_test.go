package ranking

import (
	"context"
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
		chunks = append(chunks, englishChunk(fmt.Sprintf("c%04d", i), text))
	}
	set := newShards(t, chunks...)
	p := textPlan(t, set, "party arbitration")
	stats := textStats(t, set, 6)
	ctx := context.Background()
	r, err := set[0].Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	m, err := newMaxScore(ctx, r, p, 3, stats, &sharedFloor{})
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
	top, err := TopK(ctx, set, p, 3, stats)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"c0007", "c0407", "c0807"}, matchIDs(top)); diff != "" {
		t.Errorf("hits (-want +got):\n%s", diff)
	}
}
