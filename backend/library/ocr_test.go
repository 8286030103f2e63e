package library

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lexflow/backend/internal/ocrtest"
	"lexflow/backend/store"
)

// A collection's OCR language reaches the extraction of its scans, on the
// first ingestion and on re-index, which reads the setting afresh: a
// language whose model is not installed fails the document, naming it.
func TestCollectionOCRLanguageReachesExtraction(t *testing.T) {
	ocrtest.Require(t)
	t.Setenv("LEXFLOW_OCR_LANG", "") // the override would hide the collection's setting
	dir := t.TempDir()
	db, idx, lib := openReal(t, dir)
	ctx := context.Background()
	if err := lib.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lib.Close(); idx.Close(); db.Close() })
	c, err := db.InsertCollection(ctx, store.Collection{Name: "Scans", OCRLanguage: "klingon"})
	if err != nil {
		t.Fatal(err)
	}
	scan, err := os.Open(filepath.Join("..", "..", "examples", "corpus", "bad", "scanned.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	defer scan.Close()
	added, err := lib.AddFile(ctx, c.ID, "scanned.pdf", scan)
	if err != nil {
		t.Fatal(err)
	}
	d := waitSettled(t, db, added.Document.ID)
	if d.Status != store.DocFailed || !strings.Contains(d.Error, `"klingon" is not installed`) {
		t.Fatalf("document ended %s (%q), want failed naming klingon", d.Status, d.Error)
	}

	c.OCRLanguage = "vulcan+eng"
	if err := db.UpdateCollection(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := lib.Reindex(ctx, d.ID); err != nil {
		t.Fatal(err)
	}
	d = waitSettled(t, db, d.ID)
	if d.Status != store.DocFailed || !strings.Contains(d.Error, `"vulcan+eng" is not installed`) {
		t.Fatalf("re-indexed document ended %s (%q), want failed naming vulcan+eng", d.Status, d.Error)
	}
}

// waitSettled waits until document id is ready or failed.
func waitSettled(t *testing.T, db *store.DB, id string) store.Document {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		d, err := db.GetDocument(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if d.Status == store.DocReady || d.Status == store.DocFailed {
			return d
		}
		if time.Now().After(deadline) {
			t.Fatalf("document still %s after 30s", d.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
