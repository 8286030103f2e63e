package ranking

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/blevesearch/bleve/v2/search"

	"lexflow/backend/index/internal/shards"
)

// Bleve scores every chunk that holds any selecting word of a query and has
// no WAND-style pruning, so a common word ("party", "notice") means visiting
// most of a large index for ten hits. Ranking here prunes safely instead
// (maxscore.go): each part of a query has an upper bound on what it can add
// to a score (BM25 saturates: a term never adds more than
// boost·idf²·k1, normalised), and a chunk that can no longer reach the
// k-th best score so far is dropped before its other parts are read. The
// common words then usually only score, as with Lucene's common-terms
// query, but never at the cost of a hit.

// boundMargin covers the rounding of norms in the index: bounds are raised
// by this factor so that pruning never drops a hit for a last bit.
const boundMargin = 1.01

// TopK returns the k best chunks of p in the shards of set, as scoring
// every candidate would, best first, equal scores in chunk ID order. Every
// shard ranks its own at once, sharing the best k-th score any has reached.
// A panic inside Bleve (a damaged segment) gives ErrCorrupt.
func TopK(ctx context.Context, set shards.Set, p *Plan, k int, stats *search.BM25Stats) (search.DocumentMatchCollection, error) {
	perShard := make([]search.DocumentMatchCollection, len(set))
	floor := &sharedFloor{}
	err := set.Each(func(i int, s *shards.Shard) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("search index: %w: %v", shards.ErrCorrupt, r)
			}
		}()
		perShard[i], err = rankShard(ctx, s, p, k, stats, floor)
		if err != nil {
			err = fmt.Errorf("search index: %w", err)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return shards.BestK(slices.Concat(perShard...), k), nil
}

// bounds computes upper bounds of scores as Bleve's term scorer computes
// them: BM25 (or, for a field without length statistics, TF-IDF), times
// boost·idf·queryNorm, where the query norm is over every clause.
type bounds struct {
	stats     *search.BM25Stats
	queryNorm float64
}

func newBounds(ps []Part, stats *search.BM25Stats) bounds {
	b := bounds{stats: stats}
	var sum float64
	for _, p := range ps {
		for _, c := range p.Clauses {
			w := c.Boost * b.idf(c)
			sum += w * w
		}
	}
	b.queryNorm = 1 / math.Sqrt(sum)
	return b
}

// avgLength is the average length of field, as Bleve takes it.
func (b bounds) avgLength(field string) float64 {
	return math.Ceil(float64(b.stats.FieldCardinality[field]) / b.stats.DocCount)
}

func (b bounds) idf(c Clause) float64 {
	n, df := b.stats.DocCount, float64(c.DF)
	if b.avgLength(c.Field) > 0 {
		return math.Log(1 + (n-df+0.5)/(df+0.5))
	}
	return 1 + math.Log(n/(df+1))
}

// term bounds what clause c adds to a score: BM25's term part
// tf·k1/(tf+k1·norm) stays under k1, TF-IDF's √tf·norm at most 1.
func (b bounds) term(c Clause) float64 {
	idf := b.idf(c)
	saturation := 1.0
	if b.avgLength(c.Field) > 0 {
		saturation = search.BM25_k1
	}
	return c.Boost * idf * b.queryNorm * idf * saturation
}
