package index

import (
	"context"
	"fmt"
	"math"

	"lexflow/backend/index/internal/analysis"
)

// WordRarity is how rare a word is among the indexed passages.
type WordRarity struct {
	// IDF is ln(1 + n/(df+1)), with df the passages holding the word as
	// the index analyses it (the least rare of its terms, for a run of
	// ideographs); 0 for a word that analyses to nothing (a stopword).
	IDF float64
	// Absent: no passage holds the word at all.
	Absent bool
}

// Rarity tells how rare each of words is among the indexed passages. The
// answer pipeline weighs a question's words by it when it judges whether
// evidence addresses the question: "Texas" missing from every passage
// matters, "party" does not.
func (x *Index) Rarity(ctx context.Context, words []string) (map[string]WordRarity, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("rarity: %w", err)
	}
	n, err := x.shards.Count()
	if err != nil {
		return nil, err
	}
	dfs, release := x.docFreqs(ctx)
	defer release()
	out := make(map[string]WordRarity, len(words))
	for _, w := range words {
		lang := analysis.QueryLangs("", w)[0]
		tokens := x.analyzers[lang].Analyze([]byte(w))
		if len(tokens) == 0 {
			out[w] = WordRarity{}
			continue
		}
		var df uint64
		for _, t := range tokens {
			df = max(df, dfs(analysis.TextField(lang), string(t.Term)))
		}
		out[w] = WordRarity{IDF: math.Log(1 + float64(n)/float64(df+1)), Absent: df == 0}
	}
	return out, nil
}
