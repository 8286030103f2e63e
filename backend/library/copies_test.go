package library

import (
	"bytes"
	"context"
	"io/fs"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/store"
	"lexflow/examples"
)

// sampleLibrary ingests the sample library (examples/corpus) into a real
// database and index on disk, and returns them with each file's document.
type sampleLibrary struct {
	db   *store.DB
	lib  *Library
	idx  *index.Index
	coll string
	docs map[string]store.Document // by file name
}

func ingestSample(t *testing.T) *sampleLibrary {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	db, idx, lib := openReal(t, dir)
	if err := lib.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lib.Close(); idx.Close(); db.Close() })
	c, err := db.CreateCollection(ctx, "Sample", "")
	if err != nil {
		t.Fatal(err)
	}
	s := &sampleLibrary{db: db, lib: lib, idx: idx, coll: c.ID, docs: map[string]store.Document{}}
	corpus := examples.Corpus()
	names, _ := fs.Glob(corpus, "*.*")
	var ids []string
	for _, name := range names {
		if name == "README.md" || strings.HasSuffix(name, ".sh") {
			continue
		}
		b, _ := fs.ReadFile(corpus, name)
		added, err := lib.AddFile(ctx, c.ID, name, bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, added.Document.ID)
	}
	for _, id := range ids {
		waitSettled(t, db, id)
	}
	s.reload(t)
	return s
}

// reload reads every document's row again.
func (s *sampleLibrary) reload(t *testing.T) {
	t.Helper()
	docs, err := s.db.ListDocuments(context.Background(), s.coll)
	if err != nil {
		t.Fatal(err)
	}
	clear(s.docs)
	for _, d := range docs {
		if d.Status != store.DocReady {
			t.Fatalf("%s is %s: %s", d.Name, d.Status, d.Error)
		}
		s.docs[d.Name] = d
	}
}

// copies maps each copy's file name to its canonical document's.
func (s *sampleLibrary) copies() map[string]string {
	byID := map[string]string{}
	for name, d := range s.docs {
		byID[d.ID] = name
	}
	out := map[string]string{}
	for name, d := range s.docs {
		if d.DuplicateOf != "" {
			out[name] = byID[d.DuplicateOf]
		}
	}
	return out
}

func (s *sampleLibrary) search(t *testing.T, q index.Query) []evidence.Hit {
	t.Helper()
	q.CollectionIDs = []string{s.coll}
	hits, err := OneCopy{DB: s.db, Index: s.idx}.Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return hits
}

// firstOf is the best hit in a file whose name starts with prefix.
func firstOf(hits []evidence.Hit, prefix string) evidence.Hit {
	for _, h := range hits {
		if strings.HasPrefix(h.Chunk.Locator.DocName, prefix) {
			return h
		}
	}
	return evidence.Hit{}
}

// The sample library's copies are flagged, the text format canonical; the
// statutes loaded once are not.
func TestSampleLibraryCopiesAreFlagged(t *testing.T) {
	s := ingestSample(t)
	want := map[string]string{
		"eg-civil-code-excerpt-ar.html":           "eg-civil-code-excerpt-ar.docx",
		"eg-civil-code-excerpt-ar.pdf":            "eg-civil-code-excerpt-ar.docx",
		"eu-gdpr-excerpt.pdf":                     "eu-gdpr-excerpt.html",
		"uk-consumer-rights-act-2015-excerpt.pdf": "uk-consumer-rights-act-2015-excerpt.docx",
		"sample-services-agreement.md":            "sample-services-agreement.docx",
	}
	if diff := cmp.Diff(want, s.copies()); diff != "" {
		t.Errorf("copies (-want +got):\n%s", diff)
	}
}

