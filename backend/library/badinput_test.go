package library

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"lexflow/backend/index"
	"lexflow/backend/ingest"
	"lexflow/backend/ingest/pdfgen"
	"lexflow/backend/store"
)

func startReal(t *testing.T, maxBytes int64) (*store.DB, *Library, string) {
	t.Helper()
	dir := t.TempDir()
	db, idx, _ := openReal(t, dir)
	lib := New(Options{DB: db, Index: idx, DataDir: dir, Workers: 2, MaxBytes: maxBytes,
		Extract: Ingest(ingest.DefaultLimits(), ingest.DefaultChunkOptions())})
	if err := lib.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lib.Close(); idx.Close(); db.Close() })
	c, err := db.CreateCollection(context.Background(), "C", "")
	if err != nil {
		t.Fatal(err)
	}
	return db, lib, c.ID
}

// A file over the limit is refused with a clear message, and leaves nothing
// behind: no document, no stored file, no temporary file.
func TestOversizedFileIsRefusedAndLeavesNothing(t *testing.T) {
	db, lib, coll := startReal(t, 1024)
	_, err := lib.AddFile(context.Background(), coll, "huge.txt", strings.NewReader(strings.Repeat("x", 4096)))
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "1 KB") {
		t.Fatalf("err = %v, want ErrTooLarge naming the limit", err)
	}
	if docs, _ := db.ListDocuments(context.Background(), coll); len(docs) != 0 {
		t.Errorf("%d documents after a refused file", len(docs))
	}
	filepath.WalkDir(filepath.Join(lib.opts.DataDir, "files"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			t.Errorf("left behind: %s", path)
		}
		return nil
	})
}

// The same file added twice at the same moment is ingested once.
func TestSameFileTwiceAtOnceIsIngestedOnce(t *testing.T) {
	db, lib, coll := startReal(t, 0)
	text := statute(99, 6)
	var wg sync.WaitGroup
	results := make([]Added, 8)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r, err := lib.AddFile(context.Background(), coll, "act.md", strings.NewReader(text))
			if err != nil {
				t.Error(err)
			}
			results[i] = r
		}(i)
	}
	wg.Wait()
	fresh := 0
	for _, r := range results {
		if !r.Duplicate {
			fresh++
		}
	}
	docs, _ := db.ListDocuments(context.Background(), coll)
	if fresh != 1 || len(docs) != 1 {
		t.Fatalf("%d adds were new and %d documents exist; want 1 and 1", fresh, len(docs))
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		d, _ := db.GetDocument(context.Background(), docs[0].ID)
		if d.Status == store.DocReady {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("document ended %s: %s", d.Status, d.Error)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if bad, _ := lib.Verify(context.Background()); len(bad) != 0 {
		t.Errorf("index disagrees for %v", bad)
	}
}

// Hostile and damaged PDFs each end with their own clear outcome in bounded
// time, through the real pipeline and PDF engine, and the library goes on:
// a document ingested before them stays searchable, and one added after
// them is ingested.
func TestHostilePDFsFailAloneAndTheLibraryGoesOn(t *testing.T) {
	dir := t.TempDir()
	db, idx, lib := openReal(t, dir)
	ctx := context.Background()
	if err := lib.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lib.Close(); idx.Close(); db.Close() })
	c, err := db.CreateCollection(ctx, "Hostile", "")
	if err != nil {
		t.Fatal(err)
	}
	add := func(name string, data []byte) store.Document {
		t.Helper()
		added, err := lib.AddFile(ctx, c.ID, name, strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("add %s: %v", name, err)
		}
		return waitSettled(t, db, added.Document.ID)
	}
	corpus := filepath.Join("..", "..", "examples", "corpus")
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(corpus, name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	if d := add("constitution.pdf", read("us-constitution-excerpt.pdf")); d.Status != store.DocReady {
		t.Fatalf("the good PDF ended %s: %s", d.Status, d.Error)
	}
	hostile := map[string]struct {
		data []byte
		want string // in the failure message
	}{
		"truncated.pdf":  {read(filepath.Join("bad", "truncated.pdf")), "damaged"},
		"encrypted.pdf":  {read(filepath.Join("bad", "encrypted.pdf")), "encrypted"},
		"not-a-pdf.pdf":  {[]byte("%PDF-1.7\nthis is not a PDF at all"), "damaged"},
		"tree-cycle.pdf": {pdfgen.Build("<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [2 0 R] /Count 1 >>"), "damaged"},
		"self-form.pdf": {pdfgen.Build(
			"<< /Type /Catalog /Pages 2 0 R >>",
			"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
			"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Fm1 4 0 R >> >> /Contents 5 0 R >>",
			pdfgen.Stream("/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /XObject << /Fm1 4 0 R >> >>", []byte("/Fm1 Do")),
			pdfgen.Stream("", []byte("/Fm1 Do")),
		), "no text"},
	}
	for name, h := range hostile {
		start := time.Now()
		d := add(name, h.data)
		if d.Status != store.DocFailed || !strings.Contains(d.Error, h.want) {
			t.Errorf("%s ended %s (%q), want failed with %q", name, d.Status, d.Error, h.want)
		}
		if took := time.Since(start); took > 20*time.Second {
			t.Errorf("%s took %v", name, took)
		}
	}
	hits, err := idx.Search(ctx, index.Query{Text: "We the People of the United States", CollectionIDs: []string{c.ID}})
	if err != nil || len(hits) == 0 || hits[0].Chunk.Locator.DocName != "constitution.pdf" {
		t.Fatalf("search after the hostile files: %d hits, %v", len(hits), err)
	}
	if d := add("gdpr.pdf", read("eu-gdpr-excerpt.pdf")); d.Status != store.DocReady {
		t.Fatalf("a good PDF after the hostile ones ended %s: %s", d.Status, d.Error)
	}
}

