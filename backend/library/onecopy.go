package library

import (
	"context"
	"slices"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/store"
)

// OneCopy is the evidence index with each text searched once: the copies of
// a document in other formats (see copies.go) are left out of the search,
// and every hit of a document that has copies lists them (evidence.Hit
// AlsoIn), so the top k are k different passages and an answer never cites
// one clause from two files.
//
// Why leave the copies out rather than merge hits after ranking: the
// copies' chunks do not line up (page furniture, hyphenation and chunk
// boundaries differ between a PDF and a DOCX), so which hit of one copy is
// "the same" as which hit of another is guesswork, and merging after the
// index has cut its top k leaves the k short. Searching the canonical copy
// alone is exact, and the index stays unaware of SQLite: the copies are
// read here, in one query per search, and passed as Query.ExcludeDocIDs.
// A copy named in Query.DocIDs without its canonical document is searched:
// asking for that file is asking for it.
type OneCopy struct {
	DB    *store.DB
	Index Searcher
}

// Search is the index's search with copies left out and named.
func (o OneCopy) Search(ctx context.Context, q index.Query) ([]evidence.Hit, error) {
	copies, err := o.DB.CopiesIn(ctx, q.CollectionIDs)
	if err != nil {
		return nil, err
	}
	if len(copies) == 0 {
		return o.Index.Search(ctx, q)
	}
	for _, c := range copies {
		if len(q.DocIDs) == 0 || slices.Contains(q.DocIDs, c.CanonicalID) {
			q.ExcludeDocIDs = append(q.ExcludeDocIDs, c.ID)
		}
	}
	hits, err := o.Index.Search(ctx, q)
	if err != nil {
		return nil, err
	}
	groups := copyGroups(copies)
	for i := range hits {
		hits[i].AlsoIn = groups.others(hits[i].Chunk.DocID)
	}
	return hits, nil
}

// groups are documents with copies: each document's canonical document, and
// the files of each canonical document, itself first.
type groups struct {
	canonical map[string]string
	files     map[string][]evidence.DocRef
}

func copyGroups(copies []store.Copy) groups {
	g := groups{canonical: map[string]string{}, files: map[string][]evidence.DocRef{}}
	for _, c := range copies {
		if _, ok := g.files[c.CanonicalID]; !ok {
			g.files[c.CanonicalID] = []evidence.DocRef{{ID: c.CanonicalID, Name: c.CanonicalName}}
		}
		g.files[c.CanonicalID] = append(g.files[c.CanonicalID], evidence.DocRef{ID: c.ID, Name: c.Name})
		g.canonical[c.ID] = c.CanonicalID
	}
	return g
}

// others lists the other files of docID's text; nil when it has none.
func (g groups) others(docID string) []evidence.DocRef {
	k, ok := g.canonical[docID]
	if !ok {
		k = docID
	}
	var out []evidence.DocRef
	for _, f := range g.files[k] {
		if f.ID != docID {
			out = append(out, f)
		}
	}
	return out
}
