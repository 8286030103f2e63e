package library

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"lexflow/backend/index"
	"lexflow/backend/ingest"
	"lexflow/backend/store"
)

// The crash test re-executes this test binary as a child that ingests, and
// kills it with SIGKILL at random moments.
const childEnv = "LEXFLOW_LIBRARY_CRASH_CHILD"

func TestMain(m *testing.M) {
	if dir := os.Getenv(childEnv); dir != "" {
		crashChild(dir)
		return
	}
	if dir := os.Getenv(dyingChildEnv); dir != "" {
		dyingChild(dir)
		return
	}
	os.Exit(m.Run())
}

// openReal opens the real store, index and library in dir.
func openReal(t testing.TB, dir string) (*store.DB, *index.Index, *Library) {
	db, err := store.Open(context.Background(), filepath.Join(dir, "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	idx, err := index.Open(filepath.Join(dir, "index"))
	if err != nil {
		t.Fatal(err)
	}
	lib := New(Options{DB: db, Index: idx, DataDir: dir, Workers: 2,
		Extract: Ingest(ingest.DefaultLimits(), ingest.DefaultChunkOptions())})
	return db, idx, lib
}

// statute writes a synthetic statute with n articles; seed makes its bytes unique.
func statute(seed, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Act number %d\n\n", seed)
	for a := 1; a <= n; a++ {
		fmt.Fprintf(&b, "## Article %d\n\nThe party %d shall give notice of termination within %d days. ", a, seed, a*7)
		b.WriteString(strings.Repeat("Obligations under this Article continue after termination. ", 1+a%5))
		b.WriteString("\n\n")
	}
	return b.String()
}

// crashChild adds new statutes, re-indexes and deletes some, and works until it is killed.
func crashChild(dir string) {
	t := &testing.T{}
	_, _, lib := openReal(t, dir)
	ctx := context.Background()
	if err := lib.Start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "child start:", err)
		os.Exit(3)
	}
	coll := os.Getenv(childEnv + "_COLLECTION")
	round, _ := strconv.Atoi(os.Getenv(childEnv + "_ROUND"))
	for i := 0; ; i++ {
		seed := round*1000 + i
		lib.AddFile(ctx, coll, fmt.Sprintf("act-%d.md", seed), strings.NewReader(statute(seed, 5+seed%40)))
		docs, _ := lib.opts.DB.ListDocuments(ctx, coll)
		if len(docs) > 3 && i%3 == 0 {
			d := docs[rand.IntN(len(docs))]
			if i%2 == 0 {
				lib.Reindex(ctx, d.ID)
			} else {
				lib.Delete(ctx, d.ID)
			}
		}
		time.Sleep(time.Millisecond)
	}
}

func TestKillNineNeverLeavesIndexAndDatabaseApart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills child processes")
	}
	dir, c := closedLibraryWithCollection(t)
	rounds := 25
	for round := 1; round <= rounds; round++ {
		killChildAfter(t, dir, c.ID, round, time.Duration(20+rand.IntN(600))*time.Millisecond)
		checkAgreement(t, dir, round)
	}
	finishAndCheck(t, dir)
}

// closedLibraryWithCollection makes a data directory holding one
// collection, closed again for child processes to open.
func closedLibraryWithCollection(t *testing.T) (string, store.Collection) {
	dir := t.TempDir()
	db, idx, _ := openReal(t, dir)
	defer db.Close()
	defer idx.Close()
	c, err := db.CreateCollection(context.Background(), "Acts", "")
	if err != nil {
		t.Fatal(err)
	}
	return dir, c
}

func killChildAfter(t *testing.T, dir, collection string, round int, after time.Duration) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+dir, childEnv+"_COLLECTION="+collection, childEnv+"_ROUND="+strconv.Itoa(round))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(after)
	cmd.Process.Kill() // SIGKILL: no cleanup of any kind
	cmd.Wait()
	if strings.Contains(stderr.String(), "child start") || strings.Contains(stderr.String(), "panic") {
		t.Fatalf("round %d: child failed:\n%s", round, stderr.String())
	}
}

// checkAgreement recovers as a fresh start would and proves every ready
// document's chunk ids are exactly the same in SQLite and in the index.
func checkAgreement(t *testing.T, dir string, round int) {
	db, idx, lib := openReal(t, dir)
	defer db.Close()
	defer idx.Close()
	ctx := context.Background()
	if err := lib.Recover(ctx); err != nil {
		t.Fatalf("round %d: recover: %v", round, err)
	}
	bad, err := lib.Verify(ctx)
	if err != nil || len(bad) > 0 {
		t.Fatalf("round %d: index and database disagree for %v (%v)", round, bad, err)
	}
	stuck, _ := db.DocumentsWithStatus(ctx, store.DocIndexing, store.DocDeleting)
	if len(stuck) > 0 {
		t.Fatalf("round %d: %d documents left indexing or deleting after recovery", round, len(stuck))
	}
}

// finishAndCheck lets the library finish everything the kills interrupted,
// then checks every document is ready and the index holds exactly its chunks.
func finishAndCheck(t *testing.T, dir string) {
	db, idx, lib := openReal(t, dir)
	defer db.Close()
	defer idx.Close()
	ctx := context.Background()
	if err := lib.Start(ctx); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		open, _ := db.DocumentsWithStatus(ctx, store.DocQueued, store.DocParsing, store.DocIndexing)
		if len(open) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d documents never finished", len(open))
		}
		time.Sleep(50 * time.Millisecond)
	}
	lib.Close()
	failed, _ := db.DocumentsWithStatus(ctx, store.DocFailed)
	ready, _ := db.DocumentsWithStatus(ctx, store.DocReady)
	// A document whose reading was killed twice is failed by design (see
	// crashLimit); anything else failing is a bug.
	for _, d := range failed {
		if d.Error != crashedReason {
			t.Fatalf("%s failed: %s", d.Name, d.Error)
		}
	}
	if len(ready) == 0 {
		t.Fatalf("%d failed, none ready", len(failed))
	}
	total := 0
	for _, d := range ready {
		total += d.Chunks
	}
	if n, _ := idx.Count(); n != total {
		t.Fatalf("index holds %d chunks, the database %d", n, total)
	}
	if bad, _ := lib.Verify(ctx); len(bad) > 0 {
		t.Fatalf("disagreement after finishing: %v", bad)
	}
	t.Logf("%d documents, %d chunks, all in agreement", len(ready), total)
}

func defaultLimitsForTest() ingest.Limits       { return ingest.DefaultLimits() }
func defaultChunksForTest() ingest.ChunkOptions { return ingest.DefaultChunkOptions() }
