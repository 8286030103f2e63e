package main

import (
	"context"
	"fmt"
	"io"

	"lexflow/backend/evidence"
)

// twoStage is a diagnostic, not the product: how far a search that uses the
// contract a query names could go. Stage 1 takes the document of the
// whole-corpus run's top hit; stage 2 asks the question alone inside it.
type twoStage struct {
	set     string
	docHit1 float64 // share of queries whose top whole-corpus hit is in the gold document
	run     settingRun
}

func (e *env) twoStages(ctx context.Context, runs []settingRun) ([]twoStage, error) {
	var out []twoStage
	for _, whole := range runs {
		if whole.inside {
			continue
		}
		inside := findRun(runs, whole.set, true)
		ts, err := e.twoStage(ctx, whole, inside)
		if err != nil {
			return nil, err
		}
		out = append(out, ts)
	}
	return out, nil
}

func (e *env) twoStage(ctx context.Context, whole, inside settingRun) (twoStage, error) {
	ts := twoStage{set: whole.set, run: settingRun{setting: inside.setting}}
	for i, q := range inside.queries {
		gold, err := e.resolve(q.Gold)
		if err != nil {
			return ts, err
		}
		var hits []evidence.Hit
		if top := whole.hits[i]; len(top) > 0 {
			if overlapsDoc(top[0], gold) {
				ts.docHit1++
			}
			hits, err = e.idx.Search(ctx, e.indexQuery(q, []goldSpan{{docID: top[0].Chunk.DocID}}, true, depth))
			if err != nil {
				return ts, fmt.Errorf("search %s: %w", q.ID, err)
			}
		}
		ts.run.hits = append(ts.run.hits, hits)
		ts.run.outcomes = append(ts.run.outcomes, score(hits, gold))
	}
	ts.docHit1 /= float64(len(inside.queries))
	return ts, nil
}

func findRun(runs []settingRun, set string, inside bool) settingRun {
	for _, r := range runs {
		if r.set == set && r.inside == inside {
			return r
		}
	}
	panic("no run for set " + set)
}

func overlapsDoc(h evidence.Hit, gold []goldSpan) bool {
	for _, g := range gold {
		if h.Chunk.DocID == g.docID {
			return true
		}
	}
	return false
}

func printTwoStage(w io.Writer, stages []twoStage) {
	fmt.Fprintln(w, "Diagnostic, not the product: stage 1 takes the document of the top whole-corpus hit, stage 2 asks the question alone inside it.")
	fmt.Fprintln(w)
	t := table{{"run", "queries", "top hit in the gold document", "span hit@5", "span hit@10", "span MRR", "chunk precision@5"}}
	for _, s := range stages {
		sum := s.run.summary()
		t = append(t, []string{"two-stage, " + s.set, fmt.Sprint(sum.queries), f3(s.docHit1), f3(sum.hit5), f3(sum.hit10), f3(sum.mrr), f3(sum.precision)})
	}
	t.print(w)
}
