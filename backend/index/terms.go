package index

import (
	"context"
	"sync"

	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/blevesearch/bleve/v2/search/searcher"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"lexflow/backend/index/internal/analysis"
)

// tuning holds the knobs of ranking. The zero value is the default.
type tuning struct {
	// exhaustive scores every chunk that holds a selecting word, without the
	// safe pruning of maxscore.go: the reference the pruning is tested and
	// measured against.
	exhaustive bool
}

// clause is one term query of a search: a term in a field, with its boost
// and the number of chunks that hold it there.
type clause struct {
	field, term string
	boost       float64
	df          uint64
	relatedTo   string // for a related word of the thesaurus: the query term it stands in for
	selects     bool   // a chunk that holds it may be a hit; false: it only adds to the score
}

// docFreqs tells how many chunks hold term in field.
type docFreqs func(field, term string) uint64

// plan is the clauses of a query.
type plan struct {
	clauses   []clause // every clause scores; a hit holds at least one that selects
	textTerms []clause // every query term in the text fields, for highlighting
}

// planner turns query words into clauses.
type planner struct {
	dfs      docFreqs
	related  analysis.Thesaurus // English query words → related words, scored at relatedBoost; nil when switched off
	headings bool               // query words also match the heading path
}

// words plans the query words: each term in the text and, weighted, in the
// heading path of its language. A heading word only adds to the score of a
// chunk whose text holds a query word: a heading alone ("Power of the
// Regulator to intervene") never makes a hit, the rule under it does.
// Terms no chunk holds are dropped.
func (p planner) words(pl *plan, lang string, tokens bleveanalysis.TokenStream) {
	seen := map[string]bool{}
	for _, tok := range tokens {
		term := string(tok.Term)
		if seen[term] {
			continue
		}
		seen[term] = true
		pl.textTerms = append(pl.textTerms, clause{field: analysis.TextField(lang), term: term, boost: 1})
		p.add(pl, clause{field: analysis.TextField(lang), term: term, boost: 1, selects: true})
		p.heading(pl, clause{field: analysis.HeadingField(lang), term: term, boost: headingBoost})
	}
	if lang != analysis.LangEN {
		return
	}
	// Related words select like query words: a chunk that holds only a
	// related word can be found.
	for _, tok := range tokens {
		term := string(tok.Term)
		for _, r := range p.related[term] {
			if seen[r] {
				continue
			}
			seen[r] = true
			p.add(pl, clause{field: analysis.TextField(lang), term: r, boost: relatedBoost, relatedTo: term, selects: true})
			p.heading(pl, clause{field: analysis.HeadingField(lang), term: r, boost: relatedBoost * headingBoost, relatedTo: term})
		}
	}
}

// heading adds c, a clause on the heading path, unless headings are switched off.
func (p planner) heading(pl *plan, c clause) {
	if p.headings {
		p.add(pl, c)
	}
}

// add files c with its document frequency, unless no chunk holds it.
func (p planner) add(pl *plan, c clause) {
	if c.df = p.dfs(c.field, c.term); c.df > 0 {
		pl.clauses = append(pl.clauses, c)
	}
}

// part is one child of a query's scoring disjunction: a clause, or the
// related words that stand in for one query term.
type part struct{ clauses []clause }

// selects tells whether a chunk that holds the part may be a hit.
func (p part) selects() bool { return p.clauses[0].selects }

// df is how many chunks hold the part's clauses, counted once per clause.
func (p part) df() (n uint64) {
	for _, c := range p.clauses {
		n += c.df
	}
	return n
}

// related tells whether the part is a disjunction of its own (related
// words), whose score Bleve multiplies by the share of clauses held.
func (p part) related() bool { return len(p.clauses) > 1 || p.clauses[0].relatedTo != "" }

func (p part) query() query.Query {
	if !p.related() {
		return globalTermQuery{p.clauses[0]}
	}
	qs := make([]query.Query, len(p.clauses))
	for i, c := range p.clauses {
		qs[i] = globalTermQuery{c}
	}
	return query.NewDisjunctionQuery(qs)
}

// parts groups clauses into the parts of a disjunction. The related words
// of each query word go into one part of their own (one for those that
// select, one for those that only score): Bleve multiplies a disjunction's
// score by the share of its parts that match, and a chunk must not outrank
// one holding a query word for holding several words related to it.
func parts(cs []clause) []part {
	type key struct {
		relatedTo string
		selects   bool
	}
	var ps []part
	group := map[key]int{} // query term → index of its related words' part
	for _, c := range cs {
		if c.relatedTo == "" {
			ps = append(ps, part{clauses: []clause{c}})
			continue
		}
		k := key{c.relatedTo, c.selects}
		if i, ok := group[k]; ok {
			ps[i].clauses = append(ps[i].clauses, c)
			continue
		}
		group[k] = len(ps)
		ps = append(ps, part{clauses: []clause{c}})
	}
	return ps
}

// clauseQueries turns clauses into the queries of their parts, each term
// scored with the whole index's document frequency.
func clauseQueries(cs []clause) []query.Query {
	ps := parts(cs)
	qs := make([]query.Query, len(ps))
	for i, p := range ps {
		qs[i] = p.query()
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
			readers = x.shards.Readers()
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
		if r, err := s.Reader(); err == nil {
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
