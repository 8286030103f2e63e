package library

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree writes files (path → content) under a fresh folder and returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, body := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func rels(l LocalListing) []string {
	out := make([]string, len(l.Files))
	for i, f := range l.Files {
		out[i] = f.Rel
	}
	return out
}

func TestListLocalStopsAtTheCapAndSaysSo(t *testing.T) {
	old := maxLocalFiles
	maxLocalFiles = 3
	t.Cleanup(func() { maxLocalFiles = old })
	root := tree(t, map[string]string{"a/1.txt": "1", "a/2.txt": "2", "a/3.txt": "3", "a/4.txt": "4", "b/5.txt": "5"})

	l := ListLocal([]string{filepath.Join(root, "a"), filepath.Join(root, "b")})

	if len(l.Files) != 3 {
		t.Errorf("%d files, want the cap of 3", len(l.Files))
	}
	if len(l.Problems) != 1 || !strings.Contains(l.Problems[0].Message, "more than 3 files") {
		t.Errorf("problems = %v, want one that names the cap", l.Problems)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
