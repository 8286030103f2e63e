package index

import (
	"context"
	"fmt"
	"slices"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/search/query"
)

// Common words make Bleve slow: it scores every chunk that holds any query
// word and has no WAND-style pruning, so "party", "agreement" or "notice" in
// a query means visiting most of a large index. As Lucene's common-terms
// query did, the rarer words of a query select the candidate chunks, and the
// common words only add to the scores of those candidates. BM25 gives a
// common word little weight anyway, so the top hits rarely change; a chunk
// that holds only common words is found only when the query has no rarer word.

// tuning holds the knobs of query planning.
type tuning struct {
	// A clause held by more than commonFraction of the chunks, and by more
	// than minCommon chunks, only scores. commonFraction 0 makes every
	// clause select: exact BM25 over all the words.
	commonFraction float64
	minCommon      uint64
}

var defaultTuning = tuning{commonFraction: 0.1, minCommon: 2000}

// cutoff is the document frequency above which a clause is common in an
// index of count chunks (0: none is).
func (t tuning) cutoff(count uint64) uint64 {
	if t.commonFraction == 0 {
		return 0
	}
	return max(t.minCommon, uint64(t.commonFraction*float64(count)))
}

// clause is one term query of a search: a term in a field, with its boost
// and the number of chunks that hold it there.
type clause struct {
	field, term string
	boost       float64
	df          uint64
}

// docFreqs tells how many chunks hold term in field.
type docFreqs func(field, term string) uint64

// plan is a search split by document frequency.
type plan struct {
	selecting []clause // a chunk must match one of these
	scoring   []clause // these only add to the score
	textTerms []clause // every query term in the text fields, for highlighting
}

// planner decides which clauses select. cutoff is the document frequency
// above which a clause only scores; 0 makes every clause select.
type planner struct {
	dfs    docFreqs
	cutoff uint64
}

// words plans the query words: each term in the text and, boosted, in the
// heading path of its language. Terms no chunk holds are dropped.
func (p planner) words(pl *plan, lang string, tokens analysis.TokenStream) {
	seen := map[string]bool{}
	for _, tok := range tokens {
		term := string(tok.Term)
		if seen[term] {
			continue
		}
		seen[term] = true
		pl.textTerms = append(pl.textTerms, clause{field: textFieldFor(lang), term: term, boost: 1})
		p.add(pl, clause{field: textFieldFor(lang), term: term, boost: 1}, true)
		p.add(pl, clause{field: headingFieldFor(lang), term: term, boost: headingBoost}, true)
	}
}

// add files c as selecting or scoring by its document frequency; a clause
// that may not select is dropped when common.
func (p planner) add(pl *plan, c clause, canSelect bool) {
	c.df = p.dfs(c.field, c.term)
	switch {
	case c.df == 0:
	case canSelect && (p.cutoff == 0 || c.df <= p.cutoff):
		pl.selecting = append(pl.selecting, c)
	case canSelect:
		pl.scoring = append(pl.scoring, c)
	case p.cutoff == 0 || c.df <= p.cutoff:
		pl.scoring = append(pl.scoring, c)
	}
}

// ensureSelecting promotes the rarest scoring clause when no clause is rare
// enough to select, so a query of common words still finds chunks.
func (pl *plan) ensureSelecting() {
	if len(pl.selecting) > 0 || len(pl.scoring) == 0 {
		return
	}
	i := 0
	for j, c := range pl.scoring {
		if c.df < pl.scoring[i].df {
			i = j
		}
	}
	pl.selecting = []clause{pl.scoring[i]}
	pl.scoring = slices.Delete(pl.scoring, i, i+1)
}

func clauseQueries(cs []clause) []query.Query {
	qs := make([]query.Query, len(cs))
	for i, c := range cs {
		qs[i] = termQuery(c.field, c.term, c.boost)
	}
	return qs
}

func termQuery(field, term string, boost float64) *query.TermQuery {
	tq := query.NewTermQuery(term)
	tq.SetField(field)
	tq.SetBoost(boost)
	return tq
}

// readerFreqs looks document frequencies up in a snapshot of the index; the
// caller releases the snapshot.
func (x *Index) readerFreqs(ctx context.Context) (docFreqs, func(), error) {
	adv, err := x.bleve.Advanced()
	if err != nil {
		return nil, nil, fmt.Errorf("open index reader: %w", err)
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, nil, fmt.Errorf("open index reader: %w", err)
	}
	dfs := func(field, term string) uint64 {
		tfr, err := r.TermFieldReader(ctx, []byte(term), field, false, false, false)
		if err != nil {
			return 1 // unknown: let the search itself decide
		}
		defer tfr.Close()
		return tfr.Count()
	}
	return dfs, func() { _ = r.Close() }, nil
}
