package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search"
	bleveindex "github.com/blevesearch/bleve_index_api"
	bolterrors "go.etcd.io/bbolt/errors"

	"lexflow/backend/index/internal/analysis"
)

// A shard is one Bleve index holding part of the chunks (chosen by a hash of
// the chunk ID). Shards let one search use every core: Bleve runs a query on
// one goroutine, so the index runs it on all shards at once. Scores do not
// depend on the split: every term query carries the document frequency of
// the whole index (see globalTermQuery) and every search the whole index's
// BM25 statistics.
type shard struct {
	bleve     bleve.Index
	gen       generation
	committer committer
}

// lockTimeout is how long opening waits for another process to release a shard.
const lockTimeout = "2s"

// mergePlan, when set, replaces Bleve's merge policy for the shards opened
// after: tests use it to keep small segments apart, as Bleve keeps large ones.
var mergePlan map[string]any

// runtimeConfig is the Bleve configuration of a shard on disk.
func runtimeConfig() map[string]any {
	config := map[string]any{"bolt_timeout": lockTimeout}
	if mergePlan != nil {
		config["scorchMergePlanOptions"] = mergePlan
	}
	return config
}

// metaFile is the file Bleve writes at the root of every index directory.
const metaFile = "index_meta.json"

// createShard makes a new shard in dir, or in memory when dir is "".
func createShard(dir string) (*shard, error) {
	m, err := analysis.NewMapping()
	if err != nil {
		return nil, err
	}
	var config map[string]any
	if dir != "" {
		config = runtimeConfig()
	}
	b, err := bleve.NewUsing(dir, m, scorch.Name, scorch.Name, config)
	if err != nil {
		return nil, fmt.Errorf("create index shard %s: %w", dir, err)
	}
	return newShard(b, dir)
}

// openShard opens the shard in dir; damage gives ErrCorrupt, never a panic.
func openShard(dir string) (s *shard, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("open index shard %s: %w: %v", dir, ErrCorrupt, r)
		}
	}()
	if _, err := os.Stat(filepath.Join(dir, metaFile)); err != nil {
		return nil, fmt.Errorf("open index shard %s: %w: %w", dir, ErrCorrupt, err)
	}
	b, err := bleve.OpenUsing(dir, runtimeConfig())
	if err != nil {
		return nil, openError(dir, err)
	}
	return newShard(b, dir)
}

// openError tells a lock or a permission problem (do not rebuild) from damage.
func openError(dir string, err error) error {
	switch {
	case errors.Is(err, bolterrors.ErrTimeout):
		return fmt.Errorf("open index shard %s: %w", dir, ErrLocked)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("open index shard %s: %w", dir, err)
	}
	return fmt.Errorf("open index shard %s: %w: %w", dir, ErrCorrupt, err)
}

// newShard checks that b reads back; on failure b is closed.
func newShard(b bleve.Index, dir string) (*shard, error) {
	s := &shard{bleve: b}
	if err := s.check(dir); err != nil {
		_ = b.Close()
		return nil, fmt.Errorf("open index shard %s: %w", dir, err)
	}
	return s, nil
}

// check verifies the generation and that the mapping holds the Lexflow
// analyzers, turning a panic into ErrCorrupt.
func (s *shard) check(dir string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrCorrupt, r)
		}
	}()
	if err := s.loadGeneration(dir); err != nil {
		return err
	}
	m := s.bleve.Mapping()
	if m.AnalyzerNamed(analysis.AnalyzerEN) == nil || m.AnalyzerNamed(analysis.AnalyzerAR) == nil {
		return fmt.Errorf("%w: mapping lacks the Lexflow analyzers", ErrCorrupt)
	}
	if _, err := s.bleve.DocCount(); err != nil {
		return fmt.Errorf("count documents: %w: %w", ErrCorrupt, err)
	}
	return nil
}

// search runs req with the given BM25 statistics and turns a panic inside
// Bleve (a damaged segment) into ErrCorrupt.
func (s *shard) search(ctx context.Context, req *bleve.SearchRequest, stats *search.BM25Stats) (res *bleve.SearchResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("search index: %w: %v", ErrCorrupt, r)
		}
	}()
	req.PreSearchData = map[string]any{search.BM25PreSearchDataKey: stats}
	res, err = s.bleve.SearchInContext(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	return res, nil
}

// reader opens a snapshot of s; the caller closes it.
func (s *shard) reader() (bleveindex.IndexReader, error) {
	adv, err := s.bleve.Advanced()
	if err != nil {
		return nil, err
	}
	return adv.Reader()
}

func (s *shard) count() (uint64, error) {
	n, err := s.bleve.DocCount()
	if err != nil {
		return 0, fmt.Errorf("count chunks: %w", err)
	}
	return n, nil
}