// A search finds each clause once, in the canonical file, which names its
// copies; the default distinct search of answers too. Asking for a copy by
// id still searches it.
func TestSearchFindsEachClauseOnce(t *testing.T) {
	s := ingestSample(t)
	for _, distinct := range []bool{false, true} {
		hits := s.search(t, index.Query{Text: "the trader must perform the service with reasonable care and skill", TopK: 10, Distinct: distinct})
		if len(hits) == 0 {
			t.Fatal("no hits")
		}
		seen := map[string]bool{}
		for _, h := range hits {
			name := h.Chunk.Locator.DocName
			if s.docs[name].DuplicateOf != "" {
				t.Errorf("distinct %v: a hit in the copy %s", distinct, name)
			}
			key := name + " " + h.Chunk.Locator.Heading()
			if seen[key] {
				t.Errorf("distinct %v: %s twice", distinct, key)
			}
			seen[key] = true
		}
		top := firstOf(hits, "uk-consumer-rights-act-2015")
		if top.Chunk.Locator.DocName != "uk-consumer-rights-act-2015-excerpt.docx" {
			t.Fatalf("the Act found in %q", top.Chunk.Locator.DocName)
		}
		pdf := s.docs["uk-consumer-rights-act-2015-excerpt.pdf"]
		if diff := cmp.Diff([]evidence.DocRef{{ID: pdf.ID, Name: pdf.Name}}, top.AlsoIn); diff != "" {
			t.Errorf("distinct %v: also in (-want +got):\n%s", distinct, diff)
		}
	}
	pdf := s.docs["uk-consumer-rights-act-2015-excerpt.pdf"]
	hits := s.search(t, index.Query{Text: "reasonable care and skill", DocIDs: []string{pdf.ID}})
	if len(hits) == 0 || hits[0].Chunk.DocID != pdf.ID || len(hits[0].AlsoIn) != 1 {
		t.Errorf("searching the copy by id: %d hits, first %+v", len(hits), hits)
	}
}

// Deleting a canonical document promotes its best copy (a text format
// before a PDF), whose passages are then found; deleting the last but one
// file leaves the last standing alone. Re-ingesting a copy keeps it a copy.
func TestDeletingTheCanonicalCopyPromotesAnother(t *testing.T) {
	s := ingestSample(t)
	ctx := context.Background()
	if err := s.lib.Delete(ctx, s.docs["eg-civil-code-excerpt-ar.docx"].ID); err != nil {
		t.Fatal(err)
	}
	s.reload(t)
	if got := s.copies()["eg-civil-code-excerpt-ar.pdf"]; got != "eg-civil-code-excerpt-ar.html" {
		t.Errorf("the Arabic PDF is a copy of %q, want the HTML", got)
	}
	if err := s.lib.Delete(ctx, s.docs["uk-consumer-rights-act-2015-excerpt.docx"].ID); err != nil {
		t.Fatal(err)
	}
	s.reload(t)
	if d := s.docs["uk-consumer-rights-act-2015-excerpt.pdf"]; d.DuplicateOf != "" {
		t.Errorf("the last file of the Act is still a copy of %s", d.DuplicateOf)
	}
	hits := s.search(t, index.Query{Text: "the trader must perform the service with reasonable care and skill", Distinct: true})
	if top := firstOf(hits, "uk-consumer-rights-act-2015"); top.Chunk.Locator.DocName != "uk-consumer-rights-act-2015-excerpt.pdf" || len(top.AlsoIn) != 0 {
		t.Errorf("after deleting the DOCX the Act is found in %q, also in %v", top.Chunk.Locator.DocName, top.AlsoIn)
	}

	md := s.docs["sample-services-agreement.md"]
	if err := s.lib.Reindex(ctx, md.ID); err != nil {
		t.Fatal(err)
	}
	waitSettled(t, s.db, md.ID)
	s.reload(t)
	if got := s.copies()["sample-services-agreement.md"]; got != "sample-services-agreement.docx" {
		t.Errorf("re-ingested, the Markdown is a copy of %q", got)
	}
	if got := s.copies()["eu-gdpr-excerpt.pdf"]; got != "eu-gdpr-excerpt.html" {
		t.Errorf("an unrelated copy is now a copy of %q", got)
	}
}
