package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"lexflow/scripts/internal/repo"
)

// resolvePaths fills the default data directory from the repository root and
// checks that the data is there.
func resolvePaths(c *config) error {
	if c.data == "" {
		root, err := repo.Root()
		if err != nil {
			return err
		}
		c.data = filepath.Join(root, "..", "shared", "eval", "cuad-pdf")
	}
	c.data = filepath.Clean(c.data)
	for _, sub := range []string{"pdf", "txt"} {
		if st, err := os.Stat(filepath.Join(c.data, sub)); err != nil || !st.IsDir() {
			return fmt.Errorf("CUAD PDF data not found: %s is missing (expected ../shared/eval/cuad-pdf beside the repository; pass -data DIR)", filepath.Join(c.data, sub))
		}
	}
	return nil
}

// doc is one benchmark file: the PDF and its reference text.
type doc struct {
	name string // the PDF's file name
	pdf  string
	txt  string
}

// listDocs returns the PDFs of data/pdf (either case of extension), sorted
// by name, the first limit of them when limit > 0. A PDF without its
// reference text is an error: the set is meant to be complete.
func listDocs(data string, limit int) ([]doc, error) {
	entries, err := os.ReadDir(filepath.Join(data, "pdf"))
	if err != nil {
		return nil, err
	}
	var docs []doc
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || !strings.EqualFold(ext, ".pdf") {
			continue
		}
		base := strings.TrimSuffix(e.Name(), ext)
		d := doc{name: e.Name(), pdf: filepath.Join(data, "pdf", e.Name()), txt: filepath.Join(data, "txt", base+".txt")}
		if _, err := os.Stat(d.txt); err != nil {
			return nil, fmt.Errorf("reference text of %s: %w", e.Name(), err)
		}
		docs = append(docs, d)
	}
	if len(docs) == 0 {
		return nil, fmt.Errorf("no PDFs in %s", filepath.Join(data, "pdf"))
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i].name < docs[j].name })
	if limit > 0 && limit < len(docs) {
		docs = docs[:limit]
	}
	return docs, nil
}
