package index

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"lexflow/backend/evidence"
)

// idPage is how many chunk IDs one request of ChunkIDs fetches.
const idPage = 1000

// Add indexes chunks, replacing any chunk with the same ID. It writes them in
// Bleve batches of 500; each batch is atomic and on disk when Add moves on,
// but a crash between batches leaves only the earlier ones: compare ChunkIDs
// with the database after a restart. ctx is checked between batches.
func (x *Index) Add(ctx context.Context, chunks []evidence.Chunk) error {
	for start := 0; start < len(chunks); start += x.batchSize {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("add chunks: %w", err)
		}
		end := min(start+x.batchSize, len(chunks))
		if err := x.addBatch(chunks[start:end]); err != nil {
			return err
		}
	}
	return nil
}

func (x *Index) addBatch(chunks []evidence.Chunk) error {
	b := x.bleve.NewBatch()
	docs := make([]bleveindex.Document, 0, len(chunks))
	for _, c := range chunks {
		doc, err := x.document(c)
		if err != nil {
			return err
		}
		if err := b.IndexAdvanced(doc); err != nil {
			return fmt.Errorf("add chunk %q: %w", c.ID, err)
		}
		docs = append(docs, doc)
	}
	if err := x.commit(b); err != nil {
		return fmt.Errorf("write batch of %d chunks: %w", len(chunks), err)
	}
	x.stats.recordBatch(docs)
	return nil
}

// document maps one chunk through the index mapping. Mapping it here rather
// than in Batch.Index keeps the document, whose analysed field lengths feed
// the BM25 statistics once Bleve has analysed it.
func (x *Index) document(c evidence.Chunk) (*document.Document, error) {
	if c.ID == "" {
		return nil, fmt.Errorf("add chunk of document %q: empty chunk id", c.DocID)
	}
	data, err := chunkDocument(c, x.refs.find(strings.Join(c.Locator.HeadingPath, "\n")))
	if err != nil {
		return nil, err
	}
	doc := document.NewDocument(c.ID)
	if err := x.bleve.Mapping().MapDocument(doc, data); err != nil {
		return nil, fmt.Errorf("map chunk %q: %w", c.ID, err)
	}
	return doc, nil
}

// DeleteDocument removes every chunk of a document in one atomic batch.
// Deleting a document that has no chunks is not an error.
func (x *Index) DeleteDocument(ctx context.Context, docID string) error {
	ids, err := x.chunkIDs(ctx, docID)
	if err != nil {
		return fmt.Errorf("delete document %s: %w", docID, err)
	}
	if len(ids) == 0 {
		return nil
	}
	b := x.bleve.NewBatch()
	for _, id := range ids {
		b.Delete(id)
	}
	if err := x.commit(b); err != nil {
		return fmt.Errorf("delete document %s: %w", docID, err)
	}
	return nil
}

// ChunkIDs lists the IDs of a document's chunks in the index, sorted.
func (x *Index) ChunkIDs(docID string) ([]string, error) {
	ids, err := x.chunkIDs(context.Background(), docID)
	if err != nil {
		return nil, fmt.Errorf("list chunks of %s: %w", docID, err)
	}
	return ids, nil
}

// chunkIDs pages through the chunks of a document in ID order.
func (x *Index) chunkIDs(ctx context.Context, docID string) ([]string, error) {
	tq := query.NewTermQuery(docID)
	tq.SetField(fieldDocID)
	var ids []string
	for {
		req := bleve.NewSearchRequestOptions(tq, idPage, 0, false)
		req.Score = bleve.ScoreNone
		req.SortBy([]string{"_id"})
		if len(ids) > 0 {
			req.SearchAfter = []string{ids[len(ids)-1]}
		}
		res, err := x.run(ctx, req)
		if err != nil {
			return nil, err
		}
		ids = appendIDs(ids, res.Hits)
		if len(res.Hits) < idPage {
			break
		}
	}
	slices.Sort(ids)
	return ids, nil
}

func appendIDs(ids []string, hits search.DocumentMatchCollection) []string {
	for _, h := range hits {
		ids = append(ids, h.ID)
	}
	return ids
}

// Count is the number of chunks in the index.
func (x *Index) Count() (int, error) {
	n, err := x.bleve.DocCount()
	if err != nil {
		return 0, fmt.Errorf("count chunks: %w", err)
	}
	return int(n), nil
}
