package library

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Storing bytes the library already holds, while that stored file is open (an
// ingestion or a page view reading it), succeeds and leaves one file: Windows
// refuses to replace a file that a handle holds open, so the copy in place is kept.
func TestSaveFileKeepsAnOpenStoredCopy(t *testing.T) {
	dir := t.TempDir()
	db, idx, lib := openReal(t, dir)
	t.Cleanup(func() { lib.Close(); idx.Close(); db.Close() })

	first, err := lib.saveFile(strings.NewReader(statute(1, 3)))
	if err != nil {
		t.Fatal(err)
	}
	f, _, err := lib.openFile(first.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	second, err := lib.saveFile(strings.NewReader(statute(1, 3)))
	if err != nil {
		t.Fatalf("store the same bytes while the stored file is open: %v", err)
	}
	if second.Path != first.Path {
		t.Errorf("stored at %s, then at %s", first.Path, second.Path)
	}
	left, _ := os.ReadDir(filepath.Join(dir, "files", "tmp"))
	if len(left) != 0 {
		t.Errorf("uploads left behind: %v", left)
	}
}