// Every extension the format detector knows is accepted under its format,
// whatever the alias: .htm is HTML, .markdown is Markdown, .text is text.
func TestEveryExtensionAliasIsIngested(t *testing.T) {
	db, lib, coll := startReal(t, 0)
	html := "<html><body><h1>Article 1</h1><p>Either party may terminate on notice.</p></body></html>"
	md := "# Article 1\n\nEither party may terminate on notice.\n"
	want := map[string]string{"a.htm": "html", "b.xhtml": "html", "c.HTML": "html", "d.markdown": "md", "e.mdown": "md", "f.text": "txt"}
	content := map[string]string{"a.htm": html, "b.xhtml": html, "c.HTML": html, "d.markdown": md, "e.mdown": md + " ", "f.text": md + "  "}
	ids := map[string]string{}
	for name := range want {
		added, err := lib.AddFile(context.Background(), coll, name, strings.NewReader(content[name]+name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ids[name] = added.Document.ID
	}
	deadline := time.Now().Add(20 * time.Second)
	for name, id := range ids {
		for {
			d, err := db.GetDocument(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if d.Status == store.DocReady || d.Status == store.DocFailed || time.Now().After(deadline) {
				if d.Status != store.DocReady || d.Format != want[name] {
					t.Errorf("%s: status %s, format %q (%s); want ready as %s", name, d.Status, d.Format, d.Error, want[name])
				}
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// A name with nothing left to call the file is the user's mistake.
func TestANamelessFileIsABadName(t *testing.T) {
	_, lib, coll := startReal(t, 0)
	for _, name := range []string{"..", "/", ""} {
		if _, err := lib.AddFile(context.Background(), coll, name, strings.NewReader("text")); !errors.Is(err, ErrBadName) {
			t.Errorf("%q: err = %v, want ErrBadName", name, err)
		}
	}
}

// A kill between storing an upload and recording its document leaves a
// partial upload and a stored file nobody refers to; the next start
// removes both, keeps the files documents refer to, and says how much it
// removed.
func TestStartRemovesWhatACrashLeftBehind(t *testing.T) {
	dir := t.TempDir()
	db, idx, lib := openReal(t, dir)
	must(t, lib.Start(context.Background()))
	c, err := db.CreateCollection(context.Background(), "C", "")
	must(t, err)
	added, err := lib.AddFile(context.Background(), c.ID, "act.txt", strings.NewReader("Article 1. Either party may terminate on notice."))
	must(t, err)
	lib.Close()
	must(t, os.MkdirAll(filepath.Join(dir, "files", "tmp"), 0o700))
	must(t, os.WriteFile(filepath.Join(dir, "files", "tmp", "upload-123"), []byte("half an upl"), 0o600))
	orphan := filepath.Join(dir, "files", "ab", "ab"+strings.Repeat("0", 62))
	must(t, os.MkdirAll(filepath.Dir(orphan), 0o700))
	must(t, os.WriteFile(orphan, []byte("stored, never recorded"), 0o600))

	again := New(Options{DB: db, Index: idx, DataDir: dir, Workers: 1, Extract: Ingest(ingest.DefaultLimits(), ingest.DefaultChunkOptions())})
	must(t, again.Start(context.Background()))
	defer again.Close()
	if got := again.RemovedLeftovers(); got.Files != 2 || got.Bytes != int64(len("half an upl")+len("stored, never recorded")) {
		t.Errorf("removed %+v, want the partial upload and the orphan", got)
	}
	for _, p := range []string{filepath.Join(dir, "files", "tmp", "upload-123"), orphan} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s is still there", p)
		}
	}
	d, err := db.GetDocument(context.Background(), added.Document.ID)
	must(t, err)
	if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(d.FilePath))); err != nil {
		t.Errorf("the document's own file is gone: %v", err)
	}
}
