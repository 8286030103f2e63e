package analysis

import (
	"slices"
	"testing"
)

func TestThesaurusAnalysesBothSides(t *testing.T) {
	related := NewThesaurus(testAnalyzers(t)[LangEN])["expir"] // "expiration", "expire", "expiry"
	for _, want := range []string{"term", "renew", "durat"} {
		if !slices.Contains(related, want) {
			t.Errorf("related terms of expir: %v, want %q among them", related, want)
		}
	}
}
