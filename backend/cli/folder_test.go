package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A folder of 5,000 files, some bad, some repeated: every file gets its own
// outcome, nothing is silently skipped, and the library answers searches after.
func TestIngestFolderOfFiveThousandFiles(t *testing.T) {
	if os.Getenv("LEXFLOW_STRESS") == "" {
		t.Skip("ingests 5,000 files (minutes on two cores): run with LEXFLOW_STRESS=1, as make stress does")
	}
	dir, folder := t.TempDir(), filepath.Join(t.TempDir(), "bulk")
	bad := map[string]string{ // file → the status it must end with
		"empty.txt": "failed", "binary.txt": "failed", "notes.xyz": "failed",
	}
	const total = 5000
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(folder, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	write("empty.txt", "")
	write("binary.txt", "\x00\x01\x02 not text \x00")
	write("notes.xyz", "what is this")
	for i := 0; len(bad)+i < total; i++ {
		text := fmt.Sprintf("Article %d. Notice number %d must be given in writing within %d days.\n", i, i, i%90)
		if i%1000 == 999 {
			text = "Article 1. This sentence appears in several files.\n" // four files alike: one ready, three duplicates
		}
		write(fmt.Sprintf("act-%04d.txt", i), text)
	}
	run(t, dir, "collection", "create", "Bulk")
	start := time.Now()
	r := run(t, dir, "ingest", "--collection", "Bulk", "--json", folder)
	if r.code != ExitOK && r.code != ExitFailed {
		t.Fatalf("ingest: code %d, %s", r.code, r.stderr)
	}
	var sums []IngestSummary
	if err := json.Unmarshal([]byte(r.stdout), &sums); err != nil {
		t.Fatalf("summary: %v", err)
	}
	if len(sums) != total {
		t.Fatalf("%d outcomes for %d files", len(sums), total)
	}
	counts := map[string]int{}
	for _, s := range sums {
		counts[s.Status]++
		name := filepath.Base(s.File)
		if want, ok := bad[name]; ok && (s.Status != want || s.Error == "") {
			t.Errorf("%s: %s %q, want %s with a reason", name, s.Status, s.Error, want)
		}
		if s.Status == "" {
			t.Errorf("%s has no outcome", name)
		}
	}
	if counts["duplicate"] != 3 || counts["ready"] != total-len(bad)-3 {
		t.Errorf("outcomes %v", counts)
	}
	t.Logf("%d files in %s: %v", total, time.Since(start).Round(time.Millisecond), counts)
	if r := run(t, dir, "search", "--collection", "Bulk", "--json", "notice number 4321 in writing"); r.code != ExitOK {
		t.Errorf("search after the bulk ingest: %+v", r)
	}
}
