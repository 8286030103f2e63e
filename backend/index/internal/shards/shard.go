// Package shards holds the evidence index's Bleve indexes: one per core,
// each holding part of the chunks, searched at once and scored as one.
// A Shard guards its Bleve index against what Bleve does not report:
// damage (ErrCorrupt, never a panic), a silent fall back to an older
// snapshot (generation.go), writers that would each pay for a sync
// (groupcommit.go) and segments left apart (compact.go). A Set is the
// shards of one index (set.go).
package shards

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	bleveindex "github.com/blevesearch/bleve_index_api"
	bolterrors "go.etcd.io/bbolt/errors"

	"lexflow/backend/index/internal/analysis"
)

var (
	// ErrCorrupt means a shard cannot be used: it is damaged, or not a
	// Lexflow index. The index reports it as its own ErrCorrupt.
	ErrCorrupt = errors.New("index is damaged, incompatible or not an index")
	// ErrLocked means another process has the shard open.
	ErrLocked = errors.New("index is in use by another process")
)

// A Shard is one Bleve index holding part of the chunks (chosen by a hash of
// the chunk ID). Shards let one search use every core: Bleve runs a query on
// one goroutine, so the index runs it on all shards at once. Scores do not
// depend on the split: every term query carries the document frequency of
// the whole index (the ranking's term queries) and every search the whole
// index's BM25 statistics.
type Shard struct {
	bleve     bleve.Index
	gen       generation
	committer committer
}

// lockTimeout is how long opening waits for another process to release a shard.
const lockTimeout = "2s"

// MergePlan, when set, replaces Bleve's merge policy for the shards opened
// after: tests use it to keep small segments apart, as Bleve keeps large ones.
var MergePlan map[string]any

// runtimeConfig is the Bleve configuration of a shard on disk.
func runtimeConfig() map[string]any {
	config := map[string]any{"bolt_timeout": lockTimeout}
	if MergePlan != nil {
		config["scorchMergePlanOptions"] = MergePlan
	}
	return config
}

// metaFile is the file Bleve writes at the root of every index directory.
const metaFile = "index_meta.json"

// Create makes a new shard in dir, or in memory when dir is "".
func Create(dir string) (*Shard, error) {
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

// Open opens the shard in dir; damage gives ErrCorrupt, never a panic.
func Open(dir string) (s *Shard, err error) {
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
func newShard(b bleve.Index, dir string) (*Shard, error) {
	s := &Shard{bleve: b}
	if err := s.check(dir); err != nil {
		_ = b.Close()
		return nil, fmt.Errorf("open index shard %s: %w", dir, err)
	}
	return s, nil
}

// check verifies the generation and that the mapping holds the Lexflow
// analyzers, turning a panic into ErrCorrupt.
func (s *Shard) check(dir string) (err error) {
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

// Search runs req with the given BM25 statistics and turns a panic inside
// Bleve (a damaged segment) into ErrCorrupt.
func (s *Shard) Search(ctx context.Context, req *bleve.SearchRequest, stats *search.BM25Stats) (res *bleve.SearchResult, err error) {
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

// Reader opens a snapshot of s; the caller closes it.
func (s *Shard) Reader() (bleveindex.IndexReader, error) {
	adv, err := s.bleve.Advanced()
	if err != nil {
		return nil, err
	}
	return adv.Reader()
}

// Count is the number of chunks in s.
func (s *Shard) Count() (uint64, error) {
	n, err := s.bleve.DocCount()
	if err != nil {
		return 0, fmt.Errorf("count chunks: %w", err)
	}
	return n, nil
}

// Documents reads the documents ids from a snapshot of s and calls visit on
// each one still there, in order; a document no longer there is left out.
// An error of visit is returned as it is. A panic inside Bleve (a damaged
// segment) gives ErrCorrupt.
func (s *Shard) Documents(ctx context.Context, ids []string, visit func(id string, doc bleveindex.Document) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("search index: %w: %v", ErrCorrupt, r)
		}
	}()
	r, err := s.Reader()
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	defer r.Close()
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		doc, err := r.Document(id)
		if err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		if doc == nil {
			continue
		}
		if err := visit(id, doc); err != nil {
			return err
		}
	}
	return nil
}

// NewBatch is an empty batch of writes for s (see Commit).
func (s *Shard) NewBatch() *bleve.Batch { return s.bleve.NewBatch() }

// Mapping is the index mapping s was created with.
func (s *Shard) Mapping() mapping.IndexMapping { return s.bleve.Mapping() }

// Close releases s, waiting for pending writes to reach the disk.
func (s *Shard) Close() error { return s.bleve.Close() }
