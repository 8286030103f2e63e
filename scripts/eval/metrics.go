package main

import "lexflow/backend/evidence"

// The metrics, as the CUAD README defines them, over the top 10 hits of each
// query. A hit overlaps a gold span when it is a chunk of the gold document
// and its code points [Start, End) intersect the span's [start, end).
const (
	depth     = 10 // hits fetched per query
	shallow   = 5  // for span hit@5 and chunk precision@5
	dumpDepth = 200
)

// goldSpan is a gold span with its document resolved to a Lexflow document id.
type goldSpan struct {
	docID      string
	start, end int
}

// outcome is how one query did.
type outcome struct {
	docRecall float64 // share of the gold documents among the documents of the top 10
	rank      int     // 1-based rank of the first top-10 chunk overlapping a gold span; 0: none
	top5Gold  int     // how many of the top 5 chunks overlap a gold span
}

func overlaps(c evidence.Chunk, g goldSpan) bool {
	return c.DocID == g.docID && c.Locator.Start < g.end && g.start < c.Locator.End
}

func overlapsAny(c evidence.Chunk, gold []goldSpan) bool {
	for _, g := range gold {
		if overlaps(c, g) {
			return true
		}
	}
	return false
}

// score judges the ranked hits (best first) of one query.
func score(hits []evidence.Hit, gold []goldSpan) outcome {
	var o outcome
	hits = hits[:min(depth, len(hits))]
	for i, h := range hits {
		if !overlapsAny(h.Chunk, gold) {
			continue
		}
		if o.rank == 0 {
			o.rank = i + 1
		}
		if i < shallow {
			o.top5Gold++
		}
	}
	o.docRecall = docRecall(hits, gold)
	return o
}

func docRecall(hits []evidence.Hit, gold []goldSpan) float64 {
	want := map[string]bool{}
	for _, g := range gold {
		want[g.docID] = false
	}
	found := 0
	for _, h := range hits {
		if seen, ok := want[h.Chunk.DocID]; ok && !seen {
			want[h.Chunk.DocID] = true
			found++
		}
	}
	return float64(found) / float64(len(want))
}

// summary is the mean of each metric over a setting's queries.
type summary struct {
	queries   int
	docRecall float64
	hit5      float64 // share of queries with a gold-overlapping chunk in the top 5
	hit10     float64 // … in the top 10
	mrr       float64 // mean of 1/rank of the first gold-overlapping top-10 chunk (0 without one)
	precision float64 // mean share of the top 5 (always out of 5) that overlap a gold span
}

func summarize(outs []outcome) summary {
	s := summary{queries: len(outs)}
	if len(outs) == 0 {
		return s
	}
	for _, o := range outs {
		s.docRecall += o.docRecall
		s.precision += float64(o.top5Gold) / shallow
		if o.rank > 0 {
			s.mrr += 1 / float64(o.rank)
			s.hit10++
		}
		if o.rank > 0 && o.rank <= shallow {
			s.hit5++
		}
	}
	n := float64(len(outs))
	s.docRecall, s.hit5, s.hit10, s.mrr, s.precision = s.docRecall/n, s.hit5/n, s.hit10/n, s.mrr/n, s.precision/n
	return s
}
