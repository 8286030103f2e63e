package index

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2/search"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/analysis"
	"lexflow/backend/index/internal/ranking"
	"lexflow/backend/index/internal/shards"
)

// Search returns the chunks that best match q, best first, ranked from 1,
// each with its full text, its locator and a snippet whose matches are wrapped
// in <mark>…</mark> and whose other characters are HTML-escaped. Text without
// a searchable word gives no hits and no error. Search honours ctx: a
// cancelled or expired context stops it with ctx.Err() wrapped.
//
// A query that names a document (see heads.go) ranks that document's chunks first.
// It runs in two passes, each on all shards at once: the first ranks the
// chunks without reading term positions or stored fields; the second loads
// and highlights the top k only.
func (x *Index) Search(ctx context.Context, q Query) ([]evidence.Hit, error) {
	ranked, textTerms, n, err := x.rankQuery(ctx, q)
	if err != nil || len(ranked) == 0 {
		return nil, err
	}
	hits, err := x.load(ctx, ranked, textTerms)
	if err != nil {
		return nil, err
	}
	for i := range hits {
		if slices.Contains(n.docIDs, hits[i].Chunk.DocID) {
			hits[i].NamedBy = n.clause
		}
	}
	if !q.Distinct {
		return hits, nil
	}
	return distinct(hits, topK(q.TopK)), nil
}

// rankQuery is the first pass of Search: the best chunks for q, best first,
// the query's terms in the text fields, to highlight, and the document the
// query names, if any.
//
// A query that names a document (heads.go) is asked without its naming
// clause twice, of the named document and of all: the named document's
// chunks come first, and the rest still fill the top k.
func (x *Index) rankQuery(ctx context.Context, q Query) (search.DocumentMatchCollection, []ranking.Clause, naming, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, naming{}, fmt.Errorf("search index: %w", err)
	}
	count, err := x.shards.Count()
	if err != nil {
		return nil, nil, naming{}, err
	}
	dfs, release := x.docFreqs(ctx)
	focused, n := q, naming{}
	if x.features.on(featureFocus) {
		focused, n, err = x.focus(ctx, q, dfs)
	}
	if err != nil {
		release()
		return nil, nil, naming{}, err
	}
	p := x.planner(dfs)
	sp := x.buildQuery(q, p)
	var inDoc, unnamed *searchPlan
	named := focused.Text != q.Text || len(focused.DocIDs) != len(q.DocIDs)
	if named {
		inDoc = x.buildQuery(focused, p)
		unnamed = x.buildQuery(Query{Text: focused.Text, CollectionIDs: q.CollectionIDs, DocIDs: q.DocIDs, Language: q.Language,
			ExcludeDocIDs: q.ExcludeDocIDs}, p)
	}
	release()
	stats := x.stats.bm25(count)
	if named && inDoc != nil && unnamed != nil {
		ranked, err := x.rankFocused(ctx, inDoc, unnamed, q, stats)
		if err != nil || len(ranked) > 0 {
			return ranked, unnamed.textTerms, n, err
		}
	}
	ranked, err := x.rankPlan(ctx, sp, q, stats)
	if err != nil || len(ranked) == 0 {
		return nil, nil, naming{}, err
	}
	return ranked, sp.textTerms, naming{}, nil
}

// planner plans queries with the ranking features switched on.
func (x *Index) planner(dfs docFreqs) planner {
	p := planner{dfs: dfs, headings: x.features.on(featureHeadings)}
	if x.features.on(featureRelated) {
		p.related = x.related
	}
	return p
}

// rankFocused ranks the named document's chunks first, then the chunks of
// all the others q may find, best first within each; both plans ask the
// same words. The named document's scores are raised just enough to stay
// ahead, so scores still fall with rank.
func (x *Index) rankFocused(ctx context.Context, inDoc, all *searchPlan, q Query, stats *search.BM25Stats) (search.DocumentMatchCollection, error) {
	named, err := x.rankPlan(ctx, inDoc, q, stats)
	if err != nil || len(named) == 0 {
		return nil, err
	}
	rest, err := x.rankPlan(ctx, all, q, stats)
	if err != nil {
		return nil, err
	}
	inNamed := make(map[string]bool, len(named))
	for _, m := range named {
		inNamed[m.ID] = true
	}
	rest = slices.DeleteFunc(rest, func(m *search.DocumentMatch) bool { return inNamed[m.ID] })
	if len(rest) > 0 {
		if lowest := named[len(named)-1].Score; lowest > 0 && lowest <= rest[0].Score {
			raise := rest[0].Score / lowest * (1 + 1e-9)
			for _, m := range named {
				m.Score *= raise
			}
		}
	}
	return shards.BestK(slices.Concat(named, rest), rankDepth(q)), nil
}

// rankDepth is how many chunks a ranking of q keeps: its top k, twice as
// many for a distinct search, whose duplicates are dropped after loading.
func rankDepth(q Query) int {
	if q.Distinct {
		return min(2*topK(q.TopK), MaxTopK)
	}
	return topK(q.TopK)
}

