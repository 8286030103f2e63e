package ranking

import (
	"testing"

	"github.com/blevesearch/bleve/v2/search"

	"lexflow/backend/index/internal/analysis"
)

// Bounds fall as document frequency rises.
func TestBoundsFallWithDocumentFrequency(t *testing.T) {
	cl := func(term string, df uint64) Clause {
		return Clause{Field: analysis.FieldTextEN, Term: term, Boost: 1, DF: df, Selects: true}
	}
	ps := Parts([]Clause{cl("party", 90_000), cl("notice", 40_000), cl("arbitration", 300)})
	stats := &search.BM25Stats{DocCount: 100_000, FieldCardinality: map[string]int{analysis.FieldTextEN: 10_000_000}}
	b := newBounds(ps, stats)
	if !(b.term(ps[0].Clauses[0]) < b.term(ps[1].Clauses[0]) && b.term(ps[1].Clauses[0]) < b.term(ps[2].Clauses[0])) {
		t.Fatal("bounds must fall as document frequency rises")
	}
}
