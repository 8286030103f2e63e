package shards

import (
	"cmp"
	"context"
	"errors"
	"hash/fnv"
	"slices"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	bleveindex "github.com/blevesearch/bleve_index_api"
)

// A Set is the shards of one index. A chunk lives in the shard its ID
// hashes to; a search runs on every shard at once and merges their hits.
type Set []*Shard

// Of is the shard that holds a chunk.
func (set Set) Of(chunkID string) int {
	h := fnv.New32a()
	_, _ = h.Write([]byte(chunkID))
	return int(h.Sum32() % uint32(len(set)))
}

// Each runs fn on every shard at once and joins their errors.
func (set Set) Each(fn func(i int, s *Shard) error) error {
	errs := make([]error, len(set))
	var wg sync.WaitGroup
	for i, s := range set {
		wg.Go(func() { errs[i] = fn(i, s) })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Count is the number of chunks in every shard.
func (set Set) Count() (uint64, error) {
	var total uint64
	for _, s := range set {
		n, err := s.Count()
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

// Readers opens a snapshot of each shard; a shard that fails is skipped
// (its terms then count as absent, and its search will report the error).
func (set Set) Readers() []bleveindex.IndexReader {
	var rs []bleveindex.IndexReader
	for _, s := range set {
		if r, err := s.Reader(); err == nil {
			rs = append(rs, r)
		}
	}
	return rs
}

// Search runs bq on every shard, loading fields, and merges the k best,
// best first, equal scores in chunk ID order.
func (set Set) Search(ctx context.Context, bq query.Query, k int, fields []string, stats *search.BM25Stats) (search.DocumentMatchCollection, error) {
	perShard := make([]search.DocumentMatchCollection, len(set))
	err := set.Each(func(i int, s *Shard) error {
		req := bleve.NewSearchRequestOptions(bq, k, 0, false)
		req.Fields = fields
		res, err := s.Search(ctx, req, stats)
		if err == nil {
			perShard[i] = res.Hits
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return BestK(slices.Concat(perShard...), k), nil
}

// IDsByShard groups the IDs of matches by the shard that holds them.
func (set Set) IDsByShard(matches []*search.DocumentMatch) [][]string {
	ids := make([][]string, len(set))
	for _, m := range matches {
		i := set.Of(m.ID)
		ids[i] = append(ids[i], m.ID)
	}
	return ids
}

// BestK sorts matches best first, equal scores in chunk ID order, and keeps k.
func BestK(all search.DocumentMatchCollection, k int) search.DocumentMatchCollection {
	slices.SortFunc(all, func(a, b *search.DocumentMatch) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return all[:min(k, len(all))]
}
