package index

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"lexflow/backend/index/internal/shards"
)

// An index directory holds one Bleve index per shard (shard-0, shard-1, …)
// and a manifest written last, once every shard exists:
//
//	lexflow_index.json  {"schema": "lexflow-index-1", "shards": 2}
//	shard-0/            a Bleve scorch index, plus its lexflow_generation file
//	shard-1/
const manifestFile = "lexflow_index.json"

// schemaVersion changes whenever what is indexed changes: the mapping, the
// refs grammar, the chunk JSON, the shard hash. An index built with another
// version is refused with ErrCorrupt so the caller rebuilds it.
const schemaVersion = "lexflow-index-5"

type manifest struct {
	Schema string `json:"schema"`
	Shards int    `json:"shards"`
}

// compactIdle is how long an index on disk waits after opening or after its
// last write before it compacts: long enough that an ingestion still running
// never waits for it. Tests shorten it.
var compactIdle = 15 * time.Second

// shardCount is how many shards a new index gets: one per core, up to 4.
func shardCount() int { return min(4, max(1, runtime.NumCPU())) }

// Open opens the index in dir, creating it when dir is missing or empty.
// A directory that holds something other than an index, or a damaged or
// incompatible index, gives an error wrapping ErrCorrupt; one held by
// another process, ErrLocked.
func Open(dir string) (*Index, error) {
	set, err := openDir(dir)
	if err != nil {
		return nil, err
	}
	x, err := newIndex(set)
	if err != nil {
		return nil, fmt.Errorf("open index %s: %w", dir, err)
	}
	x.compactor.Idle, x.compactor.Run = compactIdle, x.Compact
	x.compactor.Wrote() // an index the last run left in pieces compacts too
	return x, nil
}

// OpenMem creates an index that lives in memory only, for tests.
func OpenMem() (*Index, error) { return openMem(shardCount()) }

func openMem(n int) (*Index, error) {
	set := make(shards.Set, n)
	for i := range set {
		s, err := shards.Create("")
		if err != nil {
			closeShards(set)
			return nil, err
		}
		set[i] = s
	}
	return newIndex(set)
}

func openDir(dir string) (shards.Set, error) {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) || (err == nil && len(entries) == 0):
		return create(dir)
	case err != nil:
		return nil, fmt.Errorf("open index %s: %w", dir, err)
	}
	m, err := readManifest(dir)
	if err != nil {
		return nil, fmt.Errorf("open index %s: %w", dir, err)
	}
	set := make(shards.Set, m.Shards)
	for i := range set {
		if set[i], err = shards.Open(shardDir(dir, i)); err != nil {
			closeShards(set)
			return nil, fmt.Errorf("open index %s: %w", dir, err)
		}
	}
	return set, nil
}

// readManifest reads and checks the manifest. Its absence means dir is not
// an index (or its creation never finished): nothing in dir is touched.
func readManifest(dir string) (manifest, error) {
	var m manifest
	raw, err := os.ReadFile(filepath.Join(dir, manifestFile))
	if err != nil {
		return m, fmt.Errorf("%w: read %s: %w", ErrCorrupt, manifestFile, err)
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, fmt.Errorf("%w: read %s: %w", ErrCorrupt, manifestFile, err)
	}
	if m.Schema != schemaVersion {
		return m, fmt.Errorf("%w: %w: schema %q, this version needs %q", ErrCorrupt, ErrOutdated, m.Schema, schemaVersion)
	}
	if m.Shards < 1 || m.Shards > 64 {
		return m, fmt.Errorf("%w: %d shards", ErrCorrupt, m.Shards)
	}
	return m, nil
}

// create makes the shards, then the manifest that marks the index complete.
func create(dir string) (shards.Set, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create index %s: %w", dir, err)
	}
	set := make(shards.Set, shardCount())
	for i := range set {
		s, err := shards.Create(shardDir(dir, i))
		if err != nil {
			closeShards(set)
			return nil, err
		}
		set[i] = s
	}
	if err := writeManifest(dir, manifest{Schema: schemaVersion, Shards: len(set)}); err != nil {
		closeShards(set)
		return nil, fmt.Errorf("create index %s: %w", dir, err)
	}
	return set, nil
}

func writeManifest(dir string, m manifest) error {
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, manifestFile+".tmp")
	if err := os.WriteFile(tmp, raw, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, manifestFile))
}

func shardDir(dir string, i int) string { return filepath.Join(dir, "shard-"+strconv.Itoa(i)) }

// closeShards closes the shards opened so far.
func closeShards(set shards.Set) {
	for _, s := range set {
		if s != nil {
			_ = s.Close()
		}
	}
}
