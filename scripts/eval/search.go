package main

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
)

// setting is one of the README's two ways of asking a query set.
type setting struct {
	scope   string // "whole corpus" or "inside the gold contract"
	set     string // "sample" or "full"
	queries []query
	inside  bool // filter to the gold document
}

const (
	scopeWhole  = "whole corpus, full query"
	scopeInside = "inside the gold contract, question only"
)

func settings(sets []querySet) []setting {
	var out []setting
	for _, s := range sets {
		out = append(out,
			setting{scope: scopeWhole, set: s.name, queries: s.full},
			setting{scope: scopeInside, set: s.name, queries: s.question, inside: true})
	}
	return out
}

// settingRun is a setting's results, query by query.
type settingRun struct {
	setting
	hits      [][]evidence.Hit
	outcomes  []outcome
	latencies []time.Duration
}

func (r settingRun) summary() summary { return summarize(r.outcomes) }

// runSettings runs each setting in turn.
func (e *env) runSettings(ctx context.Context, ss []setting) ([]settingRun, error) {
	var runs []settingRun
	for _, s := range ss {
		r, err := e.runSetting(ctx, s)
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// runSetting asks every query, one at a time, and times each search.
func (e *env) runSetting(ctx context.Context, s setting) (settingRun, error) {
	r := settingRun{setting: s}
	start := time.Now()
	for _, q := range s.queries {
		gold, err := e.resolve(q.Gold)
		if err != nil {
			return r, err
		}
		t0 := time.Now()
		hits, err := e.search(ctx, e.indexQuery(q, gold, s.inside, depth))
		if err != nil {
			return r, fmt.Errorf("search %s: %w", q.ID, err)
		}
		r.latencies = append(r.latencies, time.Since(t0))
		r.hits = append(r.hits, hits)
		r.outcomes = append(r.outcomes, score(hits, gold))
	}
	logf("%s / %s: %d queries in %.1f s", s.scope, s.set, len(s.queries), time.Since(start).Seconds())
	return r, nil
}

func (e *env) indexQuery(q query, gold []goldSpan, inside bool, k int) index.Query {
	iq := index.Query{Text: q.Query, CollectionIDs: []string{e.m.CollectionID}, TopK: k}
	if inside {
		for _, g := range gold {
			if !slices.Contains(iq.DocIDs, g.docID) {
				iq.DocIDs = append(iq.DocIDs, g.docID)
			}
		}
	}
	return iq
}

func (e *env) resolve(spans []span) ([]goldSpan, error) {
	gold := make([]goldSpan, len(spans))
	for i, s := range spans {
		id, err := e.docID(s.Doc)
		if err != nil {
			return nil, err
		}
		gold[i] = goldSpan{docID: id, start: s.Start, end: s.End}
	}
	return gold, nil
}

// percentile is the nearest-rank p-th percentile (0 < p ≤ 100).
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(math.Ceil(float64(len(s))*p/100)) - 1
	return s[max(0, min(i, len(s)-1))]
}
