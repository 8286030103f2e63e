package server

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"lexflow/backend/api"
)

// A document is listed, found and shown by the title found in it; a rename
// shows at once in the list, in new searches and in the source viewer,
// without re-indexing; an empty title gives the found one back.
func TestRenameDocument(t *testing.T) {
	const file = "uk-consumer-rights-act-2015-excerpt.docx"
	a := newLibraryAPI(t, file)
	id := a.docs[file]
	d, _ := a.db.GetDocument(context.Background(), id)
	a.wantTitles(d.CollectionID, "Consumer Rights Act 2015 (excerpt)", false)

	var renamed api.Document
	if code := a.call("PUT", "/api/documents/"+id+"/title", api.DocumentTitle{Title: "  CRA   2015 "}, &renamed); code != http.StatusOK {
		t.Fatalf("rename: %d", code)
	}
	if renamed.Title != "CRA 2015" || !renamed.Renamed || renamed.Name != file {
		t.Errorf("renamed document: %+v", renamed)
	}
	a.wantTitles(d.CollectionID, "CRA 2015", true)

	if code := a.call("PUT", "/api/documents/"+id+"/title", api.DocumentTitle{}, nil); code != http.StatusOK {
		t.Fatalf("reset: %d", code)
	}
	a.wantTitles(d.CollectionID, "Consumer Rights Act 2015 (excerpt)", false)

	var body api.ErrorBody
	if code := a.call("PUT", "/api/documents/"+id+"/title", api.DocumentTitle{Title: strings.Repeat("x", 301)}, &body); code != http.StatusBadRequest {
		t.Errorf("a 301-character title: %d %+v", code, body)
	}
	if code := a.call("PUT", "/api/documents/nope/title", api.DocumentTitle{Title: "x"}, nil); code != http.StatusNotFound {
		t.Errorf("unknown document: %d", code)
	}
}

// wantTitles checks the title the collection's one document is listed,
// searched and shown by.
func (a *libraryAPI) wantTitles(collectionID, title string, renamed bool) {
	a.t.Helper()
	var docs []api.Document
	a.call("GET", "/api/collections/"+collectionID+"/documents", nil, &docs)
	if len(docs) != 1 || docs[0].Title != title || docs[0].Renamed != renamed {
		a.t.Errorf("listed: %+v, want title %q", docs, title)
	}
	var res api.SearchResponse
	a.call("POST", "/api/search", api.SearchRequest{Query: "consumer goods contract", TopK: 3}, &res)
	if len(res.Hits) == 0 {
		a.t.Fatal("no hits")
	}
	for _, h := range res.Hits {
		if l := h.Chunk.Locator; l.DocTitle != title || !strings.HasSuffix(l.DocName, ".docx") {
			a.t.Errorf("hit names %q (%q), want %q", l.DocTitle, l.DocName, title)
		}
	}
	var src api.DocumentSource
	a.call("GET", "/api/documents/"+docs[0].ID+"/source", nil, &src)
	if src.Document.Title != title || len(src.Chunks) == 0 || src.Chunks[0].Locator.DocTitle != title {
		a.t.Errorf("source viewer: %q, chunk %+v", src.Document.Title, src.Chunks[:min(1, len(src.Chunks))])
	}
}
