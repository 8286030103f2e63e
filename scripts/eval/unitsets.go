package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"time"

	"lexflow/backend/index"
)

// A unit set is a benchmark whose gold answers are natural units listed in
// its passages.jsonl: ACORD's contract clauses (one file each), STARD's
// statute articles (many per file). Lexflow is asked through the real
// pipeline and its ranked chunks become a ranking of units (each chunk
// stands for the units it overlaps, in text order, first rank kept);
// the plain BM25 baseline ranks the units themselves. Both are scored alike.
type unitSet struct {
	name    string // as the table prints it
	dir     string // under ../shared/eval
	queries string // query file in dir
	cache   cacheKind
	graded  bool // gold carries grades: NDCG@10 is the headline
}

var unitSets = []unitSet{
	{name: "ACORD", dir: "acord", queries: "queries.jsonl", cache: acordCache, graded: true},
	{name: "STARD", dir: "stard", queries: "queries.jsonl", cache: stardCache},
}

// unitDepth is how many chunks Lexflow returns per query to rank units:
// enough for ten distinct units when several chunks share one.
const unitDepth = 50

// unitOutcome is how one query did over the top 10 units.
type unitOutcome struct {
	recall float64 // share of the gold units in the top 10
	hit    bool    // any gold unit in the top 10
	rr     float64 // 1/rank of the first gold unit in the top 10
	ndcg   float64 // NDCG@10 with the grades as gains (ungraded gold: gain 1)
}

// unitSummary averages a run's outcomes.
type unitSummary struct {
	queries                int
	recall, hit, mrr, ndcg float64
}

func summarizeUnits(outs []unitOutcome) unitSummary {
	s := unitSummary{queries: len(outs)}
	for _, o := range outs {
		s.recall += o.recall
		s.mrr += o.rr
		s.ndcg += o.ndcg
		if o.hit {
			s.hit++
		}
	}
	if n := float64(len(outs)); n > 0 {
		s.recall, s.hit, s.mrr, s.ndcg = s.recall/n, s.hit/n, s.mrr/n, s.ndcg/n
	}
	return s
}

// unitRun is one unit set measured: Lexflow and the baseline.
type unitRun struct {
	set               unitSet
	lexflow, baseline unitSummary
	latencies         []time.Duration
	chunks            int
}

// unitBench is a unit set loaded and ingested.
type unitBench struct {
	set     unitSet
	env     *env
	corpus  *corpus
	units   []textUnit
	byDoc   map[string][]textUnit // corpus file → its units in text order
	names   map[string]string     // Lexflow document id → corpus file
	queries []query
	bm25    *bm25
}

func openUnitSet(ctx context.Context, cfg config, s unitSet) (*unitBench, error) {
	dir := filepath.Join(cfg.evalRoot, s.dir)
	c, err := readCorpus(dir)
	if err != nil {
		return nil, err
	}
	units, err := readUnits(filepath.Join(dir, "passages.jsonl"))
	if err != nil {
		return nil, err
	}
	qs, err := readQueries(filepath.Join(dir, s.queries))
	if err != nil {
		return nil, err
	}
	e, err := openCorpus(ctx, cfg, c, s.cache)
	if err != nil {
		return nil, err
	}
	b := &unitBench{set: s, env: e, corpus: c, units: units, byDoc: map[string][]textUnit{}, names: map[string]string{}, queries: qs}
	for _, u := range units {
		b.byDoc[u.doc] = append(b.byDoc[u.doc], u)
	}
	for name, id := range e.m.DocIDs {
		b.names[id] = name
	}
	b.bm25 = newBM25(units, c.texts)
	return b, nil
}

func readUnits(path string) ([]textUnit, error) {
	var units []textUnit
	err := eachLine(path, func(line []byte) error {
		var u struct {
			Article, Doc string
			Start, End   int
		}
		if err := json.Unmarshal(line, &u); err != nil {
			return err
		}
		units = append(units, textUnit{doc: u.Doc, start: u.Start, end: u.End, article: u.Article})
		return nil
	})
	slices.SortStableFunc(units, func(a, b textUnit) int {
		return cmp.Or(cmp.Compare(a.doc, b.doc), cmp.Compare(a.start, b.start))
	})
	return units, err
}

