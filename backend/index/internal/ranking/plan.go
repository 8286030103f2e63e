// Package ranking turns a plan into the top k: the k best chunks of the
// whole index for a disjunction of term clauses, with the scores Bleve
// gives them, without scoring every chunk that holds a common word.
//
// Where to look: plan.go (clauses, parts and their Bleve query, each term
// carrying the whole index's document frequency), prune.go (TopK on every
// shard at once, and the upper bounds of what a clause adds to a score),
// maxscore.go (the MaxScore walk of one shard, and its seed), cursor.go
// (postings scored as Bleve scores them).
package ranking

import (
	"context"

	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/blevesearch/bleve/v2/search/searcher"
	bleveindex "github.com/blevesearch/bleve_index_api"
)

// Clause is one term query of a search: a term in a field, with its boost
// and the number of chunks of the whole index that hold it there.
type Clause struct {
	Field, Term string
	Boost       float64
	DF          uint64
	RelatedTo   string // for a related word of the thesaurus: the query term it stands in for
	Selects     bool   // a chunk that holds it may be a hit; false: it only adds to the score
}

// Plan is a planned search. A chunk scores by the disjunction of all the
// parts, and must hold a selecting part and a clause of every filter group,
// and none of the excluded clauses.
type Plan struct {
	Parts    []Part
	Filters  [][]Clause // a chunk holds one clause of every group; they select without scoring
	Excluded []Clause   // a chunk that holds one of them is left out
}

// Query is the plan as one Bleve query whose candidates are limited to the
// chunks that hold one of the clauses in selecting. Those select with boost
// 0, so a chunk's score is the same whichever clauses select.
func (p *Plan) Query(selecting []Clause) query.Query {
	sel := make([]query.Query, len(selecting))
	for i, c := range selecting {
		c.Boost = 0
		sel[i] = globalTermQuery{c}
	}
	scoring := make([]query.Query, len(p.Parts))
	n := 0
	for i, part := range p.Parts {
		scoring[i] = part.Query()
		n += len(part.Clauses)
	}
	must := []query.Query{query.NewDisjunctionQuery(scoring)}
	if len(selecting) < n {
		must = append(must, query.NewDisjunctionQuery(sel))
	}
	return WithoutExcluded(query.NewConjunctionQuery(append(must, FilterQueries(p.Filters)...)), p.Excluded)
}

// WithoutExcluded is q without the chunks that hold one of the excluded
// clauses; q itself when there are none. Scores are q's.
func WithoutExcluded(q query.Query, excluded []Clause) query.Query {
	if len(excluded) == 0 {
		return q
	}
	not := make([]query.Query, len(excluded))
	for i, c := range excluded {
		not[i] = TermQuery(c.Field, c.Term, 0)
	}
	return query.NewBooleanQuery([]query.Query{q}, nil, not)
}

// Selecting lists the clauses that select.
func (p *Plan) Selecting() []Clause {
	var sel []Clause
	for _, part := range p.Parts {
		for _, c := range part.Clauses {
			if c.Selects {
				sel = append(sel, c)
			}
		}
	}
	return sel
}

// Part is one child of a query's scoring disjunction: a clause, or the
// related words that stand in for one query term.
type Part struct{ Clauses []Clause }

// Selects tells whether a chunk that holds the part may be a hit.
func (p Part) Selects() bool { return p.Clauses[0].Selects }

// Related tells whether the part is a disjunction of its own (related
// words), whose score Bleve multiplies by the share of clauses held.
func (p Part) Related() bool { return len(p.Clauses) > 1 || p.Clauses[0].RelatedTo != "" }

// Query is the part as a Bleve query.
func (p Part) Query() query.Query {
	if !p.Related() {
		return globalTermQuery{p.Clauses[0]}
	}
	qs := make([]query.Query, len(p.Clauses))
	for i, c := range p.Clauses {
		qs[i] = globalTermQuery{c}
	}
	return query.NewDisjunctionQuery(qs)
}

// Parts groups clauses into the parts of a disjunction. The related words
// of each query word go into one part of their own (one for those that
// select, one for those that only score): Bleve multiplies a disjunction's
// score by the share of its parts that match, and a chunk must not outrank
// one holding a query word for holding several words related to it.
func Parts(cs []Clause) []Part {
	type key struct {
		relatedTo string
		selects   bool
	}
	var ps []Part
	group := map[key]int{} // query term → index of its related words' part
	for _, c := range cs {
		if c.RelatedTo == "" {
			ps = append(ps, Part{Clauses: []Clause{c}})
			continue
		}
		k := key{c.RelatedTo, c.Selects}
		if i, ok := group[k]; ok {
			ps[i].Clauses = append(ps[i].Clauses, c)
			continue
		}
		group[k] = len(ps)
		ps = append(ps, Part{Clauses: []Clause{c}})
	}
	return ps
}

// ClauseQueries turns clauses into the queries of their parts, each term
// scored with the whole index's document frequency.
func ClauseQueries(cs []Clause) []query.Query {
	ps := Parts(cs)
	qs := make([]query.Query, len(ps))
	for i, p := range ps {
		qs[i] = p.Query()
	}
	return qs
}

// FilterQueries turns groups of filter clauses into Bleve queries, one
// disjunction of boost 0 per group.
func FilterQueries(groups [][]Clause) []query.Query {
	var fs []query.Query
	for _, group := range groups {
		qs := make([]query.Query, len(group))
		for i, c := range group {
			qs[i] = TermQuery(c.Field, c.Term, 0)
		}
		fs = append(fs, query.NewDisjunctionQuery(qs))
	}
	return fs
}

// TermQuery is a Bleve term query of term in field.
func TermQuery(field, term string, boost float64) *query.TermQuery {
	tq := query.NewTermQuery(term)
	tq.SetField(field)
	tq.SetBoost(boost)
	return tq
}

// globalTermQuery is a term query whose IDF comes from the document frequency
// of the whole index, not of the shard it runs on, so that every shard scores
// a chunk as a single index would.
type globalTermQuery struct{ c Clause }

func (q globalTermQuery) Searcher(ctx context.Context, r bleveindex.IndexReader, _ mapping.IndexMapping, o search.SearcherOptions) (search.Searcher, error) {
	return searcher.NewTermSearcher(ctx, globalDFReader{IndexReader: r, df: q.c.DF}, q.c.Term, q.c.Field, q.c.Boost, o)
}

// globalDFReader hands out term readers that report df as their count, the
// number Bleve's term scorer takes the IDF from.
type globalDFReader struct {
	bleveindex.IndexReader
	df uint64
}

func (r globalDFReader) TermFieldReader(ctx context.Context, term []byte, field string, freq, norm, vectors bool) (bleveindex.TermFieldReader, error) {
	tfr, err := r.IndexReader.TermFieldReader(ctx, term, field, freq, norm, vectors)
	if err != nil {
		return nil, err
	}
	return globalDFTermReader{TermFieldReader: tfr, df: r.df}, nil
}

type globalDFTermReader struct {
	bleveindex.TermFieldReader
	df uint64
}

func (t globalDFTermReader) Count() uint64 { return t.df }
