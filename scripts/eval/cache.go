package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"lexflow/backend/index"
	"lexflow/scripts/internal/repo"
)

// manifest describes a cached, fully ingested corpus. It is written last, so
// a directory without one (an interrupted ingestion) is never reused.
type manifest struct {
	CorpusHash    string            `json:"corpusHash"`
	Code          string            `json:"code"` // fingerprint of the indexing code that built it
	CollectionID  string            `json:"collectionId"`
	DocIDs        map[string]string `json:"docIds"` // corpus file name → Lexflow document id
	Documents     int               `json:"documents"`
	Duplicates    []string          `json:"duplicates,omitempty"` // files whose bytes an earlier file already had
	Failed        []string          `json:"failed,omitempty"`     // "name: reason"
	Chunks        int               `json:"chunks"`
	Pages         int               `json:"pages,omitempty"` // of the documents that have pages (PDF)
	IngestSeconds float64           `json:"ingestSeconds"`
	Workers       int               `json:"workers"`
	Chunking      string            `json:"chunking"` // target,max,overlap,min
	BuiltAt       time.Time         `json:"builtAt"`
}

const manifestName = "eval-manifest.json"

// codePaths are the code whose changes can change what gets indexed.
var codePaths = []string{"backend/ingest", "backend/library", "backend/store", "backend/evidence", "backend/index", "go.sum"}

// cacheKind is one family of cached corpora: the prefix of their directory
// names and the code whose changes make them stale.
type cacheKind struct {
	prefix string
	code   []string
}

var (
	cuadCache      = cacheKind{prefix: "cuad", code: codePaths}
	subsetTXTCache = cacheKind{prefix: "pdfcmp-txt", code: codePaths}
	// The PDFs also go through the PDF engine.
	subsetPDFCache = cacheKind{prefix: "pdfcmp-pdf", code: slices.Concat(codePaths, []string{"backend/pdfengine"})}
	acordCache     = cacheKind{prefix: "acord", code: codePaths}
	stardCache     = cacheKind{prefix: "stard", code: codePaths}
)

// openCorpus reuses the cached ingestion of c when it is current, else
// ingests c afresh into the cache.
func openCorpus(ctx context.Context, cfg config, c *corpus, kind cacheKind) (*env, error) {
	root, err := repo.Root()
	if err != nil {
		return nil, err
	}
	code, err := codeFingerprint(root, kind.code)
	if err != nil {
		return nil, err
	}
	if off := os.Getenv("LEXFLOW_INGEST_OFF"); off != "" {
		code += " off=" + off // heuristics switched off change what is indexed
	}
	dir := filepath.Join(cfg.cache, cfg.chunk.cacheName(kind.prefix, c.hash))
	if e, ok := tryReuse(cfg, dir, c, code, kind); ok {
		return e, nil
	}
	if err := removeCaches(cfg.cache, kind.prefix, cfg.chunk); err != nil {
		return nil, err
	}
	m, err := build(ctx, dir, kind.prefix, cfg.workers, cfg.chunk.opts, c)
	if err != nil {
		return nil, err
	}
	m.Code = code
	if err := writeManifest(dir, m); err != nil {
		return nil, err
	}
	return openEnv(dir, m, false)
}

// tryReuse opens the cache in dir when it holds c built by this code (or by
// any code with -reuse). It says why it does not.
func tryReuse(cfg config, dir string, c *corpus, code string, kind cacheKind) (*env, bool) {
	m, err := readManifest(dir)
	switch {
	case cfg.rebuild:
		logf("ingesting again (-rebuild)")
		return nil, false
	case err != nil:
		logf("no usable cache in %s; ingesting the corpus", dir)
		return nil, false
	case m.CorpusHash != c.hash:
		logf("the corpus changed since the cache was built; ingesting again")
		return nil, false
	case m.Code != code && !cfg.reuse:
		logf("the indexing code changed since the cache was built (%s); ingesting again (-reuse keeps the old index when only query-time code changed)", strings.Join(kind.code, ", "))
		return nil, false
	}
	e, err := openEnv(dir, m, true)
	if errors.Is(err, index.ErrCorrupt) {
		logf("the cached index cannot be opened (%v); ingesting again", err)
		return nil, false
	}
	if err != nil {
		logf("the cache cannot be opened (%v); ingesting again", err)
		return nil, false
	}
	e.stale = m.Code != code
	if e.stale {
		logf("WARNING: -reuse: the index was built by older indexing code; numbers reflect the old chunks and mapping")
	}
	return e, true
}

func readManifest(dir string) (manifest, error) {
	var m manifest
	raw, err := os.ReadFile(filepath.Join(dir, manifestName))
	if err == nil {
		err = json.Unmarshal(raw, &m)
	}
	return m, err
}

func writeManifest(dir string, m manifest) error {
	raw, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, manifestName), raw, 0o644)
}

// removeCaches deletes the cache about to be built and those of other
// corpora of the same kind with the same chunk sizes, which a changed corpus
// leaves behind.
func removeCaches(parent, prefix string, chunk chunkFlag) error {
	old, _ := filepath.Glob(filepath.Join(parent, chunk.cacheName(prefix, "*")))
	for _, d := range old {
		if err := os.RemoveAll(d); err != nil {
			return fmt.Errorf("remove old cache: %w", err)
		}
	}
	return nil
}

// codeFingerprint hashes the non-test files of paths.
func codeFingerprint(root string, paths []string) (string, error) {
	h := sha256.New()
	for _, p := range paths {
		err := filepath.WalkDir(filepath.Join(root, p), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			return hashFile(h, root, path)
		})
		if err != nil {
			return "", fmt.Errorf("fingerprint the indexing code: %w", err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func hashFile(h io.Writer, root, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rel, _ := filepath.Rel(root, path)
	fmt.Fprintf(h, "\x00%s\x00", filepath.ToSlash(rel))
	_, err = io.Copy(h, f)
	return err
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "eval: "+format+"\n", args...)
}
