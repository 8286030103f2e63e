package ranking

import (
	"context"
	"testing"

	"github.com/blevesearch/bleve/v2/search"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/analysis"
	"lexflow/backend/index/internal/shards"
)

// newShards makes one shard in memory holding chunks, mapped as the index
// maps them and written in batches of 500, as the index writes them: a
// batch's chunks take document numbers in no set order, the batches in
// turn.
func newShards(t testing.TB, chunks ...evidence.Chunk) shards.Set {
	t.Helper()
	s, err := shards.Create("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	for start := 0; start < len(chunks); start += 500 {
		b := s.NewBatch()
		for _, c := range chunks[start:min(start+500, len(chunks))] {
			data, err := analysis.ChunkDocument(c, nil, "")
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Index(c.ID, data); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Commit(b); err != nil {
			t.Fatal(err)
		}
	}
	return shards.Set{s}
}

// englishChunk is a chunk of English text.
func englishChunk(id, text string) evidence.Chunk {
	return evidence.Chunk{ID: id, DocID: "d", CollectionID: "c", Language: "en", Text: text}
}

// textPlan plans words as query words of English text that select,
// without headings, related words or filters.
func textPlan(t testing.TB, set shards.Set, words string) *Plan {
	t.Helper()
	a := analysis.AnalyzersOf(set[0].Mapping())[analysis.LangEN]
	readers := set.Readers()
	defer func() {
		for _, r := range readers {
			_ = r.Close()
		}
	}()
	var cs []Clause
	for _, tok := range a.Analyze([]byte(words)) {
		c := Clause{Field: analysis.FieldTextEN, Term: string(tok.Term), Boost: 1, Selects: true}
		for _, r := range readers {
			tfr, err := r.TermFieldReader(context.Background(), tok.Term, c.Field, false, false, false)
			if err != nil {
				t.Fatal(err)
			}
			c.DF += tfr.Count()
			_ = tfr.Close()
		}
		cs = append(cs, c)
	}
	return &Plan{Parts: Parts(cs)}
}

// textStats are BM25 statistics of English chunks of about avgLength tokens.
func textStats(t testing.TB, set shards.Set, avgLength int) *search.BM25Stats {
	t.Helper()
	n, err := set.Count()
	if err != nil {
		t.Fatal(err)
	}
	return &search.BM25Stats{DocCount: float64(n), FieldCardinality: map[string]int{analysis.FieldTextEN: avgLength * int(n)}}
}

// matchIDs lists the chunk IDs of matches in rank order.
func matchIDs(ms search.DocumentMatchCollection) []string {
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.ID
	}
	return ids
}
