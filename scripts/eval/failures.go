package main

import (
	"context"
	"fmt"
	"io"

	"lexflow/backend/evidence"
)

// failureClasses counts, over every failing query of a run, where its top hit
// went and how deep its first gold-overlapping chunk lies.
type failureClasses struct {
	failing                 int
	topOpening, topGoldDoc  int // top hit: the gold document's first chunk; another of its chunks
	topOtherDoc             int // top hit in another document
	rank11to50, rank51to200 int // first gold-overlapping chunk among the top 200
	beyond200               int
	// unmatched counts, for inside-contract runs, the queries beyond the top
	// 200 whose contract has at most 200 chunks: every chunk holding a query
	// word is returned there, so the gold chunks hold none.
	unmatched int
}

func (e *env) classify(ctx context.Context, r settingRun) (failureClasses, error) {
	var fc failureClasses
	for i, q := range r.queries {
		if r.outcomes[i].rank > 0 {
			continue
		}
		fc.failing++
		gold, err := e.resolve(q.Gold)
		if err != nil {
			return fc, err
		}
		fc.addTop(r.hits[i], gold)
		deep, err := e.idx.Search(ctx, e.indexQuery(q, gold, r.inside, dumpDepth))
		if err != nil {
			return fc, err
		}
		if fc.addDepth(deep, gold) && r.inside {
			if err := fc.addUnmatched(ctx, e, gold[0].docID); err != nil {
				return fc, err
			}
		}
	}
	return fc, nil
}

func (fc *failureClasses) addUnmatched(ctx context.Context, e *env, docID string) error {
	d, err := e.db.GetDocument(ctx, docID)
	if err == nil && d.Chunks <= dumpDepth {
		fc.unmatched++
	}
	return err
}

func (fc *failureClasses) addTop(hits []evidence.Hit, gold []goldSpan) {
	switch {
	case len(hits) == 0 || !overlapsDoc(hits[0], gold):
		fc.topOtherDoc++
	case hits[0].Chunk.Ordinal == 0:
		fc.topOpening++
	default:
		fc.topGoldDoc++
	}
}

// addDepth files the query by the rank of its first gold-overlapping chunk
// among the top 200 and reports whether there is none.
func (fc *failureClasses) addDepth(deep []evidence.Hit, gold []goldSpan) bool {
	for j, h := range deep {
		if overlapsAny(h.Chunk, gold) {
			if j < 50 {
				fc.rank11to50++
			} else {
				fc.rank51to200++
			}
			return false
		}
	}
	fc.beyond200++
	return true
}

func printFailureClasses(w io.Writer, r settingRun, fc failureClasses) {
	fmt.Fprintf(w, "\n%d of %d queries fail (no gold-overlapping chunk in the top 10).\n", fc.failing, len(r.queries))
	fmt.Fprintf(w, "- top hit: the gold contract's first chunk (title, parties) %d; another chunk of the gold contract %d; another contract %d\n",
		fc.topOpening, fc.topGoldDoc, fc.topOtherDoc)
	fmt.Fprintf(w, "- first gold-overlapping chunk at rank 11–50: %d; 51–200: %d; not in the top 200: %d", fc.rank11to50, fc.rank51to200, fc.beyond200)
	if r.inside {
		fmt.Fprintf(w, ", of which %d in contracts of at most %d chunks, where the gold chunks hold no query word", fc.unmatched, dumpDepth)
	}
	fmt.Fprintln(w)
}
