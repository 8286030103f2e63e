package library

import (
	"context"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/store"
)

// Searcher searches the evidence index (index.Index fits).
type Searcher interface {
	Search(ctx context.Context, q index.Query) ([]evidence.Hit, error)
}

// TitledIndex is the evidence index as readers meet it: every hit's
// locator names its document by the title it has now. The index stores
// locators per chunk but no titles, so renaming a document never means
// re-indexing it; instead each search reads the titles of the documents it
// found from SQLite, in one query.
type TitledIndex struct {
	DB    *store.DB
	Index Searcher
}

// Search is the index's search with titles filled in.
func (t TitledIndex) Search(ctx context.Context, q index.Query) ([]evidence.Hit, error) {
	hits, err := t.Index.Search(ctx, q)
	if err != nil || len(hits) == 0 {
		return hits, err
	}
	ids := make([]string, 0, len(hits))
	for _, h := range hits {
		ids = append(ids, h.Chunk.DocID)
	}
	titles, err := t.DB.DocumentTitles(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range hits {
		hits[i].Chunk.Locator.DocTitle = titles[hits[i].Chunk.DocID]
	}
	return hits, nil
}
