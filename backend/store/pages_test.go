package store

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
)

func TestDocumentPagesRoundTrip(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	c, _ := db.CreateCollection(ctx, "Statutes", "")
	d, err := db.InsertDocument(ctx, Document{CollectionID: c.ID, Name: "act.pdf", Format: "pdf", Hash: "h1", FilePath: "files/h1"})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := db.DocumentPages(ctx, d.ID); err != nil || len(got) != 0 {
		t.Fatalf("pages before extraction = %v, %v", got, err)
	}
	text := "Article 1. The parties agree.\n\nالمادة ٢ يلتزم البائع"
	pages := []evidence.PageSpan{
		{Page: 1, Start: 0, End: 29, Header: []string{"THE ACT", "Part 1"}, Footer: []string{"1"}},
		{Page: 2, Start: 31, End: 52, OCR: true},
	}
	chunks := []evidence.Chunk{
		{ID: "c0", Text: "Article 1. The parties agree.", Locator: evidence.Locator{PageStart: 1, PageEnd: 1, Start: 0, End: 29}},
		{ID: "c1", Ordinal: 1, Text: "المادة ٢ يلتزم البائع", Locator: evidence.Locator{PageStart: 2, PageEnd: 2, Start: 31, End: 52}},
	}
	if err := db.SaveExtraction(ctx, d.ID, Extraction{Text: text, Pages: pages, Chunks: chunks}); err != nil {
		t.Fatal(err)
	}
	// A chunk on a page read by OCR says so.
	if got, err := db.DocumentChunks(ctx, d.ID); err != nil || len(got) != 2 || got[0].Locator.OCR || !got[1].Locator.OCR {
		t.Errorf("chunks' OCR marks = %+v, %v", got, err)
	}
	got, err := db.DocumentPages(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(pages, got); diff != "" {
		t.Errorf("pages round trip (-want +got):\n%s", diff)
	}
	if doc, _ := db.GetDocument(ctx, d.ID); doc.Pages != 2 {
		t.Errorf("page count = %d, want 2", doc.Pages)
	}
	if p, err := db.DocumentPage(ctx, d.ID, 2); err != nil || !cmp.Equal(p, pages[1]) {
		t.Errorf("page 2 = %+v, %v", p, err)
	}
	if _, err := db.DocumentPage(ctx, d.ID, 3); !errors.Is(err, ErrNotFound) {
		t.Errorf("page 3: %v, want not found", err)
	}

	// The text is cut in code points, Arabic included.
	for _, tc := range []struct {
		start, end int
		want       string
	}{{0, 9, "Article 1"}, {31, 39, "المادة ٢"}, {46, 99, "البائع"}, {60, 70, ""}} {
		if got, err := db.DocumentTextSpan(ctx, d.ID, tc.start, tc.end); err != nil || got != tc.want {
			t.Errorf("span [%d,%d) = %q, %v; want %q", tc.start, tc.end, got, err, tc.want)
		}
	}

	// Extracting again replaces the pages; deleting the document removes them.
	if err := db.SaveExtraction(ctx, d.ID, Extraction{Text: "x", Pages: pages[:1]}); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.DocumentPages(ctx, d.ID); len(got) != 1 {
		t.Errorf("pages after re-extraction: %+v", got)
	}
	if err := db.DeleteDocument(ctx, d.ID); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := db.sql.QueryRowContext(ctx, `SELECT COUNT(*) FROM document_pages`).Scan(&left); err != nil || left != 0 {
		t.Errorf("page rows after delete = %d, %v", left, err)
	}
}
