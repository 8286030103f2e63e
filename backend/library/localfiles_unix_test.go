//go:build unix

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

// These tests make symbolic links and named pipes, which Windows does not
// let an ordinary user make; localfiles_windows_test.go tests Windows paths.

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
