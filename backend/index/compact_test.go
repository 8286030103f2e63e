package index

import (
	"bufio"
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

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/shards"
)

// shardSegments counts every shard's segments.
func shardSegments(t *testing.T, x *Index) []uint64 {
	t.Helper()
	var n []uint64
	for _, s := range x.shards {
		n = append(n, s.Segments())
	}
	return n
}

// addDocuments adds docs documents of 20 chunks, one Add (one segment per
// shard) each.
func addDocuments(t testing.TB, x *Index, from, docs int) {
	t.Helper()
	for d := from; d < from+docs; d++ {
		var chunks []evidence.Chunk
		for c := range 20 {
			chunks = append(chunks, chunk(fmt.Sprintf("d%d-%02d", d, c), fmt.Sprintf("d%d", d), "coll", "en",
				fmt.Sprintf("Article %d. The licensee shall pay royalties of %d percent within %d days of notice.", c+1, d, c*7)))
		}
		mustAdd(t, x, chunks...)
	}
}

// Once writes stop, the index merges each shard into one segment by
// itself, and searches find the same hits with the same scores.
func TestIndexCompactsOnceWritesStop(t *testing.T) {
	keepSmallSegmentsApart(t)
	x, _ := newDiskIndex(t)
	x.compactor.Idle = 100 * time.Millisecond
	addDocuments(t, x, 0, 8)
	if n := shardSegments(t, x); allAtMost(n, 1) {
		t.Fatalf("segments per shard %v right after the writes: the test needs several", n)
	}
	before := mustSearch(t, x, Query{Text: "royalties notice licensee", TopK: 50})
	if len(before) == 0 {
		t.Fatal("no hits before compaction")
	}
	waitForOneSegment(t, x)
	after := mustSearch(t, x, Query{Text: "royalties notice licensee", TopK: 50})
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("hits changed by compaction (-before +after):\n%s", diff)
	}
}

var smallSegmentsApart = map[string]any{"FloorSegmentSize": 1}

// keepSmallSegmentsApart makes Bleve leave the test's small segments
// unmerged, as it leaves the large segments of a big library (ten to a tier).
func keepSmallSegmentsApart(t *testing.T) {
	shards.MergePlan = smallSegmentsApart
	t.Cleanup(func() { shards.MergePlan = nil })
}

// An index left in several segments (the app closed before compacting)
// compacts once idle after it is opened again, without a write.
func TestIndexCompactsAfterReopening(t *testing.T) {
	keepSmallSegmentsApart(t)
	x, dir := newDiskIndex(t)
	x.compactor.Idle = 0
	addDocuments(t, x, 0, 8)
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	idle := compactIdle
	compactIdle = 50 * time.Millisecond
	t.Cleanup(func() { compactIdle = idle })
	x, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if n := shardSegments(t, x); allAtMost(n, 1) {
		t.Fatalf("segments per shard %v on reopening: the test needs several", n)
	}
	waitForOneSegment(t, x)
}

// waitForOneSegment waits until every shard holds one segment at most.
func waitForOneSegment(t *testing.T, x *Index) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for n := shardSegments(t, x); !allAtMost(n, 1); n = shardSegments(t, x) {
		if time.Now().After(deadline) {
			t.Fatalf("segments per shard %v, want 1 once idle", n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func allAtMost(n []uint64, most uint64) bool {
	for _, v := range n {
		if v > most {
			return false
		}
	}
	return true
}

// The crash test re-executes this test binary as a child (TestMain runs
// compactChild) that adds documents and compacts in turn until it is killed.
const compactChildEnv = "LEXFLOW_INDEX_COMPACT_CHILD"

// compactChild adds a document, prints its number once Add has returned,
// compacts, and so on.
func compactChild(dir string) {
	shards.MergePlan = smallSegmentsApart // so that Compact has segments to merge
	x, err := Open(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child open:", err)
		os.Exit(3)
	}
	from, _ := strconv.Atoi(os.Getenv(compactChildEnv + "_FROM"))
	t := &testing.T{}
	for d := from; ; d++ {
		addDocuments(t, x, d, 1)
		fmt.Println(d)
		fmt.Println("compacting")
		x.Compact(context.Background())
		fmt.Println("compacted")
	}
}

// kill -9 at random moments of adding and compacting: the index reopens,
// and every document whose Add returned is there, whole.
func TestKillDuringCompactionLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a child process many times")
	}
	dir := filepath.Join(t.TempDir(), "index")
	acked, midCompaction := 0, 0
	for round := range 8 {
		var compacting bool
		acked, compacting = runCompactChild(t, dir, acked, time.Duration(300+rand.IntN(900))*time.Millisecond)
		if compacting {
			midCompaction++
		}
		x, err := Open(dir)
		if err != nil {
			t.Fatalf("round %d: reopen after kill: %v", round, err)
		}
		for d := range acked {
			ids, err := x.ChunkIDs(fmt.Sprintf("d%d", d))
			if err != nil || len(ids) != 20 {
				t.Fatalf("round %d: document d%d has %d chunks (%v), want 20", round, d, len(ids), err)
			}
		}
		if err := x.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if acked < 8 {
		t.Errorf("only %d documents added in 8 rounds: the child did not get going", acked)
	}
	t.Logf("%d documents; %d of 8 kills landed during a compaction", acked, midCompaction)
}

// runCompactChild starts a child adding documents from "from", kills it
// after d and returns how many documents are acknowledged in all, and
// whether the kill landed during a compaction.
func runCompactChild(t *testing.T, dir string, from int, d time.Duration) (int, bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), compactChildEnv+"="+dir, compactChildEnv+"_FROM="+strconv.Itoa(from))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	type outcome struct {
		acked      int
		compacting bool
	}
	done := make(chan outcome)
	go func() {
		o := outcome{acked: from}
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if n, err := strconv.Atoi(line); err == nil {
				o.acked = n + 1
			}
			o.compacting = line == "compacting"
		}
		done <- o
	}()
	time.Sleep(d)
	_ = cmd.Process.Kill()
	o := <-done
	_ = cmd.Wait()
	return o.acked, o.compacting
}
