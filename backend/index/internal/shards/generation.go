package shards

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2"
)

// When a segment file is damaged, Bleve's scorch does not fail: it logs
// "unable to load snapshot … continuing" and opens the previous snapshot it
// still has, which can be an empty index. To turn that silent rollback into
// ErrCorrupt, every write batch carries a generation number inside the shard,
// and once Bleve has made the batch durable the same number is written to a
// small file beside it. Opening an index whose generation is behind the file
// means Bleve fell back to an older snapshot.

const (
	internalGenerationKey = "lexflow.generation"
	generationFile        = "lexflow_generation"
)

// generation serialises a shard's write batches and numbers them.
type generation struct {
	mu   sync.Mutex
	n    uint64
	path string // the file beside the index; empty in memory
}

// commit applies b to idx as the next generation.
func (g *generation) commit(idx bleve.Index, b *bleve.Batch) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	next := g.n + 1
	b.SetInternal([]byte(internalGenerationKey), []byte(strconv.FormatUint(next, 10)))
	if err := idx.Batch(b); err != nil {
		return err
	}
	g.n = next
	return g.record()
}

// record writes the generation file by replacing it, so it is never half written.
func (g *generation) record() error {
	if g.path == "" {
		return nil
	}
	tmp := g.path + ".tmp"
	if err := os.WriteFile(tmp, []byte(strconv.FormatUint(g.n, 10)), 0o644); err != nil {
		return fmt.Errorf("record index generation: %w", err)
	}
	if err := os.Rename(tmp, g.path); err != nil {
		return fmt.Errorf("record index generation: %w", err)
	}
	return nil
}

// loadGeneration reads the shard's generation and refuses a shard that is
// behind its generation file.
func (s *Shard) loadGeneration(dir string) error {
	raw, err := s.bleve.GetInternal([]byte(internalGenerationKey))
	if err != nil {
		return fmt.Errorf("read index generation: %w", err)
	}
	inIndex, err := parseGeneration(string(raw))
	if err != nil {
		return err
	}
	s.gen.n = inIndex
	if dir == "" {
		return nil
	}
	s.gen.path = filepath.Join(dir, generationFile)
	onDisk, err := readGeneration(s.gen.path)
	if err != nil {
		return err
	}
	if onDisk > inIndex {
		return fmt.Errorf("%w: Bleve fell back to generation %d, %d was written", ErrCorrupt, inIndex, onDisk)
	}
	return nil
}

func readGeneration(path string) (uint64, error) {
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read index generation: %w", err)
	}
	return parseGeneration(string(raw))
}

func parseGeneration(s string) (uint64, error) {
	if s = strings.TrimSpace(s); s == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%w: index generation %q", ErrCorrupt, s)
	}
	return n, nil
}
