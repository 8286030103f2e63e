package index

import (
	"context"
	"testing"
)

func TestRarityWeighsWordsByHowFewPassagesHoldThem(t *testing.T) {
	x := newIndexWith(t, namingCorpus()...)
	r, err := x.Rarity(context.Background(), []string{"agreement", "arbitration", "Texas", "the"})
	if err != nil {
		t.Fatal(err)
	}
	if !(r["agreement"].IDF < r["arbitration"].IDF && r["arbitration"].IDF < r["Texas"].IDF) {
		t.Errorf("rarity %v: want agreement (in many passages) < arbitration (in one) < Texas (in none)", r)
	}
	if !r["Texas"].Absent || r["arbitration"].Absent {
		t.Errorf("rarity %v: only Texas is absent", r)
	}
	if r["the"].IDF != 0 {
		t.Errorf("a stopword weighs %v, want 0", r["the"])
	}
}
