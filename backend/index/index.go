// Package index is Lexflow's evidence index. It stores chunks in Bleve and
// finds them again with BM25 and per-language analysis, returning
// evidence.Hit values that carry the whole chunk, its locator and a
// highlighted snippet, so no database lookup is needed to show or cite a
// hit. Bleve holds the postings; the index does the rest itself: it keeps
// one Bleve index per core, searched at once and scored as one, corrects
// the BM25 statistics Bleve gets wrong, and ranks with safe pruning
// (MaxScore), with the same hits as Bleve scoring every candidate.
//
// The index is derived data. SQLite is the source of truth; when Open reports
// ErrCorrupt the caller moves the directory aside (or removes it), opens a
// fresh index and re-adds every chunk from SQLite.
//
// Where to look: search.go reads the query path top-down: plan the query
// (query.go: plain words become clauses), find the document it names
// (heads.go), rank the plan, then load the top k and their snippets.
// Beside it: open.go (the directory and its shards), write.go (Add,
// DeleteDocument, ChunkIDs), stats.go (the BM25 statistics Bleve gets
// wrong), docfreqs.go (the whole index's document frequencies), features.go
// (the ranking features' off switches). The machinery is in internal
// packages, one job each:
//
//	internal/analysis  what is indexed and how text is read: fields and mapping, analyzers,
//	                   languages, thesaurus, article references, snippets
//	internal/ranking   a plan's top k: clauses and parts, bounds, cursors, MaxScore
//	internal/shards    the Bleve indexes: open and check, group commit, generations, compaction
package index

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"lexflow/backend/index/internal/analysis"
	"lexflow/backend/index/internal/shards"
)

var (
	// ErrCorrupt means the directory cannot be used as an index: it is not a
	// Lexflow index, it is damaged, or an incompatible version built it.
	// Rebuild it from SQLite. Searches that hit damage also wrap ErrCorrupt.
	ErrCorrupt = shards.ErrCorrupt
	// ErrLocked means another process has the index open.
	ErrLocked = shards.ErrLocked
	// ErrOutdated comes with ErrCorrupt for an index written by an older
	// version of the mapping: nothing is wrong, it only needs rebuilding.
	ErrOutdated = errors.New("index was built by an older version")
)

// Index is an open evidence index. Its methods are safe for concurrent use:
// searches run while batches are written.
type Index struct {
	shards    shards.Set
	analyzers analysis.Analyzers
	refs      analysis.Refs
	stats     *corpusStats
	dfs       *dfCache
	tuning    tuning
	features  *rankingOff
	related   analysis.Thesaurus
	snippets  *analysis.Snippets
	batchSize int
	compactor shards.Compactor // merges segments once writes stop (on disk only)
	closeOnce sync.Once
	closeErr  error
}

// tuning holds the knobs of ranking. The zero value is the default.
type tuning struct {
	// exhaustive scores every chunk that holds a selecting word, without the
	// safe pruning of ranking.TopK: the reference the pruning is tested and
	// measured against.
	exhaustive bool
}

// newIndex wraps opened shards and seeds the BM25 statistics from them.
func newIndex(set shards.Set) (*Index, error) {
	m := set[0].Mapping()
	analyzers := analysis.AnalyzersOf(m)
	x := &Index{
		shards:    set,
		analyzers: analyzers,
		refs:      analysis.NewRefs(),
		stats:     newCorpusStats(),
		dfs:       newDFCache(),
		related:   analysis.NewThesaurus(m.AnalyzerNamed(analysis.AnalyzerEN)),
		snippets:  analysis.NewSnippets(analyzers),
		batchSize: 500,
		features:  newRankingOff(),
	}
	if err := x.seedStats(); err != nil {
		_ = x.Close()
		return nil, err
	}
	return x, nil
}

// Close releases the index, waiting for pending writes to reach the disk.
// Closing twice is harmless (Bleve itself panics on it).
func (x *Index) Close() error {
	x.closeOnce.Do(func() {
		x.compactor.Stop()
		var errs []error
		for _, s := range x.shards {
			if err := s.Close(); err != nil {
				errs = append(errs, err)
			}
		}
		if err := errors.Join(errs...); err != nil {
			x.closeErr = fmt.Errorf("close index: %w", err)
		}
	})
	return x.closeErr
}

// Count is the number of chunks in the index.
func (x *Index) Count() (int, error) {
	n, err := x.shards.Count()
	return int(n), err
}

// Compact merges each shard's segments into one, one shard after another.
// It returns when done or when ctx is cancelled; a cancelled compaction
// leaves the index as it was, or merged in part. An index on disk also
// compacts by itself once writes have stopped for a while.
func (x *Index) Compact(ctx context.Context) {
	for _, s := range x.shards {
		if ctx.Err() != nil {
			return
		}
		s.Compact(ctx)
	}
}
