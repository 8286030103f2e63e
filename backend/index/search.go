package index

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/highlight/highlighter/html"
	"github.com/blevesearch/bleve/v2/search/query"

	"lexflow/backend/evidence"
)

// Search returns the chunks that best match q, best first, ranked from 1,
// each with its full text, its locator and a snippet whose matches are wrapped
// in <mark>…</mark> and whose other characters are HTML-escaped. Text without
// a searchable word gives no hits and no error. Search honours ctx: a
// cancelled or expired context stops it with ctx.Err() wrapped.
//
// A query that names a document (see heads.go) searches that document only.
// It runs in two passes, each on all shards at once: the first ranks the
// chunks without reading term positions or stored fields; the second loads
// and highlights the top k only.
func (x *Index) Search(ctx context.Context, q Query) ([]evidence.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	count, err := x.docCount()
	if err != nil {
		return nil, err
	}
	dfs, release := x.docFreqs(ctx)
	focused, err := x.focus(ctx, q, dfs)
	if err != nil {
		release()
		return nil, err
	}
	plan := func(q Query) *searchPlan {
		return x.buildQuery(q, planner{dfs: dfs, related: x.related})
	}
	sp := plan(focused)
	var wide *searchPlan // the plain search, in case the named document holds none of the other words
	if focused.Text != q.Text || len(focused.DocIDs) != len(q.DocIDs) {
		wide = plan(q)
	}
	release()
	stats := x.stats.bm25(count)
	ranked, err := x.rankPlan(ctx, sp, focused, stats)
	if err == nil && len(ranked) == 0 && wide != nil {
		sp = wide
		ranked, err = x.rankPlan(ctx, sp, q, stats)
	}
	if err != nil || len(ranked) == 0 {
		return nil, err
	}
	hits, err := x.load(ctx, ranked, sp.textTerms, stats)
	if err != nil || !q.Distinct {
		return hits, err
	}
	return distinct(hits, topK(q.TopK)), nil
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

// rank runs bq on every shard and merges the k best, best first, equal
// scores in chunk ID order.
func (x *Index) rank(ctx context.Context, bq query.Query, k int, stats *search.BM25Stats) (search.DocumentMatchCollection, error) {
	return x.searchShards(ctx, bq, k, nil, stats)
}

// idsByShard groups the IDs of matches by the shard that holds them.
func (x *Index) idsByShard(matches []*search.DocumentMatch) [][]string {
	ids := make([][]string, len(x.shards))
	for _, m := range matches {
		i := x.shardOf(m.ID)
		ids[i] = append(ids[i], m.ID)
	}
	return ids
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

// load fetches the stored chunks of the ranked matches and highlights the
// query's terms in their text, keeping the ranking and scores of the first
// pass. A chunk deleted in between is left out.
func (x *Index) load(ctx context.Context, ranked search.DocumentMatchCollection, textTerms []clause, stats *search.BM25Stats) ([]evidence.Hit, error) {
	ids := x.idsByShard(ranked)
	loaded := make([]search.DocumentMatchCollection, len(x.shards))
	err := x.eachShard(func(i int, s *shard) error {
		if len(ids[i]) == 0 {
			return nil
		}
		req := bleve.NewSearchRequestOptions(query.NewBooleanQuery(
			[]query.Query{query.NewDocIDQuery(ids[i])}, clauseQueries(textTerms), nil), len(ids[i]), 0, false)
		req.Fields = []string{fieldChunk, fieldTextEN, fieldTextAR}
		req.Highlight = bleve.NewHighlightWithStyle(html.Name)
		req.Highlight.Fields = []string{fieldTextEN, fieldTextAR}
		res, err := s.search(ctx, req, stats)
		if err == nil {
			loaded[i] = res.Hits
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return toHits(ranked, slices.Concat(loaded...))
}

// toHits pairs the ranked matches with their loaded documents.
func toHits(ranked, loaded search.DocumentMatchCollection) ([]evidence.Hit, error) {
	byID := make(map[string]*search.DocumentMatch, len(loaded))
	for _, m := range loaded {
		byID[m.ID] = m
	}
	hits := make([]evidence.Hit, 0, len(ranked))
	for _, r := range ranked {
		m, ok := byID[r.ID]
		if !ok {
			continue
		}
		chunk, err := storedChunk(m)
		if err != nil {
			return nil, err
		}
		hits = append(hits, evidence.Hit{Chunk: chunk, Rank: len(hits) + 1, Score: r.Score, Snippet: snippet(m)})
	}
	return hits, nil
}

// storedChunk rebuilds the chunk from its stored fields alone.
func storedChunk(m *search.DocumentMatch) (evidence.Chunk, error) {
	var c evidence.Chunk
	blob, _ := m.Fields[fieldChunk].(string)
	if err := json.Unmarshal([]byte(blob), &c); err != nil {
		return c, fmt.Errorf("decode chunk %s: %w: %w", m.ID, ErrCorrupt, err)
	}
	for _, f := range []string{fieldTextEN, fieldTextAR} {
		if text, ok := m.Fields[f].(string); ok {
			c.Text = text
		}
	}
	return c, nil
}

// snippet is the best highlighted fragment of the chunk's text.
func snippet(m *search.DocumentMatch) string {
	for _, f := range []string{fieldTextEN, fieldTextAR} {
		if frags := m.Fragments[f]; len(frags) > 0 {
			return frags[0]
		}
	}
	return ""
}
