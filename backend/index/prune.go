package index

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/blevesearch/bleve/v2/search"
)

// Bleve scores every chunk that holds any selecting word of a query and has
// no WAND-style pruning, so a common word ("party", "notice") means visiting
// most of a large index for ten hits. Ranking here prunes safely, as MaxScore
// does, in at most two passes whose results are exactly those of scoring
// every candidate:
//
//  1. The rarest parts select (few candidates), every part scores. If that
//     gives k hits, the k-th score is a floor θ the final k-th score cannot
//     fall below.
//  2. Each part has an upper bound on what it can add to a score (BM25
//     saturates: a term never adds more than boost·idf²·k1, normalised).
//     A chunk holding only low-bound parts, whose bounds together (times
//     Bleve's coordination factor) stay under θ, cannot be a hit; the other
//     parts are essential. If the first pass already selected by every
//     essential part, its hits are final; otherwise one more pass selects
//     by the essential parts only.
//
// The common words then usually only score, as with Lucene's common-terms
// query, but never at the cost of a hit.

// firstPassShare bounds the candidates of the first pass: the rarest parts
// whose document frequencies add up to at most this share of the chunks (and
// the rarest part in any case).
const firstPassShare = 1.0 / 50

// boundMargin covers the rounding of norms in the index: bounds are raised
// by this factor so that pruning never drops a hit for a last bit.
const boundMargin = 1.01

// rankPlan ranks the chunks of a plan (none when sp is nil) and drops those
// below q's minimum score.
func (x *Index) rankPlan(ctx context.Context, sp *searchPlan, q Query, stats *search.BM25Stats) (search.DocumentMatchCollection, error) {
	if sp == nil {
		return nil, nil
	}
	k := topK(q.TopK)
	if q.Distinct {
		k = min(2*k, MaxTopK) // room for the duplicates distinct drops
	}
	ranked, err := x.rankPruned(ctx, sp, k, len(q.DocIDs) > 0, stats)
	if err != nil {
		return nil, err
	}
	return aboveMin(ranked, q.MinScore), nil
}

// rankPruned returns the k best chunks of sp, as scoring every candidate
// would. A search inside given documents has few candidates: it scores them
// all in one pass.
func (x *Index) rankPruned(ctx context.Context, sp *searchPlan, k int, small bool, stats *search.BM25Stats) (search.DocumentMatchCollection, error) {
	selecting := sp.selectingByDF()
	first := firstPass(selecting, uint64(firstPassShare*stats.DocCount))
	if x.tuning.exhaustive || small || len(first) == len(selecting) {
		return x.rank(ctx, sp.query(selecting), k, stats)
	}
	ranked, err := x.rank(ctx, sp.query(first), k, stats)
	if err != nil {
		return nil, err
	}
	essential := selecting
	if len(ranked) == k {
		essential = sp.essential(ranked[k-1].Score, stats)
	}
	if subset(essential, first) {
		return ranked, nil
	}
	return x.rank(ctx, sp.query(essential), k, stats)
}

// selectingByDF lists the clauses that select, rarest first.
func (sp *searchPlan) selectingByDF() []clause {
	var sel []clause
	for _, p := range sp.parts {
		for _, c := range p.clauses {
			if c.selects {
				sel = append(sel, c)
			}
		}
	}
	slices.SortStableFunc(sel, func(a, b clause) int { return cmp.Compare(a.df, b.df) })
	return sel
}

// firstPass takes the rarest clauses while their document frequencies add
// up to at most budget, and the rarest one in any case.
func firstPass(byDF []clause, budget uint64) []clause {
	n, sum := 1, byDF[0].df
	for n < len(byDF) && sum+byDF[n].df <= budget {
		sum += byDF[n].df
		n++
	}
	return byDF[:n]
}

// subset tells whether every clause of a is in b.
func subset(a, b []clause) bool {
	for _, c := range a {
		if !slices.Contains(b, c) {
			return false
		}
	}
	return true
}

// essential returns the selecting clauses a chunk scoring at least floor
// must hold one of: all but the longest run of lowest-bound clauses that,
// with every clause that only scores, cannot reach floor on their own.
func (sp *searchPlan) essential(floor float64, stats *search.BM25Stats) []clause {
	b := newBounds(sp.parts, stats)
	// out[i][j]: clause j of part i is left out of the selection.
	out := make([][]bool, len(sp.parts))
	type ref struct{ part, clause int }
	var order []ref
	for i, p := range sp.parts {
		out[i] = make([]bool, len(p.clauses))
		for j, c := range p.clauses {
			out[i][j] = !c.selects
			if c.selects {
				order = append(order, ref{i, j})
			}
		}
	}
	slices.SortStableFunc(order, func(r, q ref) int {
		return cmp.Compare(b.term(sp.parts[r.part].clauses[r.clause]), b.term(sp.parts[q.part].clauses[q.clause]))
	})
	for _, r := range order {
		out[r.part][r.clause] = true
		if b.of(sp.parts, out) >= floor {
			out[r.part][r.clause] = false
			break
		}
	}
	var ess []clause
	for _, r := range order {
		if !out[r.part][r.clause] {
			ess = append(ess, sp.parts[r.part].clauses[r.clause])
		}
	}
	return ess
}

// bounds computes upper bounds of scores as Bleve's term scorer computes
// them: BM25 (or, for a field without length statistics, TF-IDF), times
// boost·idf·queryNorm, where the query norm is over every clause.
type bounds struct {
	stats     *search.BM25Stats
	queryNorm float64
}

func newBounds(ps []part, stats *search.BM25Stats) bounds {
	b := bounds{stats: stats}
	var sum float64
	for _, p := range ps {
		for _, c := range p.clauses {
			w := c.boost * b.idf(c)
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

func (b bounds) idf(c clause) float64 {
	n, df := b.stats.DocCount, float64(c.df)
	if b.avgLength(c.field) > 0 {
		return math.Log(1 + (n-df+0.5)/(df+0.5))
	}
	return 1 + math.Log(n/(df+1))
}

// term bounds what clause c adds to a score: BM25's term part
// tf·k1/(tf+k1·norm) stays under k1, TF-IDF's √tf·norm at most 1.
func (b bounds) term(c clause) float64 {
	idf := b.idf(c)
	saturation := 1.0
	if b.avgLength(c.field) > 0 {
		saturation = search.BM25_k1
	}
	return c.boost * idf * b.queryNorm * idf * saturation
}

// of bounds the score of a chunk that holds no clause but those marked in
// in (in[i][j]: clause j of part i). Bleve multiplies a disjunction's sum by
// the share of its children that match, in the query (of parts) and in each
// part of related words (of clauses): each bound takes the best that sum
// times that share can be.
func (b bounds) of(ps []part, in [][]bool) float64 {
	var sum float64
	touched := 0
	for i, p := range ps {
		var terms []float64
		for j, c := range p.clauses {
			if in[i][j] {
				terms = append(terms, b.term(c))
			}
		}
		if len(terms) > 0 {
			sum += bestShare(terms, len(p.clauses))
			touched++
		}
	}
	return sum * float64(touched) / float64(len(ps)) * boundMargin
}

// bestShare is the most a disjunction of n children can score when only
// children of the given bounds may match: the best sum of the top s bounds
// times s/n.
func bestShare(bounds []float64, n int) float64 {
	slices.SortFunc(bounds, func(x, y float64) int { return cmp.Compare(y, x) })
	var best, sum float64
	for i, t := range bounds {
		sum += t
		best = max(best, sum*float64(i+1)/float64(n))
	}
	return best
}
