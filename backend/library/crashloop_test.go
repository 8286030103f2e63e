package library

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/ingest"
	"lexflow/backend/store"
)

// dyingChildEnv names the data directory of a child whose extractor dies
// the way a Go program out of memory does: at once, exit status 2, nothing
// cleaned up.
const dyingChildEnv = "LEXFLOW_LIBRARY_DYING_CHILD"

func dyingChild(dir string) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(dir, "lexflow.db"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "child start:", err)
		os.Exit(3)
	}
	idx, err := index.Open(filepath.Join(dir, "index"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "child start:", err)
		os.Exit(3)
	}
	die := func(context.Context, evidence.Document, io.ReaderAt, int64) (store.Extraction, error) {
		fmt.Fprintln(os.Stderr, "fatal error: out of memory")
		os.Exit(2)
		return store.Extraction{}, nil
	}
	lib := New(Options{DB: db, Index: idx, DataDir: dir, Workers: 2, Extract: die})
	if err := lib.Start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "child start:", err)
		os.Exit(3)
	}
	if coll := os.Getenv(dyingChildEnv + "_ADD_TO"); coll != "" {
		lib.AddFile(ctx, coll, "page.html", strings.NewReader("<main><h1>Article 1</h1><p>w</p></main>"))
	}
	time.Sleep(20 * time.Second) // the extractor exits long before
	os.Exit(0)
}

// runDyingChild runs the child to its end and checks it died extracting.
func runDyingChild(t *testing.T, dir, addTo string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), dyingChildEnv+"="+dir, dyingChildEnv+"_ADD_TO="+addTo)
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 2 {
		t.Fatalf("child did not die extracting: %v\n%s", err, out)
	}
}

// A document whose reading took the program down twice is failed with the
// reason at the next start, not queued to take it down again; re-indexing
// it by hand gives it another try.
func TestDocumentThatKilledTheProgramTwiceIsFailedNotRequeued(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	dir, c := closedLibraryWithCollection(t)
	runDyingChild(t, dir, c.ID) // adds the file and dies reading it
	status := func() store.Document {
		db, err := store.Open(context.Background(), filepath.Join(dir, "lexflow.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		docs, err := db.ListDocuments(context.Background(), c.ID)
		if err != nil || len(docs) != 1 {
			t.Fatalf("documents %v, %v", docs, err)
		}
		return docs[0]
	}
	if d := status(); d.Status != store.DocParsing {
		t.Fatalf("after one death the document is %s, want parsing (queued again at the next start)", d.Status)
	}
	runDyingChild(t, dir, "") // the restart queues it again and dies again

	db, idx, lib := openReal(t, dir)
	defer db.Close()
	defer idx.Close()
	ctx := context.Background()
	if err := lib.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	d := status()
	if d.Status != store.DocFailed || d.Error != crashedReason {
		t.Fatalf("after two deaths: %s %q, want failed with the reason", d.Status, d.Error)
	}
	if err := lib.Reindex(ctx, d.ID); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, db, d.ID, store.DocReady)
	if n, err := db.UnfinishedExtractions(ctx, d.ID); n != 0 || err != nil {
		t.Fatalf("unfinished extractions after a good one: %d, %v", n, err)
	}
}

// Quitting while a document is being read is no crash: the reading is
// cancelled and ends, so however often Lexflow is closed and opened again
// in the middle of a long document, it is read again at the next start and
// never failed for stopping the program.
func TestQuittingWhileReadingIsNotACrash(t *testing.T) {
	dir, c := closedLibraryWithCollection(t)
	db, idx, _ := openReal(t, dir)
	defer db.Close()
	defer idx.Close()
	ctx := context.Background()
	reading := make(chan string, 1)
	longRead := func(ctx context.Context, doc evidence.Document, _ io.ReaderAt, _ int64) (store.Extraction, error) {
		reading <- doc.ID
		<-ctx.Done()
		return store.Extraction{}, ctx.Err()
	}
	var id string
	for round := range 3 {
		lib := New(Options{DB: db, Index: idx, DataDir: dir, Workers: 2, Extract: longRead})
		if err := lib.Start(ctx); err != nil {
			t.Fatal(err)
		}
		if round == 0 {
			if _, err := lib.AddFile(ctx, c.ID, "act.md", strings.NewReader(statute(1, 20))); err != nil {
				t.Fatal(err)
			}
		}
		id = <-reading
		if n, err := db.UnfinishedExtractions(ctx, id); n != 1 || err != nil {
			t.Fatalf("round %d: %d unfinished extractions while reading (%v), want 1", round, n, err)
		}
		lib.Close() // the user quits
		if n, err := db.UnfinishedExtractions(ctx, id); n != 0 || err != nil {
			t.Fatalf("round %d: %d unfinished extractions after quitting (%v), want 0", round, n, err)
		}
	}
	lib := New(Options{DB: db, Index: idx, DataDir: dir, Workers: 2, Extract: Ingest(ingest.DefaultLimits(), ingest.DefaultChunkOptions())})
	if err := lib.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	waitStatus(t, db, id, store.DocReady)
}

func waitStatus(t *testing.T, db *store.DB, id string, want store.DocStatus) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		d, err := db.GetDocument(context.Background(), id)
		if err == nil && d.Status == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("document is %s (%s), want %s", d.Status, d.Error, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
