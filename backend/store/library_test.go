package store

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
)

func TestLibraryRoundTrip(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	c, err := db.CreateCollection(ctx, "Statutes", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateCollection(ctx, "statutes", ""); !errors.Is(err, ErrConflict) {
		t.Errorf("duplicate collection: %v", err)
	}
	d, err := db.InsertDocument(ctx, Document{CollectionID: c.ID, Name: "act.pdf", Format: "pdf", Hash: "h1", Size: 10, FilePath: "files/h1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.InsertDocument(ctx, Document{CollectionID: c.ID, Name: "copy.pdf", Hash: "h1"}); !errors.Is(err, ErrConflict) {
		t.Errorf("same bytes twice: %v", err)
	}
	chunks := []evidence.Chunk{
		{ID: d.ID + "-0001", DocID: d.ID, CollectionID: c.ID, Ordinal: 1, Text: "المادة ١", Language: "ar",
			Locator: evidence.Locator{DocID: d.ID, DocName: "act.pdf", DocTitle: "Act", PageStart: 2, PageEnd: 3, HeadingPath: []string{"الباب الأول"}, Start: 10, End: 18,
				Units: []evidence.Unit{ // the articles it holds, as merged short siblings
					{Start: 10, End: 14, HeadingPath: []string{"الباب الأول", "المادة ١"}, Number: "١"},
					{Start: 15, End: 18, HeadingPath: []string{"الباب الأول", "المادة ٢"}, Number: "٢", Follows: true},
				}}},
		{ID: d.ID + "-0000", DocID: d.ID, CollectionID: c.ID, Ordinal: 0, Text: "Preamble",
			Locator: evidence.Locator{DocID: d.ID, DocName: "act.pdf", DocTitle: "Act", PageStart: 1, PageEnd: 1, HeadingPath: []string{}, Start: 0, End: 8}},
	}
	if err := db.SaveExtraction(ctx, d.ID, Extraction{Text: "Preamble..المادة ١", Language: "ar",
		Pages: []evidence.PageSpan{{Page: 1, End: 8}, {Page: 2, Start: 10, End: 10}, {Page: 3, Start: 10, End: 18}}, Chunks: chunks}); err != nil {
		t.Fatal(err)
	}
	got, err := db.DocumentChunks(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]evidence.Chunk{chunks[1], chunks[0]}, got); diff != "" {
		t.Errorf("chunks round trip (-want +got):\n%s", diff)
	}
	doc, _ := db.GetDocument(ctx, d.ID)
	if doc.Status != DocIndexing || doc.Chunks != 2 || doc.Pages != 3 {
		t.Errorf("after extraction: %+v", doc)
	}
	// Saving again replaces, never appends.
	db.SaveExtraction(ctx, d.ID, Extraction{Text: "x", Chunks: chunks[:1]})
	if ids, _ := db.ChunkIDs(ctx, d.ID); len(ids) != 1 {
		t.Errorf("chunk ids after replace: %v", ids)
	}
	cs, _ := db.ListCollections(ctx)
	if len(cs) != 1 || cs[0].Documents != 1 || cs[0].Chunks != 1 {
		t.Errorf("collection counts: %+v", cs)
	}
	if err := db.DeleteCollection(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.GetDocument(ctx, d.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("document survived its collection: %v", err)
	}
	if _, err := db.DocumentText(ctx, d.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("text survived: %v", err)
	}
}
