package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
)

// Documents stored before titles existed are shown by their file name made
// readable; once indexed again they get the title found in them, which a
// rename overrides, across re-indexing, until it is set empty.
func TestDocumentTitles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	raw := openAtVersion(t, path, 19)
	at := formatTime(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
	const name = "ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt"
	for _, q := range []string{
		`INSERT INTO collections (id, name, created_at, updated_at) VALUES ('c1', 'Contracts', ?1, ?1)`,
		`INSERT INTO documents (id, collection_id, name, format, hash, size, file_path, status, created_at, updated_at)
			VALUES ('d1', 'c1', '` + name + `', 'txt', 'h1', 10, 'files/h1', 'ready', ?1, ?1)`,
		`INSERT INTO chunks (id, document_id, ordinal, start_offset, end_offset, text) VALUES ('d1-0000', 'd1', 0, 0, 4, 'Text')`,
	} {
		if _, err := raw.Exec(q, at); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()

	db := openAt(t, path)
	ctx := context.Background()
	want := func(step, title string, renamed bool) {
		t.Helper()
		d, err := db.GetDocument(ctx, "d1")
		if err != nil || d.Title != title || d.Renamed != renamed || d.Name != name {
			t.Errorf("%s: document %q renamed=%v, %v; want %q renamed=%v", step, d.Title, d.Renamed, err, title, renamed)
		}
		chunks, _ := db.DocumentChunks(ctx, "d1")
		titles, _ := db.DocumentTitles(ctx, []string{"d1", "gone"})
		if len(chunks) != 1 || chunks[0].Locator.DocTitle != title || chunks[0].Locator.DocName != name {
			t.Errorf("%s: chunk locator %+v", step, chunks)
		}
		if diff := cmp.Diff(map[string]string{"d1": title}, titles); diff != "" {
			t.Errorf("%s: titles (-want +got):\n%s", step, diff)
		}
	}
	want("after the upgrade", "Accurayinc – Distributor Agreement", false)

	chunk := evidence.Chunk{ID: "d1-0000", DocID: "d1", Text: "Text", Locator: evidence.Locator{End: 4}}
	extraction := Extraction{Title: "Distributor Agreement", Text: "Text", Chunks: []evidence.Chunk{chunk}}
	if err := db.SaveExtraction(ctx, "d1", extraction); err != nil {
		t.Fatal(err)
	}
	want("indexed again", "Distributor Agreement", false)

	if _, err := db.RenameDocument(ctx, "d1", "Accuray–Siemens distribution"); err != nil {
		t.Fatal(err)
	}
	want("renamed", "Accuray–Siemens distribution", true)
	if err := db.SaveExtraction(ctx, "d1", extraction); err != nil {
		t.Fatal(err)
	}
	want("renamed, then indexed again", "Accuray–Siemens distribution", true)

	if _, err := db.RenameDocument(ctx, "d1", ""); err != nil {
		t.Fatal(err)
	}
	want("title cleared", "Distributor Agreement", false)

	if _, err := db.RenameDocument(ctx, "nope", "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("rename an unknown document: %v", err)
	}
}
