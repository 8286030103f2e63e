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
	if !(r["agreement"] < r["arbitration"] && r["arbitration"] < r["Texas"]) {
		t.Errorf("rarity %v: want agreement (in many passages) < arbitration (in one) < Texas (in none)", r)
	}
	if r["the"] != 0 {
		t.Errorf("a stopword weighs %v, want 0", r["the"])
	}
}
