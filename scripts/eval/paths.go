package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// resolvePaths fills the default data and cache directories from the
// repository root and checks that the data is there.
func resolvePaths(c *config) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	if c.data == "" {
		c.data = filepath.Join(root, "..", "shared", "eval", "cuad")
	}
	if c.cache == "" {
		c.cache = filepath.Join(root, ".cache", "eval")
	}
	c.data = filepath.Clean(c.data)
	return checkData(c.data)
}

// repoRoot walks up from the working directory to the go.mod of module lexflow.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(mod, []byte("module lexflow\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run inside the lexflow repository (no go.mod of module lexflow above the working directory)")
		}
		dir = parent
	}
}

// checkData explains what is missing from the CUAD directory.
func checkData(dir string) error {
	need := []string{"corpus", "queries.jsonl", "queries_sample500.jsonl", "queries_sample500_question_only.jsonl", "docs.jsonl"}
	for _, n := range need {
		if _, err := os.Stat(filepath.Join(dir, n)); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("CUAD data not found: %s is missing (expected the benchmark of ../shared/eval/cuad beside the repository; pass -data DIR)", filepath.Join(dir, n))
		} else if err != nil {
			return fmt.Errorf("CUAD data: %w", err)
		}
	}
	return nil
}

// corpus is the benchmark's contracts: file name (the document id of the
// gold spans) → text, and a hash of names and contents.
type corpus struct {
	dir   string
	names []string // sorted
	texts map[string]string
	bytes int64
	hash  string
}

func readCorpus(dataDir string) (*corpus, error) {
	dir := filepath.Join(dataDir, "corpus")
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(paths) == 0 {
		return nil, fmt.Errorf("no .txt contracts in %s", dir)
	}
	slices.Sort(paths)
	c := &corpus{dir: dir, texts: map[string]string{}}
	h := sha256.New()
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("read corpus: %w", err)
		}
		name := filepath.Base(p)
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
		h.Write(b)
		c.names = append(c.names, name)
		c.texts[name] = string(bytes.TrimPrefix(b, []byte("\uFEFF")))
		c.bytes += int64(len(b))
	}
	c.hash = hex.EncodeToString(h.Sum(nil))
	return c, nil
}

func (c *corpus) path(name string) string { return filepath.Join(c.dir, name) }
