package ranking

import (
	"context"
	"math"

	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/scorer"
	bleveindex "github.com/blevesearch/bleve_index_api"
)

// A cursor walks the postings of one clause in a shard snapshot, in the
// snapshot's document order, and scores the document it stands on exactly
// as Bleve's term scorer would inside the plan's query (BM25 over √tf, times
// the query weight boost·idf·queryNorm).
//
// A cursor opened without frequencies only tells which documents hold the
// term, and scores 0. It is far cheaper to move: zap skips whole blocks of
// postings it does not decode, and decodes every posting on the way when it
// reads frequencies.
type cursor struct {
	clause Clause
	tfr    bleveindex.TermFieldReader
	doc    uint64 // the document the cursor stands on, unless done
	done   bool
	freqs  bool // frequencies and norms are read, to score
	posted bleveindex.TermFieldDoc
	idf    float64
	weight float64     // Bleve's query weight: boost·idf·queryNorm
	avgLen float64     // the field's average length; 0 scores TF-IDF
	bound  float64     // the most score() can return
	part   *partCursor // the part the clause belongs to
}

// openCursor opens c's postings on r, with their frequencies and norms or
// not, and stands on the first document.
func openCursor(ctx context.Context, r bleveindex.IndexReader, c Clause, b bounds, freqs bool) (*cursor, error) {
	tfr, err := r.TermFieldReader(ctx, []byte(c.Term), c.Field, freqs, freqs, false)
	if err != nil {
		return nil, err
	}
	cur := &cursor{clause: c, tfr: tfr, freqs: freqs, idf: b.idf(c), avgLen: b.avgLength(c.Field), bound: b.term(c)}
	cur.weight = c.Boost * cur.idf * b.queryNorm
	return cur, cur.read(tfr.Next(&cur.posted))
}

func (c *cursor) read(d *bleveindex.TermFieldDoc, err error) error {
	switch {
	case err != nil:
		return err
	case d == nil:
		c.done = true
	default:
		c.doc = d.ID.Value()
	}
	return nil
}

// next moves past the current document.
func (c *cursor) next() error {
	if c.done {
		return nil
	}
	return c.read(c.tfr.Next(&c.posted))
}

// seek moves to the first document at or after target (id is target
// encoded). It never moves back: Bleve reopens a reader asked to.
func (c *cursor) seek(target uint64, id bleveindex.IndexInternalID) error {
	if c.done || c.doc >= target {
		return nil
	}
	return c.read(c.tfr.Advance(id, &c.posted))
}

// on tells whether the cursor stands on document d.
func (c *cursor) on(d uint64) bool { return !c.done && c.doc == d }

// score is the clause's score in the current document; 0 without
// frequencies.
func (c *cursor) score() float64 {
	if !c.freqs {
		return 0
	}
	var tf float64
	if f := c.posted.Freq; f < scorer.MaxSqrtCache {
		tf = scorer.SqrtCache[int(f)]
	} else {
		tf = math.Sqrt(float64(f))
	}
	norm := c.posted.Norm
	var s float64
	if c.avgLen > 0 {
		fieldLength := 1 / (norm * norm)
		s = c.idf * (tf * search.BM25_k1) /
			(tf + search.BM25_k1*(1-search.BM25_b+(search.BM25_b*fieldLength/c.avgLen)))
	} else {
		s = tf * norm * c.idf
	}
	if c.weight != 1 {
		s *= c.weight
	}
	return s
}

func (c *cursor) close() { _ = c.tfr.Close() }

// firstDoc is the first document any of cs stands on.
func firstDoc(cs []*cursor) (d uint64, ok bool) {
	for _, c := range cs {
		if !c.done && (!ok || c.doc < d) {
			d, ok = c.doc, true
		}
	}
	return d, ok
}

// nextPast moves the cursors of cs that stand on d past it.
func nextPast(cs []*cursor, d uint64) error {
	for _, c := range cs {
		if c.on(d) {
			if err := c.next(); err != nil {
				return err
			}
		}
	}
	return nil
}

// A partCursor is the cursors of one part of the scoring disjunction: one
// clause, or the related words standing in for a query word, scored as
// Bleve scores a disjunction (the sum times the share of clauses held).
type partCursor struct {
	clauses []*cursor
	size    int  // the part's clauses, with or without a cursor
	related bool // a disjunction of its own, with its coordination factor
	index   int  // the part's place in the plan
}

// doc is the first document any clause stands on; ok is false when every
// clause is done.
func (p *partCursor) doc() (d uint64, ok bool) { return firstDoc(p.clauses) }

func (p *partCursor) seek(target uint64, id bleveindex.IndexInternalID) error {
	for _, c := range p.clauses {
		if err := c.seek(target, id); err != nil {
			return err
		}
	}
	return nil
}

func (p *partCursor) close() {
	for _, c := range p.clauses {
		c.close()
	}
}
