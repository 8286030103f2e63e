package tools

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
)

// fetchArticle: fetch_article(article, collection?, document?) → every
// chunk whose heading path holds the article (a long article is several
// chunks), in document order.
type fetchArticle struct{ d Deps }

func (fetchArticle) Name() string { return "fetch_article" }

func (fetchArticle) Description() string {
	return `Fetch the full text of an article, section or clause by its number or heading, e.g. "Article 12", "المادة ١٢", "Section 4.2" or "Termination".`
}

func (fetchArticle) Parameters() json.RawMessage {
	return ObjectSchema(
		Param{Name: "article", Type: "string", Description: `the article number or heading, e.g. "Article 12"`, Required: true},
		Param{Name: "collection", Type: "string", Description: "collection id to look in"},
		Param{Name: "document", Type: "string", Description: "document id to look in"},
	)
}

// searchWidth is how many hits a collection-wide lookup scans for headings.
const searchWidth = 50

func (t fetchArticle) Call(ctx context.Context, raw json.RawMessage) (Result, error) {
	a, err := parseArgs(raw)
	if err != nil {
		return Result{}, err
	}
	text := a.str("article")
	ref := ParseRef(text)
	if ref.Number == "" && ref.Text == "" {
		return Result{}, fmt.Errorf("article is empty: %w", ErrBadArgument)
	}
	var chunks []evidence.Chunk
	if doc := a.str("document"); doc != "" && t.d.Chunks != nil {
		chunks, err = t.fromDocuments(ctx, ref, []string{doc})
	} else {
		chunks, err = t.fromSearch(ctx, ref, text, a.str("collection"), a.str("document"))
	}
	if err != nil {
		return Result{}, fmt.Errorf("fetch %q: %w", text, err)
	}
	if len(chunks) == 0 {
		return Result{}, fmt.Errorf("fetch %q: no heading matches %s: %w", text, ref, ErrNotFound)
	}
	return Result{Text: chunkText(chunks), JSON: map[string]any{"article": text, "chunks": chunkHits(chunks)}}, nil
}

// fromDocuments scans whole documents, so every part of a long article is found.
func (t fetchArticle) fromDocuments(ctx context.Context, ref Ref, docs []string) ([]evidence.Chunk, error) {
	var out []evidence.Chunk
	for _, doc := range docs {
		chunks, err := t.d.chunks(ctx, doc)
		if err != nil {
			return nil, fmt.Errorf("read document %s: %w", doc, err)
		}
		for _, c := range chunks {
			if ref.Names(c.Locator) {
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// fromSearch asks the index (which boosts headings naming the article),
// keeps the hits whose headings match, then, where chunks can be listed,
// reads those documents whole.
func (t fetchArticle) fromSearch(ctx context.Context, ref Ref, text, collection, doc string) ([]evidence.Chunk, error) {
	q := index.Query{Text: text, TopK: searchWidth}
	if collection != "" {
		q.CollectionIDs = []string{collection}
	}
	if doc != "" {
		q.DocIDs = []string{doc}
	}
	hits, err := t.d.search(ctx, q)
	if err != nil {
		return nil, err
	}
	var found []evidence.Chunk
	var docs []string
	for _, h := range hits {
		if ref.Names(h.Chunk.Locator) {
			found = append(found, h.Chunk)
			if !slices.Contains(docs, h.Chunk.DocID) {
				docs = append(docs, h.Chunk.DocID)
			}
		}
	}
	if t.d.Chunks != nil && len(docs) > 0 {
		return t.fromDocuments(ctx, ref, docs)
	}
	sortChunks(found)
	return found, nil
}

func sortChunks(cs []evidence.Chunk) {
	slices.SortStableFunc(cs, func(a, b evidence.Chunk) int {
		return cmp.Or(cmp.Compare(a.DocID, b.DocID), cmp.Compare(a.Ordinal, b.Ordinal))
	})
}
