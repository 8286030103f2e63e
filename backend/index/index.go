// Package index is Lexflow's evidence index: a small facade over Bleve that
// stores chunks, searches them with BM25 and per-language analysis, and
// returns evidence.Hit values that carry the whole chunk, its locator and a
// highlighted snippet, so no database lookup is needed to show or cite a hit.
//
// The index is derived data. SQLite is the source of truth; when Open reports
// ErrCorrupt the caller moves the directory aside (or removes it), opens a
// fresh index and re-adds every chunk from SQLite.
package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	bolterrors "go.etcd.io/bbolt/errors"
)

var (
	// ErrCorrupt means the directory cannot be used as an index: it is not a
	// Lexflow index, it is damaged, or an incompatible version built it.
	// Rebuild it from SQLite. Searches that hit damage also wrap ErrCorrupt.
	ErrCorrupt = errors.New("index is damaged, incompatible or not an index")
	// ErrLocked means another process has the index open.
	ErrLocked = errors.New("index is in use by another process")
)

// lockTimeout is how long Open waits for another process to release the index.
const lockTimeout = "2s"

// metaFile is the file Bleve writes at the root of every index directory.
const metaFile = "index_meta.json"

// Index is an open evidence index. Its methods are safe for concurrent use:
// searches run while batches are written.
type Index struct {
	bleve     bleve.Index
	analyzers analyzers
	refs      refPatterns
	stats     *corpusStats
	batchSize int
	tuning    tuning
	gen       generation
	closeOnce sync.Once
	closeErr  error
}

// Open opens the index in dir, creating it when dir is missing or empty.
// A directory that holds something other than an index, or a damaged index,
// gives an error wrapping ErrCorrupt; one held by another process, ErrLocked.
func Open(dir string) (*Index, error) {
	b, err := openOrCreate(dir)
	if err != nil {
		return nil, err
	}
	return newIndex(b, dir)
}

// OpenMem creates an index that lives in memory only, for tests.
func OpenMem() (*Index, error) {
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	b, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("create memory index: %w", err)
	}
	if err := b.SetInternal([]byte(internalSchemaKey), []byte(schemaVersion)); err != nil {
		return nil, fmt.Errorf("create memory index: %w", err)
	}
	return newIndex(b, "")
}

// Close releases the index, waiting for pending writes to reach the disk.
// Closing twice is harmless (Bleve itself panics on it).
func (x *Index) Close() error {
	x.closeOnce.Do(func() {
		if err := x.bleve.Close(); err != nil {
			x.closeErr = fmt.Errorf("close index: %w", err)
		}
	})
	return x.closeErr
}

// openOrCreate opens dir with Bleve; a panic inside Bleve counts as damage.
func openOrCreate(dir string) (b bleve.Index, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("open index %s: %w: %v", dir, ErrCorrupt, r)
		}
	}()
	exists, err := holdsIndex(dir)
	if err != nil {
		return nil, err
	}
	if exists {
		b, err = bleve.OpenUsing(dir, map[string]any{"bolt_timeout": lockTimeout})
		if err != nil {
			return nil, openError(dir, err)
		}
		return b, nil
	}
	return create(dir)
}

// holdsIndex reports whether dir holds an index (true) or is missing or
// empty (false); any other content is ErrCorrupt, and nothing is overwritten.
func holdsIndex(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("open index %s: %w", dir, err)
	case len(entries) == 0:
		return false, nil
	}
	if _, err := os.Stat(filepath.Join(dir, metaFile)); err != nil {
		return false, fmt.Errorf("open index %s: %w: %s is missing", dir, ErrCorrupt, metaFile)
	}
	return true, nil
}

func create(dir string) (bleve.Index, error) {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, fmt.Errorf("create index %s: %w", dir, err)
	}
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	b, err := bleve.NewUsing(dir, m, scorch.Name, scorch.Name, map[string]any{"bolt_timeout": lockTimeout})
	if err != nil {
		return nil, fmt.Errorf("create index %s: %w", dir, err)
	}
	if err := b.SetInternal([]byte(internalSchemaKey), []byte(schemaVersion)); err != nil {
		_ = b.Close()
		return nil, fmt.Errorf("create index %s: %w", dir, err)
	}
	return b, nil
}

// openError tells a lock or a permission problem (do not rebuild) from damage.
func openError(dir string, err error) error {
	switch {
	case errors.Is(err, bolterrors.ErrTimeout):
		return fmt.Errorf("open index %s: %w", dir, ErrLocked)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("open index %s: %w", dir, err)
	}
	return fmt.Errorf("open index %s: %w: %w", dir, ErrCorrupt, err)
}

// newIndex checks that b, opened from dir ("" in memory), was built by this
// version and reads back, then seeds the BM25 statistics. On failure b is closed.
func newIndex(b bleve.Index, dir string) (*Index, error) {
	x := &Index{bleve: b, refs: newRefPatterns(), stats: newCorpusStats(), batchSize: 500, tuning: defaultTuning}
	if err := x.check(dir); err != nil {
		_ = b.Close()
		return nil, fmt.Errorf("open index %s: %w", dir, err)
	}
	return x, nil
}

// check verifies the schema version, loads the analyzers and reads a sample
// of stored chunks to seed the BM25 statistics, turning a panic into ErrCorrupt.
func (x *Index) check(dir string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrCorrupt, r)
		}
	}()
	version, err := x.bleve.GetInternal([]byte(internalSchemaKey))
	if err != nil {
		return fmt.Errorf("read schema version: %w: %w", ErrCorrupt, err)
	}
	if string(version) != schemaVersion {
		return fmt.Errorf("%w: schema %q, this version needs %q", ErrCorrupt, version, schemaVersion)
	}
	if err := x.loadGeneration(dir); err != nil {
		return err
	}
	m := x.bleve.Mapping()
	x.analyzers = analyzers{langEN: m.AnalyzerNamed(analyzerEN), langAR: m.AnalyzerNamed(analyzerAR)}
	if x.analyzers[langEN] == nil || x.analyzers[langAR] == nil {
		return fmt.Errorf("%w: mapping lacks the Lexflow analyzers", ErrCorrupt)
	}
	if _, err := x.bleve.DocCount(); err != nil {
		return fmt.Errorf("count documents: %w: %w", ErrCorrupt, err)
	}
	err = x.seedStats(context.Background())
	if err != nil && !errors.Is(err, ErrCorrupt) {
		err = fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return err
}
