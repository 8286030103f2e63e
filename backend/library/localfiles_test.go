package library

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
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

func TestListLocalWalksFoldersAndSaysWhatItLeftOut(t *testing.T) {
	root := tree(t, map[string]string{
		"statutes/uk/act.pdf":     "pdf",
		"statutes/uk/.DS_Store":   "x",
		"statutes/Thumbs.db":      "x",
		"statutes/.git/config":    "x",
		"statutes/__MACOSX/a.pdf": "x",
		"statutes/fr/code.txt":    "Article 1.",
		"loose.docx":              "docx",
	})
	folder := filepath.Join(root, "statutes")
	must(t, os.Symlink(filepath.Join(folder, "fr", "code.txt"), filepath.Join(folder, "link.txt")))
	must(t, os.Symlink(filepath.Join(folder, "uk"), filepath.Join(folder, "uk-link")))
	must(t, syscall.Mkfifo(filepath.Join(folder, "pipe"), 0o644))

	l := ListLocal([]string{folder, filepath.Join(root, "loose.docx"), filepath.Join(root, "missing.pdf"), "relative/act.pdf"})

	want := []string{"statutes/fr/code.txt", "statutes/link.txt", "statutes/uk/act.pdf", "loose.docx"}
	if got := rels(l); !slices.Equal(got, want) {
		t.Errorf("files = %q, want %q", got, want)
	}
	if l.Files[0].Path != filepath.Join(folder, "fr", "code.txt") || l.Files[0].Size != int64(len("Article 1.")) {
		t.Errorf("first file = %+v", l.Files[0])
	}
	if l.Hidden != 4 { // .DS_Store, Thumbs.db, .git/, __MACOSX/
		t.Errorf("hidden = %d, want 4", l.Hidden)
	}
	problems := map[string]string{}
	for _, p := range l.Problems {
		problems[p.Path] = p.Message
	}
	for path, words := range map[string]string{
		"statutes/pipe":    "not a regular file",
		"statutes/uk-link": "link to a folder",
		"missing.pdf":      "no such file or folder",
		"relative/act.pdf": "not an absolute path",
	} {
		if !strings.Contains(problems[path], words) {
			t.Errorf("problem for %s = %q, want it to say %q (all: %v)", path, problems[path], words, problems)
		}
	}
	if len(l.Problems) != 4 {
		t.Errorf("%d problems, want 4: %v", len(l.Problems), l.Problems)
	}
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

func TestOpenLocalRefusesWhatIsNotARegularFile(t *testing.T) {
	root := tree(t, map[string]string{"act.txt": "Article 1."})
	pipe := filepath.Join(root, "pipe")
	must(t, syscall.Mkfifo(pipe, 0o644))

	f, err := OpenLocal(filepath.Join(root, "act.txt"))
	if err != nil {
		t.Fatalf("a regular file: %v", err)
	}
	f.Close()

	for path, words := range map[string]string{
		root:                               "a folder",
		filepath.Join(root, "missing.txt"): "no such file",
		"act.txt":                          "not an absolute path",
		"/dev/null":                        "not a regular file",
		pipe:                               "not a regular file", // and without waiting for a writer
	} {
		done := make(chan error, 1)
		go func() {
			f, err := OpenLocal(path)
			if err == nil {
				f.Close()
			}
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), words) {
				t.Errorf("OpenLocal(%s) = %v, want an error saying %q", path, err, words)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("OpenLocal(%s) hangs", path)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
