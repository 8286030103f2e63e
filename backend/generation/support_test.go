package generation

import (
	"context"
	"slices"
	"testing"

	"lexflow/backend/evidence"
)

func hit(doc, text string) evidence.Hit {
	return evidence.Hit{Chunk: evidence.Chunk{ID: doc + "-1", DocID: doc, Text: text}}
}

func TestSupportIgnoresFrameWordsAndTheNamingClause(t *testing.T) {
	named := hit("msa", "Either party may terminate this Agreement on ninety days' written notice.")
	named.NamedBy = "Consider the Services Agreement between Acme and Beta"
	other := hit("nda", "The Recipient shall not compete with Acme.")
	s := JudgeSupport(context.Background(), "Consider the Services Agreement between Acme and Beta; is there a clause on notice to terminate in this contract?",
		[]evidence.Hit{other, named}, nil)
	if s.NamedDocID != "msa" || s.Coverage != 1 || len(s.Missing) != 0 {
		t.Errorf("support %+v: want the named document to cover notice and terminate", s)
	}
	if want := []string{"notic", "terminat"}; !slices.Equal(s.KeyTerms, want) {
		t.Errorf("key terms %v, want %v (no frame words, no naming words)", s.KeyTerms, want)
	}
	if got := s.scope([]evidence.Hit{other, named}); len(got) != 1 || got[0].Chunk.DocID != "msa" {
		t.Errorf("scope %v: want the named document's hit only", got)
	}
}

func TestSupportNamesTheMissingWordsWeighedByRarity(t *testing.T) {
	hits := []evidence.Hit{hit("a", "Fraud is excluded from the limitation of liability.")}
	rarity := func(_ context.Context, words []string) (map[string]float64, error) {
		m := map[string]float64{}
		for _, w := range words {
			m[w] = map[string]float64{"Texas": 9, "fraud": 2, "statute": 4, "limitations": 3}[w]
		}
		return m, nil
	}
	s := JudgeSupport(context.Background(), "What is the statute of limitations for fraud in Texas?", hits, rarity)
	if !s.refuses() {
		t.Errorf("coverage %.2f: a passage about fraud alone does not answer a question about Texas limitation law", s.Coverage)
	}
	if !slices.Contains(s.Missing, "Texas") || !slices.Contains(s.Missing, "statute") || slices.Contains(s.Missing, "fraud") {
		t.Errorf("missing %v, want Texas and statute, not fraud", s.Missing)
	}
}

// A Chinese question's pairs that straddle a particle (户的, 由谁) are not
// what it asks; the article holding every other pair supports it.
func TestSupportOfAChineseQuestion(t *testing.T) {
	hits := []evidence.Hit{hit("cc", "第五十六条　个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担。")}
	s := JudgeSupport(context.Background(), "个体工商户的债务由谁承担？", hits, nil)
	if s.Coverage != 1 {
		t.Errorf("support %+v: want the article to cover the question", s)
	}
}