// rankPlan ranks the chunks of a plan (none when sp is nil) and drops those
// below q's minimum score.
func (x *Index) rankPlan(ctx context.Context, sp *searchPlan, q Query, stats *search.BM25Stats) (search.DocumentMatchCollection, error) {
	if sp == nil {
		return nil, nil
	}
	ranked, err := x.rankPruned(ctx, &sp.Plan, rankDepth(q), stats)
	if err != nil {
		return nil, err
	}
	return aboveMin(ranked, q.MinScore), nil
}

// rankPruned returns the k best chunks of p, best first, equal scores in
// chunk ID order: pruned (see ranking.TopK), or, tuned exhaustive, by Bleve
// scoring every candidate, which gives the same hits.
func (x *Index) rankPruned(ctx context.Context, p *ranking.Plan, k int, stats *search.BM25Stats) (search.DocumentMatchCollection, error) {
	if x.tuning.exhaustive {
		return x.shards.Search(ctx, p.Query(p.Selecting()), k, nil, stats)
	}
	return ranking.TopK(ctx, x.shards, p, k, stats)
}

// aboveMin keeps the matches scoring at least minScore.
func aboveMin(ranked search.DocumentMatchCollection, minScore float64) search.DocumentMatchCollection {
	for i, m := range ranked {
		if m.Score < minScore {
			return ranked[:i] // best first
		}
	}
	return ranked
}

// load reads the stored chunks of the ranked matches and highlights the
// query's terms in their text, keeping the ranking and scores of the first
// pass. A chunk deleted in between is left out.
func (x *Index) load(ctx context.Context, ranked search.DocumentMatchCollection, textTerms []ranking.Clause) ([]evidence.Hit, error) {
	sn, err := x.snippets.For(termsByField(textTerms))
	if err != nil {
		return nil, err
	}
	ids := x.shards.IDsByShard(ranked)
	loaded := make([]map[string]evidence.Hit, len(x.shards))
	err = x.shards.Each(func(i int, s *shards.Shard) error {
		if len(ids[i]) == 0 {
			return nil
		}
		hits := make(map[string]evidence.Hit, len(ids[i]))
		loaded[i] = hits
		return s.Documents(ctx, ids[i], func(id string, doc bleveindex.Document) error {
			stored := storedFields(id, doc)
			chunk, err := storedChunk(stored)
			if err != nil {
				return err
			}
			hits[id] = evidence.Hit{Chunk: chunk, Snippet: sn.Snippet(doc, stored.Fields)}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	byID := map[string]evidence.Hit{}
	for _, hits := range loaded {
		maps.Copy(byID, hits)
	}
	return inRankOrder(ranked, byID), nil
}

// termsByField lists the terms of clauses by field.
func termsByField(clauses []ranking.Clause) map[string][]string {
	terms := map[string][]string{}
	for _, c := range clauses {
		terms[c.Field] = append(terms[c.Field], c.Term)
	}
	return terms
}

// storedFields is a match holding the stored fields a hit is made of, as a
// Bleve search asked for them would return it.
func storedFields(id string, doc bleveindex.Document) *search.DocumentMatch {
	m := &search.DocumentMatch{ID: id}
	doc.VisitFields(func(f bleveindex.Field) {
		switch f.Name() {
		case analysis.FieldChunk, analysis.FieldTextEN, analysis.FieldTextAR, analysis.FieldTextZH:
			if text, ok := f.(bleveindex.TextField); ok {
				m.AddFieldValue(f.Name(), text.Text())
			}
		}
	})
	return m
}

// inRankOrder lists the loaded chunks in the order of the ranking, with its
// scores, ranked from 1.
func inRankOrder(ranked search.DocumentMatchCollection, loaded map[string]evidence.Hit) []evidence.Hit {
	hits := make([]evidence.Hit, 0, len(ranked))
	for _, r := range ranked {
		h, ok := loaded[r.ID]
		if !ok {
			continue
		}
		h.Rank, h.Score = len(hits)+1, r.Score
		hits = append(hits, h)
	}
	return hits
}

// storedChunk rebuilds the chunk from its stored fields alone.
func storedChunk(m *search.DocumentMatch) (evidence.Chunk, error) {
	var c evidence.Chunk
	blob, _ := m.Fields[analysis.FieldChunk].(string)
	if err := json.Unmarshal([]byte(blob), &c); err != nil {
		return c, fmt.Errorf("decode chunk %s: %w: %w", m.ID, ErrCorrupt, err)
	}
	for _, f := range analysis.FieldsOf(func(l analysis.Language) string { return l.Text }) {
		if text, ok := m.Fields[f].(string); ok {
			c.Text = text
		}
	}
	return c, nil
}

// distinct keeps the best-ranked hit of each passage text (whitespace and
// case aside), renumbered, at most k.
func distinct(hits []evidence.Hit, k int) []evidence.Hit {
	seen := make(map[string]bool, len(hits))
	out := hits[:0]
	for _, h := range hits {
		key := strings.ToLower(strings.Join(strings.Fields(h.Chunk.Text), " "))
		if seen[key] || len(out) == k {
			continue
		}
		seen[key] = true
		h.Rank = len(out) + 1
		out = append(out, h)
	}
	return out
}
