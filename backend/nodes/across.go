package nodes

import (
	"context"
	"fmt"

	"lexflow/backend/crossdoc"
	"lexflow/backend/evidence"
	"lexflow/backend/index"
)

// acrossConfig (Lexflow) makes knowledge-retrieval check every document in
// scope when the question asks which documents have a property ("Which
// contracts are governed by New York law?", package crossdoc): each
// document is searched on its own for its best passages, so none is missed
// because others fill the top k. "documents_checked" says how many were;
// the cited answer lists the documents that answer (generation/across.go).
type acrossConfig struct {
	Enabled bool `json:"enabled"`
}

// acrossMaxDocuments bounds the documents checked one by one: about a
// second of searching.
const acrossMaxDocuments = 1000

// DocumentLister lists the ids of the searchable documents of collections
// (every collection when none is given).
type DocumentLister func(ctx context.Context, collectionIDs []string) ([]string, error)

// acrossDocuments returns the best passages of each document for the
// property, documents in the order of their best passage, ranked from 1,
// and how many documents were checked. ok is false when the question does
// not ask across documents or nothing lists them.
func (r *retrieval) acrossDocuments(ctx context.Context, q index.Query) (hits []evidence.Hit, checked int, ok bool, err error) {
	if r.data.Across == nil || !r.data.Across.Enabled || r.deps.Documents == nil {
		return nil, 0, false, nil
	}
	property, asks := crossdoc.Asks(q.Text)
	if !asks {
		return nil, 0, false, nil
	}
	ids := q.DocIDs
	if len(ids) == 0 {
		if ids, err = r.deps.Documents(ctx, q.CollectionIDs); err != nil {
			return nil, 0, false, fmt.Errorf("list documents: %w", err)
		}
	}
	ids = ids[:min(len(ids), acrossMaxDocuments)]
	hits, err = crossdoc.SearchEach(ctx, r.deps.Search, index.Query{Text: property, MinScore: q.MinScore}, ids)
	if err != nil {
		return nil, 0, false, fmt.Errorf("search %q: %w", property, err)
	}
	return hits, len(ids), true, nil
}
