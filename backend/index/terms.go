package index

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/blevesearch/bleve/v2/search/searcher"
	bleveindex "github.com/blevesearch/bleve_index_api"
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

// defaultTuning was chosen on the CUAD contracts (eval/cuad, 26,537 chunks,
// 500 queries): letting words held by more than 30% of the chunks only score
// left span hit@10 unchanged (0.336 against 0.334 for exact BM25; 0.826 inside
// the contract either way) and cut the CPU time of those long queries by a
// quarter at the median and a third at p99. Lower fractions are faster but
// lose hits (0.1: hit@10 0.314; 0.05: 0.290).
func defaultTuning() tuning { return tuning{commonFraction: 0.3, minCommon: 2000} }

// cutoff is the document frequency above which a clause of q is common in an
// index of count chunks; 0 means none is. A search inside given documents is
// small, so it is always exact.
func (t tuning) cutoff(count uint64, q Query) uint64 {
	if t.commonFraction == 0 || len(q.DocIDs) > 0 {
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
	relatedTo   string // for a related word of the thesaurus: the query term it stands in for
}

// docFreqs tells how many chunks hold term in field.
type docFreqs func(field, term string) uint64

// plan is a search split by document frequency.
type plan struct {
	selecting []clause // a chunk must match one of these
	scoring   []clause // these only add to the score
	textTerms []clause // every query term in the text fields, for highlighting
	pending   []clause // selectable clauses, until split
}

// planner decides which clauses select. cutoff is the document frequency
// above which a clause only scores; 0 makes every clause select.
type planner struct {
	dfs     docFreqs
	cutoff  uint64
	related thesaurus // English query words → related words, scored at relatedBoost
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
	if lang != langEN {
		return
	}
	// Related words select like query words: a chunk that holds only a
	// related word can be found, unless the word is common.
	for _, tok := range tokens {
		term := string(tok.Term)
		for _, r := range p.related[term] {
			if seen[r] {
				continue
			}
			seen[r] = true
			p.add(pl, clause{field: textFieldFor(lang), term: r, boost: relatedBoost, relatedTo: term}, true)
			p.add(pl, clause{field: headingFieldFor(lang), term: r, boost: relatedBoost * headingBoost, relatedTo: term}, true)
		}
	}
}

// add files c: clauses that may select wait for split; the others score
// unless common. Clauses no chunk matches are dropped.
func (p planner) add(pl *plan, c clause, canSelect bool) {
	c.df = p.dfs(c.field, c.term)
	switch {
	case c.df == 0:
	case canSelect:
		pl.pending = append(pl.pending, c)
	case p.cutoff == 0 || c.df <= p.cutoff:
		pl.scoring = append(pl.scoring, c)
	}
}

// split makes the pending clauses held by at most cutoff chunks select, and
// the rarest one in any case; the others only score.
func (p planner) split(pl *plan) {
	slices.SortStableFunc(pl.pending, func(a, b clause) int { return cmp.Compare(a.df, b.df) })
	for i, c := range pl.pending {
		if i > 0 && p.cutoff > 0 && c.df > p.cutoff {
			pl.scoring = append(pl.scoring, pl.pending[i:]...)
			break
		}
		pl.selecting = append(pl.selecting, c)
	}
	pl.pending = nil
}

// clauseQueries turns clauses into term queries scored with the whole
// index's document frequency. The related words of each query word go into
// one disjunction of their own: Bleve multiplies a disjunction's score by the
// share of its clauses that match, and a chunk must not outrank one holding
// a query word for holding several words related to it.
func clauseQueries(cs []clause) []query.Query {
	var qs []query.Query
	related := map[string][]query.Query{}
	var order []string
	for _, c := range cs {
		switch {
		case c.relatedTo == "":
			qs = append(qs, globalTermQuery{c})
		default:
			if related[c.relatedTo] == nil {
				order = append(order, c.relatedTo)
			}
			related[c.relatedTo] = append(related[c.relatedTo], globalTermQuery{c})
		}
	}
	for _, t := range order {
		qs = append(qs, query.NewDisjunctionQuery(related[t]))
	}
	return qs
}

func termQuery(field, term string, boost float64) *query.TermQuery {
	tq := query.NewTermQuery(term)
	tq.SetField(field)
	tq.SetBoost(boost)
	return tq
}

// globalTermQuery is a term query whose IDF comes from the document frequency
// of the whole index, not of the shard it runs on, so that every shard scores
// a chunk as a single index would.
type globalTermQuery struct{ c clause }

func (q globalTermQuery) Searcher(ctx context.Context, r bleveindex.IndexReader, _ mapping.IndexMapping, o search.SearcherOptions) (search.Searcher, error) {
	return searcher.NewTermSearcher(ctx, globalDFReader{IndexReader: r, df: q.c.df}, q.c.term, q.c.field, q.c.boost, o)
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

// dfCache remembers document frequencies until the next write: queries
// repeat words, and looking one up costs a dictionary lookup per segment.
type dfCache struct {
	mu    sync.Mutex
	epoch uint64
	m     map[[2]string]uint64
}

const dfCacheMax = 20000

func newDFCache() *dfCache { return &dfCache{m: map[[2]string]uint64{}} }

func (c *dfCache) get(field, term string) (df, epoch uint64, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	df, ok = c.m[[2]string{field, term}]
	return df, c.epoch, ok
}

// put stores df as read at epoch, unless a write came since.
func (c *dfCache) put(field, term string, df, epoch uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if epoch != c.epoch {
		return
	}
	if len(c.m) >= dfCacheMax {
		clear(c.m)
	}
	c.m[[2]string{field, term}] = df
}

func (c *dfCache) invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.epoch++
	clear(c.m)
}

// docFreqs looks document frequencies up in the cache, then in snapshots of
// every shard (opened on the first miss); the caller calls release.
func (x *Index) docFreqs(ctx context.Context) (dfs docFreqs, release func()) {
	var readers []bleveindex.IndexReader
	release = func() {
		for _, r := range readers {
			_ = r.Close()
		}
	}
	dfs = func(field, term string) uint64 {
		df, epoch, ok := x.dfs.get(field, term)
		if ok {
			return df
		}
		if readers == nil {
			readers = x.readers()
		}
		df = sumDF(ctx, readers, field, term)
		x.dfs.put(field, term, df, epoch)
		return df
	}
	return dfs, release
}

// readers opens a snapshot of each shard; a shard that fails is skipped
// (its terms then count as absent, and its search will report the error).
func (x *Index) readers() []bleveindex.IndexReader {
	var rs []bleveindex.IndexReader
	for _, s := range x.shards {
		adv, err := s.bleve.Advanced()
		if err != nil {
			continue
		}
		if r, err := adv.Reader(); err == nil {
			rs = append(rs, r)
		}
	}
	return rs
}

func sumDF(ctx context.Context, readers []bleveindex.IndexReader, field, term string) uint64 {
	var total uint64
	for _, r := range readers {
		tfr, err := r.TermFieldReader(ctx, []byte(term), field, false, false, false)
		if err != nil {
			continue
		}
		total += tfr.Count()
		_ = tfr.Close()
	}
	return total
}
