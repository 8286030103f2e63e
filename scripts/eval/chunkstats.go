package main

import (
	"context"
	"slices"

	"lexflow/backend/evidence"
)

// chunking describes the chunks the pipeline made of the corpus, and how the
// gold spans of a query set fall on them.
type chunking struct {
	chunks          int
	lengths         []int // code points per chunk, sorted
	withHeading     int   // chunks with a heading path
	docsNoHeading   int   // documents none of whose chunks has a heading path
	goldSpans       int
	goldInOneChunk  int   // gold spans lying wholly inside one chunk
	goldLengths     []int // code points per gold span, sorted
	chunksPerDocP50 int
}

func (e *env) chunkStats(ctx context.Context, set querySet) (chunking, error) {
	var st chunking
	byDoc := map[string][]evidence.Chunk{}
	var perDoc []int
	for _, id := range e.uniqueDocIDs() {
		cs, err := e.db.DocumentChunks(ctx, id)
		if err != nil {
			return st, err
		}
		byDoc[id] = cs
		perDoc = append(perDoc, len(cs))
		st.add(cs)
	}
	slices.Sort(st.lengths)
	slices.Sort(perDoc)
	st.chunksPerDocP50 = perDoc[len(perDoc)/2]
	return st, st.addGold(e, byDoc, set.full)
}

func (st *chunking) add(cs []evidence.Chunk) {
	headed := 0
	for _, c := range cs {
		st.chunks++
		st.lengths = append(st.lengths, c.Locator.End-c.Locator.Start)
		if len(c.Locator.HeadingPath) > 0 {
			headed++
		}
	}
	st.withHeading += headed
	if headed == 0 {
		st.docsNoHeading++
	}
}

func (st *chunking) addGold(e *env, byDoc map[string][]evidence.Chunk, qs []query) error {
	for _, q := range qs {
		gold, err := e.resolve(q.Gold)
		if err != nil {
			return err
		}
		for _, g := range gold {
			st.goldSpans++
			st.goldLengths = append(st.goldLengths, g.end-g.start)
			if slices.ContainsFunc(byDoc[g.docID], func(c evidence.Chunk) bool {
				return c.Locator.Start <= g.start && g.end <= c.Locator.End
			}) {
				st.goldInOneChunk++
			}
		}
	}
	slices.Sort(st.goldLengths)
	return nil
}

func (e *env) uniqueDocIDs() []string {
	var ids []string
	for _, id := range e.m.DocIDs {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// pct is the p-th percentile of sorted values (nearest rank).
func pct(sorted []int, p int) int {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[max(0, min(i-1, len(sorted)-1))]
}

func mean(v []int) float64 {
	if len(v) == 0 {
		return 0
	}
	sum := 0
	for _, x := range v {
		sum += x
	}
	return float64(sum) / float64(len(v))
}