// measure asks every query of the set of Lexflow and of the baseline, and
// with dump > 0 prints that many queries the baseline finds and Lexflow misses.
func (b *unitBench) measure(ctx context.Context, dump int) (unitRun, error) {
	r := unitRun{set: b.set, chunks: b.env.m.Chunks}
	var lex, base []unitOutcome
	start := time.Now()
	for _, q := range b.queries {
		t0 := time.Now()
		ranked, err := b.lexflowUnits(ctx, q.Query)
		if err != nil {
			return r, fmt.Errorf("%s: search %s: %w", b.set.name, q.ID, err)
		}
		r.latencies = append(r.latencies, time.Since(t0))
		baseRanked := b.bm25.search(q.Query, nil)
		lex = append(lex, scoreUnits(ranked, q.Gold))
		base = append(base, scoreUnits(baseRanked, q.Gold))
		if l, bl := lex[len(lex)-1], base[len(base)-1]; dump > 0 && !l.hit && bl.hit {
			dump--
			printMiss(q, ranked, baseRanked)
		}
	}
	r.lexflow, r.baseline = summarizeUnits(lex), summarizeUnits(base)
	logf("%s: %d queries in %.1f s", b.set.name, len(b.queries), time.Since(start).Seconds())
	return r, nil
}

// lexflowUnits is Lexflow's ranking of units for a query: the units each
// ranked chunk overlaps, first rank kept.
func (b *unitBench) lexflowUnits(ctx context.Context, q string) ([]textUnit, error) {
	hits, err := b.env.search(ctx, index.Query{Text: q, CollectionIDs: []string{b.env.m.CollectionID}, TopK: unitDepth})
	if err != nil {
		return nil, err
	}
	var ranked []textUnit
	seen := map[textUnit]bool{}
	for _, h := range hits {
		for _, u := range b.byDoc[b.names[h.Chunk.DocID]] {
			if u.start < h.Chunk.Locator.End && h.Chunk.Locator.Start < u.end && !seen[u] {
				seen[u] = true
				ranked = append(ranked, u)
			}
		}
	}
	return ranked, nil
}

// scoreUnits judges a ranking of units against a query's gold units.
func scoreUnits(ranked []textUnit, gold []span) unitOutcome {
	grade := map[string]float64{}
	for _, g := range gold {
		grade[g.Article] = float64(max(g.Grade, 1))
	}
	var o unitOutcome
	dcg, found := 0.0, 0
	for i, u := range ranked[:min(depth, len(ranked))] {
		g, ok := grade[u.article]
		if !ok {
			continue
		}
		found++
		dcg += g / math.Log2(float64(i)+2)
		if !o.hit {
			o.hit, o.rr = true, 1/float64(i+1)
		}
	}
	gains := make([]float64, 0, len(grade))
	for _, g := range grade {
		gains = append(gains, g)
	}
	slices.SortFunc(gains, func(a, b float64) int { return cmp.Compare(b, a) })
	ideal := 0.0
	for i, g := range gains[:min(depth, len(gains))] {
		ideal += g / math.Log2(float64(i)+2)
	}
	o.recall = float64(found) / float64(len(grade))
	if ideal > 0 {
		o.ndcg = dcg / ideal
	}
	return o
}

// printMiss shows a query Lexflow misses and the baseline finds: the gold
// units and the top 3 of each.
func printMiss(q query, lexflow, baseline []textUnit) {
	fmt.Printf("\n### %s: %s\ngold:", q.ID, q.Query)
	for _, g := range q.Gold {
		fmt.Printf(" %s", g.Article)
	}
	fmt.Println()
	for _, side := range []struct {
		name  string
		units []textUnit
	}{{"Lexflow", lexflow}, {"BM25", baseline}} {
		fmt.Printf("  %s:", side.name)
		for _, u := range side.units[:min(3, len(side.units))] {
			fmt.Printf(" %s", u.article)
		}
		fmt.Println()
	}
}
