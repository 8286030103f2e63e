package main

import (
	"context"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/library"
	"lexflow/scripts/internal/sampleqa"
)

const topK = 10

// retrieval is one question's search.
type retrieval struct {
	q    sampleqa.Question
	hits []evidence.Hit // top 10, best first
	// Ranks (1-based) of the first gold hit, 0 when none in the top 10.
	rank       int // in-chunk heading match
	strictRank int // heading path match only
	docRank    int // document only
	// nullTop is the best score of a passage that is not gold (searching
	// nullK deep): what the best hit would score if the gold section were
	// missing from the library. 0 for unanswerable questions.
	nullTop float64
}

// nullK is how deep the search for the best non-gold passage goes.
const nullK = 50

func (r retrieval) top() float64 {
	if len(r.hits) == 0 {
		return 0
	}
	return r.hits[0].Score
}

func retrieveAll(ctx context.Context, s *sampleqa.Sample, qs []sampleqa.Question) ([]retrieval, error) {
	out := make([]retrieval, 0, len(qs))
	for _, q := range qs {
		hits, err := library.TitledIndex{DB: s.DB, Index: s.Index}.Search(ctx, index.Query{Text: q.Question, TopK: topK})
		if err != nil {
			return nil, err
		}
		r := retrieval{q: q, hits: hits}
		if q.Answerable() {
			for i, h := range hits {
				if r.rank == 0 && sampleqa.IsGold(h, q.Gold, true) {
					r.rank = i + 1
				}
				if r.strictRank == 0 && sampleqa.IsGold(h, q.Gold, false) {
					r.strictRank = i + 1
				}
				if r.docRank == 0 && sampleqa.DocMatches(h, q.Gold) {
					r.docRank = i + 1
				}
			}
		}
		if q.Answerable() {
			deep, err := s.Index.Search(ctx, index.Query{Text: q.Question, TopK: nullK})
			if err != nil {
				return nil, err
			}
			for _, h := range deep {
				if !sampleqa.IsGold(h, q.Gold, true) {
					r.nullTop = h.Score
					break
				}
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// retrievalSummary averages over answerable questions.
type retrievalSummary struct {
	n                 int
	r5, r10, mrr      float64
	doc5, doc10       float64
	strict5, strict10 float64
	strictMRR         float64
}

func summarizeRetrieval(rs []retrieval, keep func(sampleqa.Question) bool) retrievalSummary {
	var s retrievalSummary
	for _, r := range rs {
		if !r.q.Answerable() || !keep(r.q) {
			continue
		}
		s.n++
		s.r5 += within(r.rank, 5)
		s.r10 += within(r.rank, 10)
		s.mrr += reciprocal(r.rank)
		s.strict5 += within(r.strictRank, 5)
		s.strict10 += within(r.strictRank, 10)
		s.strictMRR += reciprocal(r.strictRank)
		s.doc5 += within(r.docRank, 5)
		s.doc10 += within(r.docRank, 10)
	}
	if s.n > 0 {
		n := float64(s.n)
		s.r5, s.r10, s.mrr, s.strict5, s.strict10, s.strictMRR, s.doc5, s.doc10 =
			s.r5/n, s.r10/n, s.mrr/n, s.strict5/n, s.strict10/n, s.strictMRR/n, s.doc5/n, s.doc10/n
	}
	return s
}

func within(rank, k int) float64 {
	if rank > 0 && rank <= k {
		return 1
	}
	return 0
}

func reciprocal(rank int) float64 {
	if rank == 0 {
		return 0
	}
	return 1 / float64(rank)
}
