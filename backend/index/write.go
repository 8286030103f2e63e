package index

import (
	"context"
	"fmt"
	"slices"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/search"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/analysis"
	"lexflow/backend/index/internal/ranking"
	"lexflow/backend/index/internal/shards"
)

// idPage is how many chunk IDs one request of ChunkIDs fetches.
const idPage = 1000

// Add indexes chunks, replacing any chunk with the same ID. Each shard gets
// its chunks in Bleve batches of up to 500, written on all shards at once;
// each batch is atomic and on disk when Add returns, but a crash during Add
// can leave some batches written and others not: compare ChunkIDs with the
// database after a restart. ctx is checked between batches. A document's
// first chunk (ordinal 0) also indexes the document's head, built from the
// chunks of the same call that open the document (see heads.go): add a
// document's chunks in order.
func (x *Index) Add(ctx context.Context, chunks []evidence.Chunk) error {
	parts := make([][]evidence.Chunk, len(x.shards))
	heads := documentHeads(chunks)
	for _, c := range chunks {
		if c.ID == "" {
			return fmt.Errorf("add chunk of document %q: empty chunk id", c.DocID)
		}
		i := x.shards.Of(c.ID)
		parts[i] = append(parts[i], c)
	}
	return x.shards.Each(func(i int, s *shards.Shard) error {
		for start := 0; start < len(parts[i]); start += x.batchSize {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("add chunks: %w", err)
			}
			if err := x.addBatch(s, parts[i][start:min(start+x.batchSize, len(parts[i]))], heads); err != nil {
				return err
			}
		}
		return nil
	})
}

func (x *Index) addBatch(s *shards.Shard, chunks []evidence.Chunk, heads map[string]string) error {
	b := s.NewBatch()
	docs := make([]bleveindex.Document, 0, len(chunks))
	for _, c := range chunks {
		doc, err := x.document(s, c, heads[c.ID])
		if err != nil {
			return err
		}
		if err := b.IndexAdvanced(doc); err != nil {
			return fmt.Errorf("add chunk %q: %w", c.ID, err)
		}
		docs = append(docs, doc)
	}
	if err := x.commit(s, b); err != nil {
		return fmt.Errorf("write batch of %d chunks: %w", len(chunks), err)
	}
	x.stats.recordBatch(docs)
	return nil
}

// commit writes a batch, forgets the cached document frequencies and
// puts off compaction.
func (x *Index) commit(s *shards.Shard, b *bleve.Batch) error {
	defer x.dfs.invalidate()
	x.compactor.Wrote()
	return s.Commit(b)
}

// document maps one chunk through the index mapping. Mapping it here rather
// than in Batch.Index keeps the document, whose analysed field lengths feed
// the BM25 statistics once Bleve has analysed it.
func (x *Index) document(s *shards.Shard, c evidence.Chunk, head string) (*document.Document, error) {
	data, err := analysis.ChunkDocument(c, x.refs.Find(analysis.HeadingText(c.Locator)), head)
	if err != nil {
		return nil, err
	}
	doc := document.NewDocument(c.ID)
	if err := s.Mapping().MapDocument(doc, data); err != nil {
		return nil, fmt.Errorf("map chunk %q: %w", c.ID, err)
	}
	return doc, nil
}

// DeleteDocument removes every chunk of a document, in one atomic batch per
// shard. Deleting a document that has no chunks is not an error.
func (x *Index) DeleteDocument(ctx context.Context, docID string) error {
	err := x.shards.Each(func(_ int, s *shards.Shard) error {
		ids, err := x.shardChunkIDs(ctx, s, docID)
		if err != nil || len(ids) == 0 {
			return err
		}
		b := s.NewBatch()
		for _, id := range ids {
			b.Delete(id)
		}
		return x.commit(s, b)
	})
	if err != nil {
		return fmt.Errorf("delete document %s: %w", docID, err)
	}
	return nil
}

// ChunkIDs lists the IDs of a document's chunks in the index, sorted.
func (x *Index) ChunkIDs(docID string) ([]string, error) {
	perShard := make([][]string, len(x.shards))
	err := x.shards.Each(func(i int, s *shards.Shard) error {
		var err error
		perShard[i], err = x.shardChunkIDs(context.Background(), s, docID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list chunks of %s: %w", docID, err)
	}
	ids := slices.Concat(perShard...)
	slices.Sort(ids)
	return ids, nil
}

// shardChunkIDs pages through the chunks of a document in one shard.
func (x *Index) shardChunkIDs(ctx context.Context, s *shards.Shard, docID string) ([]string, error) {
	q := ranking.TermQuery(analysis.FieldDocID, docID, 1)
	var ids []string
	for {
		req := bleve.NewSearchRequestOptions(q, idPage, 0, false)
		req.Score = bleve.ScoreNone
		req.SortBy([]string{"_id"})
		if len(ids) > 0 {
			req.SearchAfter = []string{ids[len(ids)-1]}
		}
		res, err := s.Search(ctx, req, x.stats.bm25(1))
		if err != nil {
			return nil, err
		}
		ids = appendIDs(ids, res.Hits)
		if len(res.Hits) < idPage {
			return ids, nil
		}
	}
}

func appendIDs(ids []string, hits search.DocumentMatchCollection) []string {
	for _, h := range hits {
		ids = append(ids, h.ID)
	}
	return ids
}
