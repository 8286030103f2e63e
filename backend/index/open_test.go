package index

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReopenKeepsChunksAndScores(t *testing.T) {
	x, dir := newDiskIndex(t)
	mustAdd(t, x, append(employmentAct(), labourLawAr()...)...)
	q := Query{Text: "notice of termination الإخطار"}
	before := mustSearch(t, x, q)
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if err := x.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}

	y, err := Open(dir)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer y.Close()
	assertCount(t, y, 8)
	assertIDs(t, y, "ar-law", "ar-1", "ar-12", "ar-13")
	// the sample taken at Open covers this small index, so BM25 sees the same averages
	if diff := cmp.Diff(before, mustSearch(t, y, q)); diff != "" {
		t.Errorf("hits after reopening (-before +after):\n%s", diff)
	}
}

func TestOpenCreatesMissingAndEmptyDirectories(t *testing.T) {
	for _, dir := range []string{
		filepath.Join(t.TempDir(), "a", "b", "index"),
		t.TempDir(), // exists, empty
	} {
		x, err := Open(dir)
		if err != nil {
			t.Fatalf("Open(%s): %v", dir, err)
		}
		mustAdd(t, x, employmentAct()...)
		_ = x.Close()
	}
}

func TestOpenRefusesWhatIsNotAnIndex(t *testing.T) {
	dir := t.TempDir()
	precious := filepath.Join(dir, "thesis.docx")
	if err := os.WriteFile(precious, []byte("not an index"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Open(dir)
	if !errors.Is(err, ErrCorrupt) {
		t.Errorf("Open of a folder of documents: %v, want ErrCorrupt", err)
	}
	if _, err := os.Stat(precious); err != nil {
		t.Errorf("Open touched the folder's content: %v", err)
	}
	file := filepath.Join(dir, "plain-file")
	_ = os.WriteFile(file, nil, 0o644)
	if _, err := Open(file); err == nil {
		t.Error("Open of a plain file: no error")
	}
}

func TestOpenReportsDamageAsErrCorrupt(t *testing.T) {
	tests := []struct {
		name   string
		damage func(t *testing.T, dir string)
	}{
		{"manifest missing", remove(manifestFile)},
		{"manifest garbage", overwrite(manifestFile, "{not json")},
		{"manifest without shards", overwrite(manifestFile, `{"schema":"`+schemaVersion+`","shards":0}`)},
		{"more shards than exist", overwrite(manifestFile, `{"schema":"`+schemaVersion+`","shards":5}`)},
		{"shard missing", remove("shard-0")},
		{"shard metadata garbage", inShards(overwrite("index_meta.json", "{not json"))},
		{"shard metadata missing", inShards(remove("index_meta.json"))},
		{"unknown index type", inShards(overwrite("index_meta.json", `{"storage":"boltdb","index_type":"nonsense"}`))},
		{"root garbage", inShards(overwrite(filepath.Join("store", "root.bolt"), strings.Repeat("garbage!", 4096)))},
		{"root truncated", inShards(truncate(filepath.Join("store", "root.bolt"), 100))},
		{"segment garbage", inShards(eachSegment(func(t *testing.T, p string) { writeFile(t, p, strings.Repeat("\x00\xff", 5000)) }))},
		{"segment truncated", inShards(eachSegment(func(t *testing.T, p string) { truncateFile(t, p, 64) }))},
		{"segment missing", inShards(eachSegment(func(t *testing.T, p string) { _ = os.Remove(p) }))},
		{"store missing", inShards(remove("store"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, dir := newDiskIndex(t)
			mustAdd(t, x, append(employmentAct(), labourLawAr()...)...)
			_ = x.Close()
			tt.damage(t, dir)
			y, err := Open(dir)
			if err == nil {
				_ = y.Close()
				t.Fatal("Open of a damaged index: no error")
			}
			if !errors.Is(err, ErrCorrupt) {
				t.Errorf("Open: %v, want ErrCorrupt", err)
			}
		})
	}
}

func TestOpenRefusesAnotherSchemaVersion(t *testing.T) {
	x, dir := newDiskIndex(t)
	_ = x.Close()
	writeFile(t, filepath.Join(dir, manifestFile), `{"schema":"lexflow-index-0","shards":2}`)
	if _, err := Open(dir); !errors.Is(err, ErrCorrupt) || !errors.Is(err, ErrOutdated) || !strings.Contains(err.Error(), "lexflow-index-0") {
		t.Errorf("Open of an old index: %v, want ErrCorrupt and ErrOutdated naming the old schema", err)
	}
}

func TestOpenReportsALockedIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the lock timeout")
	}
	_, dir := newDiskIndex(t)
	y, err := Open(dir)
	if err == nil {
		_ = y.Close()
	}
	if !errors.Is(err, ErrLocked) {
		t.Errorf("second Open: %v, want ErrLocked", err)
	}
}

func overwrite(name, content string) func(*testing.T, string) {
	return func(t *testing.T, dir string) { writeFile(t, filepath.Join(dir, name), content) }
}

func remove(name string) func(*testing.T, string) {
	return func(t *testing.T, dir string) {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
}

func truncate(name string, size int64) func(*testing.T, string) {
	return func(t *testing.T, dir string) { truncateFile(t, filepath.Join(dir, name), size) }
}

// inShards applies damage to every shard of the index.
func inShards(damage func(*testing.T, string)) func(*testing.T, string) {
	return func(t *testing.T, dir string) {
		shards, _ := filepath.Glob(filepath.Join(dir, "shard-*"))
		if len(shards) == 0 {
			t.Fatal("no shards to damage")
		}
		for _, s := range shards {
			damage(t, s)
		}
	}
}

// eachSegment damages every segment file of a shard.
func eachSegment(damage func(*testing.T, string)) func(*testing.T, string) {
	return func(t *testing.T, dir string) {
		segs, _ := filepath.Glob(filepath.Join(dir, "store", "*.zap"))
		for _, p := range segs {
			damage(t, p)
		}
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func truncateFile(t *testing.T, path string, size int64) {
	t.Helper()
	if err := os.Truncate(path, size); err != nil {
		t.Fatal(err)
	}
}
