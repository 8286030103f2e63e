package server

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"lexflow/backend/api"
	"lexflow/backend/index"
	"lexflow/backend/ingest"
	"lexflow/backend/library"
	"lexflow/backend/store"
)

// libraryAPI serves the real routes over a real library that has ingested
// sample files from examples/corpus.
type libraryAPI struct {
	*testAPI
	db   *store.DB
	docs map[string]string // file name → document id
}

func newLibraryAPI(t testing.TB, files ...string) *libraryAPI {
	t.Helper()
	dir := t.TempDir()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(dir, "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	idx, err := index.OpenMem()
	if err != nil {
		t.Fatal(err)
	}
	lib := library.New(library.Options{DB: db, Index: idx, DataDir: dir, Workers: 2,
		Extract: library.Ingest(ingest.DefaultLimits(), ingest.DefaultChunkOptions())})
	if err := lib.Start(ctx); err != nil {
		t.Fatal(err)
	}
	svc := api.New(api.Options{DB: db, Library: lib, Index: library.TitledIndex{DB: db, Index: idx}, Face: "serve", DataDir: dir})
	srv := httptest.NewServer(Routes(svc))
	t.Cleanup(func() { srv.Close(); lib.Close(); idx.Close(); db.Close() })
	c, err := db.CreateCollection(ctx, "Statutes", "")
	if err != nil {
		t.Fatal(err)
	}
	a := &libraryAPI{testAPI: &testAPI{t: t, srv: srv}, db: db, docs: map[string]string{}}
	for _, name := range files {
		f, err := os.Open(filepath.Join("..", "..", "examples", "corpus", name))
		if err != nil {
			t.Fatal(err)
		}
		added, err := lib.AddFile(ctx, c.ID, name, f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		a.docs[name] = added.Document.ID
	}
	for name, id := range a.docs {
		a.waitReady(name, id)
	}
	return a
}

func (a *libraryAPI) waitReady(name, id string) {
	deadline := time.Now().Add(60 * time.Second)
	for {
		d, err := a.db.GetDocument(context.Background(), id)
		switch {
		case err != nil:
			a.t.Fatal(err)
		case d.Status == store.DocReady:
			return
		case d.Status == store.DocFailed:
			a.t.Fatalf("%s failed: %s", name, d.Error)
		case time.Now().After(deadline):
			a.t.Fatalf("%s is still %s", name, d.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// span finds phrase in a document's text and returns its code point offsets.
func (a *libraryAPI) span(docID, phrase string) (start, end int, src api.DocumentSource) {
	a.t.Helper()
	if code := a.call("GET", "/api/documents/"+docID+"/source", nil, &src); code != http.StatusOK {
		a.t.Fatalf("source: %d", code)
	}
	at := strings.Index(src.Text, phrase)
	if at < 0 {
		a.t.Fatalf("the text lacks %q", phrase)
	}
	start = utf8.RuneCountInString(src.Text[:at])
	return start, start + utf8.RuneCountInString(phrase), src
}

func (a *libraryAPI) get(path string) (*http.Response, []byte) {
	a.t.Helper()
	resp, err := http.Get(a.srv.URL + path)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

const preamble = "We the People of the United States"

func TestPageHighlightPlacesTheQuote(t *testing.T) {
	a := newLibraryAPI(t, "us-constitution-excerpt.pdf")
	id := a.docs["us-constitution-excerpt.pdf"]
	start, end, src := a.span(id, preamble)
	if len(src.Pages) != 5 || src.Pages[0].Page != 1 || src.Pages[0].Start > start || src.Pages[0].End < end {
		t.Fatalf("page spans = %+v; the preamble is at %d..%d", src.Pages, start, end)
	}

	var h api.PageHighlight
	path := "/api/documents/" + id + "/pages/1/highlight?start=" + itoa(int64(start)) + "&end=" + itoa(int64(end))
	if code := a.call("GET", path, nil, &h); code != http.StatusOK {
		t.Fatalf("highlight: %d", code)
	}
	if h.Page != 1 || h.PageCount != 5 || h.Width < 500 || h.Height < 700 || h.OCR {
		t.Errorf("highlight = %+v", h)
	}
	checkBoxes(t, h.Boxes)
	if first := h.Boxes[0]; first.Top > 0.5 {
		t.Errorf("the preamble is near the top of page 1, not at %+v", first)
	}

	// The same span asked of another page has nothing to show there.
	var other api.PageHighlight
	a.call("GET", strings.Replace(path, "/pages/1/", "/pages/2/", 1), nil, &other)
	if other.Page != 2 || len(other.Boxes) != 0 {
		t.Errorf("page 2 = %+v, want no boxes", other)
	}
}

// checkBoxes wants at least one box, every box inside the page, in reading
// order: top to bottom, left to right on a line.
func checkBoxes(t *testing.T, boxes []api.HighlightBox) {
	t.Helper()
	if len(boxes) == 0 {
		t.Fatal("no highlight boxes")
	}
	for i, b := range boxes {
		if b.Left < 0 || b.Top < 0 || b.Width <= 0 || b.Height <= 0 || b.Left+b.Width > 1 || b.Top+b.Height > 1 {
			t.Errorf("box %d is outside the page: %+v", i, b)
		}
		if i == 0 {
			continue
		}
		p := boxes[i-1]
		sameLine := b.Top < p.Top+p.Height/2
		if b.Top < p.Top-p.Height/2 || (sameLine && b.Left < p.Left) {
			t.Errorf("box %d %+v comes before box %d %+v", i, b, i-1, p)
		}
	}
}

// A document ingested before page spans were kept still gets its highlight:
// the quote is then looked for on the page as it is.
func TestPageHighlightWithoutPageSpans(t *testing.T) {
	a := newLibraryAPI(t, "us-constitution-excerpt.pdf")
	id := a.docs["us-constitution-excerpt.pdf"]
	start, end, src := a.span(id, preamble)
	ctx := context.Background()
	chunks, err := a.db.DocumentChunks(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.db.SaveExtraction(ctx, id, store.Extraction{Text: src.Text, Chunks: chunks}); err != nil {
		t.Fatal(err)
	}
	var h api.PageHighlight
	a.call("GET", "/api/documents/"+id+"/pages/1/highlight?start="+itoa(int64(start))+"&end="+itoa(int64(end)), nil, &h)
	checkBoxes(t, h.Boxes)
}

func TestPageImageIsAPNGOfTheAskedWidth(t *testing.T) {
	a := newLibraryAPI(t, "us-constitution-excerpt.pdf")
	id := a.docs["us-constitution-excerpt.pdf"]
	for _, tc := range []struct {
		query string
		width int
	}{{"?width=800", 800}, {"", api.DefaultPageWidth}, {"?width=20", api.MinPageWidth}, {"?width=90000", api.MaxPageWidth}} {
		resp, body := a.get("/api/documents/" + id + "/pages/2/image" + tc.query)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" ||
			resp.Header.Get("Cache-Control") != "private, max-age=3600" {
			t.Fatalf("%s: %d %v %.200s", tc.query, resp.StatusCode, resp.Header, body)
		}
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		// The engine draws at whole dots per inch: a Letter page is within
		// half of one (4.25 pixels) of the width asked for.
		if got := img.Bounds().Dx(); got < tc.width-5 || got > tc.width+5 {
			t.Errorf("%s: image is %d wide, want about %d", tc.query, got, tc.width)
		}
		if b := img.Bounds(); b.Dy() <= b.Dx() {
			t.Errorf("%s: a portrait page drawn %v", tc.query, b)
		}
	}
}

func TestPagesRefuseWhatTheyCannotShow(t *testing.T) {
	a := newLibraryAPI(t, "us-constitution-excerpt.pdf", "sample-services-agreement.md")
	pdf, md := a.docs["us-constitution-excerpt.pdf"], a.docs["sample-services-agreement.md"]
	for _, tc := range []struct {
		path   string
		status int
		code   string
	}{
		{"/api/documents/" + md + "/pages/1/image", http.StatusBadRequest, "not_pdf"},
		{"/api/documents/" + md + "/pages/1/highlight?start=0&end=5", http.StatusBadRequest, "not_pdf"},
		{"/api/documents/" + pdf + "/pages/6/image", http.StatusNotFound, "not_found"},
		{"/api/documents/" + pdf + "/pages/0/image", http.StatusBadRequest, "bad_request"},
		{"/api/documents/" + pdf + "/pages/one/image", http.StatusBadRequest, "bad_request"},
		{"/api/documents/" + pdf + "/pages/1/image?width=wide", http.StatusBadRequest, "bad_request"},
		{"/api/documents/" + pdf + "/pages/1/highlight", http.StatusBadRequest, "bad_request"},
		{"/api/documents/" + pdf + "/pages/1/highlight?start=9&end=3", http.StatusBadRequest, "bad_request"},
		{"/api/documents/nope/pages/1/image", http.StatusNotFound, "not_found"},
	} {
		var out struct{ Error api.ErrorBody }
		if got := a.call("GET", tc.path, nil, &out); got != tc.status || out.Error.Code != tc.code || out.Error.Message == "" {
			t.Errorf("%s: %d %+v, want %d %s", tc.path, got, out.Error, tc.status, tc.code)
		}
	}
}

// Every passage of every sample PDF, English and Arabic, is placed on each
// page it spans.
func TestEverySamplePassageIsPlaced(t *testing.T) {
	files := []string{"us-constitution-excerpt.pdf", "eg-civil-code-excerpt-ar.pdf", "eu-gdpr-excerpt.pdf",
		"uk-consumer-rights-act-2015-excerpt.pdf"}
	a := newLibraryAPI(t, files...)
	for _, name := range files {
		id := a.docs[name]
		var src api.DocumentSource
		a.call("GET", "/api/documents/"+id+"/source", nil, &src)
		for _, c := range src.Chunks {
			for p := c.Locator.PageStart; p >= 1 && p <= c.Locator.PageEnd; p++ {
				var h api.PageHighlight
				a.call("GET", fmt.Sprintf("/api/documents/%s/pages/%d/highlight?start=%d&end=%d", id, p, c.Locator.Start, c.Locator.End), nil, &h)
				if len(h.Boxes) == 0 {
					t.Errorf("%s, passage %d: not placed on page %d: %.80q", name, c.Ordinal, p, c.Text)
				}
			}
		}
	}
}
