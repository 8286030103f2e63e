package index

import (
	"context"
	"encoding/json"
	"fmt"

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
// It runs in two passes: the first ranks the chunks without reading term
// positions or stored fields; the second loads and highlights the top k only.
func (x *Index) Search(ctx context.Context, q Query) ([]evidence.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	bq, terms, err := x.plan(ctx, q)
	if err != nil || bq == nil {
		return nil, err
	}
	res, err := x.run(ctx, bleve.NewSearchRequestOptions(bq, topK(q.TopK), 0, false))
	if err != nil {
		return nil, err
	}
	matches := aboveMin(res.Hits, q.MinScore)
	if len(matches) == 0 {
		return nil, nil
	}
	return x.load(ctx, matches, terms)
}

// plan builds the query of q with the index's current document frequencies.
func (x *Index) plan(ctx context.Context, q Query) (query.Query, []clause, error) {
	dfs, release, err := x.readerFreqs(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer release()
	count, err := x.bleve.DocCount()
	if err != nil {
		return nil, nil, fmt.Errorf("count documents: %w", err)
	}
	bq, terms := x.buildQuery(q, planner{dfs: dfs, cutoff: x.tuning.cutoff(count)})
	return bq, terms, nil
}

// aboveMin keeps the matches scoring at least minScore.
func aboveMin(matches search.DocumentMatchCollection, minScore float64) search.DocumentMatchCollection {
	for i, m := range matches {
		if m.Score < minScore {
			return matches[:i] // best first
		}
	}
	return matches
}

// load fetches the stored chunks of matches and highlights the query terms
// in their text, keeping the ranking and scores of the first pass. A chunk
// deleted in between is left out.
func (x *Index) load(ctx context.Context, matches search.DocumentMatchCollection, terms []clause) ([]evidence.Hit, error) {
	ids := make([]string, len(matches))
	for i, m := range matches {
		ids[i] = m.ID
	}
	bq := query.NewBooleanQuery([]query.Query{query.NewDocIDQuery(ids)}, clauseQueries(terms), nil)
	req := bleve.NewSearchRequestOptions(bq, len(ids), 0, false)
	req.Fields = []string{fieldChunk, fieldTextEN, fieldTextAR}
	req.Highlight = bleve.NewHighlightWithStyle(html.Name)
	req.Highlight.Fields = []string{fieldTextEN, fieldTextAR}
	res, err := x.run(ctx, req)
	if err != nil {
		return nil, err
	}
	return toHits(matches, res.Hits)
}

// run executes a request with the index's BM25 statistics and turns a panic
// inside Bleve (a damaged segment) into ErrCorrupt.
func (x *Index) run(ctx context.Context, req *bleve.SearchRequest) (res *bleve.SearchResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("search index: %w: %v", ErrCorrupt, r)
		}
	}()
	count, err := x.bleve.DocCount()
	if err != nil {
		return nil, fmt.Errorf("count documents: %w", err)
	}
	req.PreSearchData = map[string]any{search.BM25PreSearchDataKey: x.stats.bm25(count)}
	res, err = x.bleve.SearchInContext(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	return res, nil
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
