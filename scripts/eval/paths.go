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

	"lexflow/scripts/internal/repo"
)

// resolvePaths fills the default data and cache directories from the
// repository root and checks that the data is there.
func resolvePaths(c *config) error {
	root, err := repo.Root()
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
	c.evalRoot = filepath.Dir(c.data)
	if err := checkData(c.data); err != nil {
		return err
	}
	return resolvePDFData(c, root)
}

// resolvePDFData fills the PDF directory: given, it must be there; by
// default it is used when it is there.
func resolvePDFData(c *config, root string) error {
	if c.noPDF {
		return nil
	}
	given := c.pdfData != ""
	if !given {
		c.pdfData = filepath.Join(root, "..", "shared", "eval", "cuad-pdf")
	}
	c.pdfData = filepath.Clean(c.pdfData)
	for _, sub := range []string{"pdf", "txt"} {
		if st, err := os.Stat(filepath.Join(c.pdfData, sub)); err != nil || !st.IsDir() {
			if given {
				return fmt.Errorf("CUAD PDF data not found: %s is missing", filepath.Join(c.pdfData, sub))
			}
			logf("no %s: skipping the PDF comparison", filepath.Join(c.pdfData, sub))
			c.pdfData = ""
			return nil
		}
	}
	return nil
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

// corpus is a set of benchmark contracts: their names (the document ids of
// the gold spans), the file ingested for each, the reference text the gold
// offsets count code points of, and a hash of the names and ingested bytes.
// For the .txt contracts the file is its own reference.
type corpus struct {
	names []string          // sorted
	files map[string]string // name → path of the file ingested
	texts map[string]string // name → reference text
	bytes int64             // of the files ingested
	hash  string
}

func readCorpus(dataDir string) (*corpus, error) {
	dir := filepath.Join(dataDir, "corpus")
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(paths) == 0 {
		return nil, fmt.Errorf("no .txt contracts in %s", dir)
	}
	files := map[string]string{}
	for _, p := range paths {
		files[filepath.Base(p)] = p
	}
	return loadCorpus(files, files)
}

// loadCorpus reads the files (name → path) and the reference texts (name →
// path) of a corpus.
func loadCorpus(files, refs map[string]string) (*corpus, error) {
	c := &corpus{files: files, texts: map[string]string{}}
	for name := range files {
		c.names = append(c.names, name)
	}
	slices.Sort(c.names)
	h := sha256.New()
	for _, name := range c.names {
		b, err := os.ReadFile(files[name])
		if err != nil {
			return nil, fmt.Errorf("read corpus: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
		h.Write(b)
		c.bytes += int64(len(b))
		if refs[name] != files[name] {
			if b, err = os.ReadFile(refs[name]); err != nil {
				return nil, fmt.Errorf("read reference text: %w", err)
			}
		}
		c.texts[name] = string(bytes.TrimPrefix(b, []byte("\uFEFF")))
	}
	c.hash = hex.EncodeToString(h.Sum(nil))
	return c, nil
}

func (c *corpus) path(name string) string { return c.files[name] }
