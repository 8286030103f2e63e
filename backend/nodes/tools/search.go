package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
)

// searchCollection: search_collection(query, collection?, top_k?) → hits
// with their locators.
type searchCollection struct{ d Deps }

func (searchCollection) Name() string { return "search_collection" }

func (searchCollection) Description() string {
	return "Search the user's legal documents. Returns the best passages with their document, heading path, pages and chunk id."
}

func (searchCollection) Parameters() json.RawMessage {
	return ObjectSchema(
		Param{Name: "query", Type: "string", Description: "what to look for, in plain words", Required: true},
		Param{Name: "collection", Type: "string", Description: "collection id to search (all collections when empty)"},
		Param{Name: "top_k", Type: "integer", Description: "how many passages to return (default 5, at most 50)"},
	)
}

const maxToolTopK = 50

func (t searchCollection) Call(ctx context.Context, raw json.RawMessage) (Result, error) {
	a, err := parseArgs(raw)
	if err != nil {
		return Result{}, err
	}
	q := index.Query{Text: a.str("query"), TopK: min(max(int(a.num("top_k", 5)), 1), maxToolTopK)}
	if q.Text == "" {
		return Result{}, fmt.Errorf("query is empty: %w", ErrBadArgument)
	}
	if c := a.str("collection"); c != "" {
		q.CollectionIDs = []string{c}
	}
	hits, err := t.d.search(ctx, q)
	if err != nil {
		return Result{}, fmt.Errorf("search %q: %w", q.Text, err)
	}
	return hitsResult(hits), nil
}

func hitsResult(hits []evidence.Hit) Result {
	chunks := make([]evidence.Chunk, len(hits))
	for i, h := range hits {
		chunks[i] = h.Chunk
	}
	text := chunkText(chunks)
	if len(hits) == 0 {
		text = "No passage matched."
	}
	return Result{Text: strings.TrimSpace(text), JSON: Hits(hits)}
}
