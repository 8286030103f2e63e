package index

import (
	"context"
	"sync"

	bleveindex "github.com/blevesearch/bleve_index_api"
)

// A query's terms are scored with the document frequency of the whole
// index, not of the shard they run on (the ranking's term queries), so the
// planner looks each one up in every shard.

// docFreqs tells how many chunks hold term in field.
type docFreqs func(field, term string) uint64

// dfCache remembers document frequencies until the next write: queries
// repeat words, and looking one up costs a dictionary lookup per segment.
type dfCache struct {
	mu    sync.Mutex
	epoch uint64
	m     map[[2]string]uint64
}

const dfCacheMax = 20000

func newDFCache() *dfCache { return &dfCache{m: map[[2]string]uint64{}} }

func (c *dfCache) get(field, term string) (df, epoch uint64, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	df, ok = c.m[[2]string{field, term}]
	return df, c.epoch, ok
}

// put stores df as read at epoch, unless a write came since.
func (c *dfCache) put(field, term string, df, epoch uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if epoch != c.epoch {
		return
	}
	if len(c.m) >= dfCacheMax {
		clear(c.m)
	}
	c.m[[2]string{field, term}] = df
}

func (c *dfCache) invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.epoch++
	clear(c.m)
}

// docFreqs looks document frequencies up in the cache, then in snapshots of
// every shard (opened on the first miss); the caller calls release.
func (x *Index) docFreqs(ctx context.Context) (dfs docFreqs, release func()) {
	var readers []bleveindex.IndexReader
	release = func() {
		for _, r := range readers {
			_ = r.Close()
		}
	}
	dfs = func(field, term string) uint64 {
		df, epoch, ok := x.dfs.get(field, term)
		if ok {
			return df
		}
		if readers == nil {
			readers = x.shards.Readers()
		}
		df = sumDF(ctx, readers, field, term)
		x.dfs.put(field, term, df, epoch)
		return df
	}
	return dfs, release
}

func sumDF(ctx context.Context, readers []bleveindex.IndexReader, field, term string) uint64 {
	var total uint64
	for _, r := range readers {
		tfr, err := r.TermFieldReader(ctx, []byte(term), field, false, false, false)
		if err != nil {
			continue
		}
		total += tfr.Count()
		_ = tfr.Close()
	}
	return total
}
