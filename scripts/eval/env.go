package main

import (
	"context"
	"fmt"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/library"
	"lexflow/backend/store"
	"lexflow/scripts/internal/datadir"
)

// env is an ingested corpus opened for searching.
type env struct {
	dir    string
	db     *store.DB
	idx    *index.Index
	m      manifest
	cached bool // ingested by an earlier run
	stale  bool // built by other indexing code (-reuse)
	// textMismatches lists documents whose extracted text differs from the
	// file, where gold offsets would not mean the same characters.
	textMismatches []string
}

func openEnv(dir string, m manifest, cached bool) (*env, error) {
	db, idx, err := datadir.Open(context.Background(), dir)
	if err != nil {
		return nil, err
	}
	return &env{dir: dir, db: db, idx: idx, m: m, cached: cached}, nil
}

func (e *env) close() {
	e.idx.Close()
	e.db.Close()
}

// docID maps a corpus file name (a gold span's document) to its document id.
func (e *env) docID(name string) (string, error) {
	id, ok := e.m.DocIDs[name]
	if !ok {
		return "", fmt.Errorf("gold document %q is not in the ingested corpus", name)
	}
	return id, nil
}

// checkTexts compares each document's extracted text with its file: the gold
// offsets count code points of the file, the hits' offsets of the extracted text.
func (e *env) checkTexts(ctx context.Context, c *corpus) {
	for _, name := range c.names {
		text, err := e.db.DocumentText(ctx, e.m.DocIDs[name])
		if err != nil {
			e.textMismatches = append(e.textMismatches, name+": no extracted text")
			continue
		}
		if text != c.texts[name] {
			e.textMismatches = append(e.textMismatches, fmt.Sprintf("%s: extracted text differs from the file from code point %d", name, firstDiff(text, c.texts[name])))
		}
	}
	for _, m := range e.textMismatches {
		logf("WARNING: offsets may not match the gold spans: %s", m)
	}
}

func firstDiff(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	for i := range min(len(ra), len(rb)) {
		if ra[i] != rb[i] {
			return i
		}
	}
	return min(len(ra), len(rb))
}

// search is the library's search as the app runs it: hits carry their
// documents' titles.
func (e *env) search(ctx context.Context, q index.Query) ([]evidence.Hit, error) {
	return library.TitledIndex{DB: e.db, Index: e.idx}.Search(ctx, q)
}
