package index

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/analysis"
)

func TestChunkIDsAndCountFollowAddAndDelete(t *testing.T) {
	x := newIndexWith(t, append(employmentAct(), labourLawAr()...)...)
	assertIDs(t, x, "act", "act-1", "act-12", "act-13", "act-14", "act-20")
	assertIDs(t, x, "ar-law", "ar-1", "ar-12", "ar-13")
	assertIDs(t, x, "missing")
	assertCount(t, x, 8)

	if err := x.DeleteDocument(context.Background(), "act"); err != nil {
		t.Fatalf("DeleteDocument: %v", err)
	}
	assertIDs(t, x, "act")
	assertIDs(t, x, "ar-law", "ar-1", "ar-12", "ar-13")
	assertCount(t, x, 3)
	if hits := mustSearch(t, x, Query{Text: "notice contract employer"}); len(hits) != 0 {
		t.Errorf("deleted chunks still found: %v", hitIDs(hits))
	}
	if err := x.DeleteDocument(context.Background(), "act"); err != nil {
		t.Errorf("DeleteDocument of a deleted document: %v", err)
	}
}

func TestChunkIDsPagesThroughLargeDocuments(t *testing.T) {
	var chunks []evidence.Chunk
	var want []string
	for i := range 2*idPage + 17 {
		id := fmt.Sprintf("big#%05d", i)
		chunks = append(chunks, chunk(id, "big", "c", "en", "clause"))
		want = append(want, id)
	}
	x := newIndexWith(t, chunks...)
	assertIDs(t, x, "big", want...)
	if err := x.DeleteDocument(context.Background(), "big"); err != nil {
		t.Fatal(err)
	}
	assertIDs(t, x, "big")
	assertCount(t, x, 0)
}

func TestAddReplacesChunksWithTheSameID(t *testing.T) {
	x := newIndexWith(t, employmentAct()...)
	changed := employmentAct()[1]
	changed.Text = "Either party may dissolve the agreement."
	mustAdd(t, x, changed)
	assertCount(t, x, 5)
	if hits := mustSearch(t, x, Query{Text: "dissolve"}); len(hits) != 1 || hits[0].Chunk.Text != changed.Text {
		t.Errorf("replaced chunk not found: %v", hits)
	}
	if hits := mustSearch(t, x, Query{Text: "written", DocIDs: []string{"act"}}); len(hits) != 0 {
		t.Errorf("old text still found: %v", hitIDs(hits))
	}
}

func TestAddRejectsChunksWithoutID(t *testing.T) {
	x, _ := newDiskIndex(t)
	if err := x.Add(context.Background(), []evidence.Chunk{{DocID: "d", Text: "x"}}); err == nil {
		t.Error("Add of a chunk without ID: no error")
	}
}

func TestAddHonoursContext(t *testing.T) {
	x, _ := newDiskIndex(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := x.Add(ctx, employmentAct()); !errors.Is(err, context.Canceled) {
		t.Errorf("Add with a cancelled context: %v", err)
	}
}

func TestSearchesRunWhileBatchesAreWritten(t *testing.T) {
	x := newIndexWith(t, employmentAct()...)
	ctx := context.Background()
	var wg sync.WaitGroup
	done := make(chan struct{})
	errs := make(chan error, 8)
	for r := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-done:
					return
				default:
				}
				hits, err := x.Search(ctx, Query{Text: "notice of termination", TopK: 5 + r})
				if err == nil && len(hits) == 0 {
					err = errors.New("no hits while writing")
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for b := range 10 {
		var batch []evidence.Chunk
		for i := range 120 {
			batch = append(batch, chunk(fmt.Sprintf("w%d-%d", b, i), fmt.Sprintf("w%d", b), "c", "en", "written notice of termination"))
		}
		if err := x.Add(ctx, batch); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	assertCount(t, x, 5+10*120)
}

func assertIDs(t *testing.T, x *Index, docID string, want ...string) {
	t.Helper()
	got, err := x.ChunkIDs(docID)
	if err != nil {
		t.Fatalf("ChunkIDs(%s): %v", docID, err)
	}
	if diff := cmp.Diff(want, got, cmpEmpty); diff != "" {
		t.Errorf("ChunkIDs(%s) (-want +got):\n%s", docID, diff)
	}
}

func assertCount(t *testing.T, x *Index, want int) {
	t.Helper()
	got, err := x.Count()
	if err != nil || got != want {
		t.Errorf("Count() = %d, %v; want %d", got, err, want)
	}
}

// The index keeps each term's frequency per chunk but not where it occurs
// (see analysis.textField): a chunk of one word repeated costs a count, not
// a location per word, when it is written and every time it is merged.
func TestTermsAreCountedNotLocated(t *testing.T) {
	x := newIndexWith(t, chunk("w-1", "w", "c", "en", strings.Repeat("witness ", 300)))
	found := 0
	for _, s := range x.shards {
		r, err := s.Reader()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		tfr, err := r.TermFieldReader(context.Background(), []byte("wit"), analysis.FieldTextEN, true, true, true)
		if err != nil {
			t.Fatal(err)
		}
		defer tfr.Close()
		for {
			tf, err := tfr.Next(nil)
			if err != nil {
				t.Fatal(err)
			}
			if tf == nil {
				break
			}
			found++
			if tf.Freq != 300 || len(tf.Vectors) != 0 {
				t.Errorf("frequency %d, %d locations; want 300 and none", tf.Freq, len(tf.Vectors))
			}
		}
	}
	if found != 1 {
		t.Fatalf("the term is in %d chunks, want 1", found)
	}
}
