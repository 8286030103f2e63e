//go:build windows

package library

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Windows paths as the window's native file drop hands them over: a drive
// letter, either slash, non-ASCII names, the \\?\ long form, paths past the
// old 260-character limit, and reserved device names, which are never files.

func TestListLocalTakesWindowsPaths(t *testing.T) {
	root := tree(t, map[string]string{"Dossiers d'été/uk/act.pdf": "pdf", "Dossiers d'été/Thumbs.db": "x"})
	folder := filepath.Join(root, "Dossiers d'été")
	if filepath.VolumeName(folder) == "" {
		t.Fatalf("a temporary folder without a drive letter: %s", folder)
	}
	l := ListLocal([]string{
		folder,
		strings.ReplaceAll(folder, `\`, "/"),    // forward slashes are Windows paths too
		`\\?\` + folder,                         // the long form
		`\no drive\act.pdf`,                     // rooted, but on no drive: relative to the current one
		filepath.VolumeName(folder) + "act.pdf", // C:act.pdf: relative to C:'s current folder
	})
	want := []string{"Dossiers d'été/uk/act.pdf", "Dossiers d'été/uk/act.pdf", "Dossiers d'été/uk/act.pdf"}
	if got := rels(l); !slices.Equal(got, want) {
		t.Errorf("files = %q, want %q", got, want)
	}
	if len(l.Files) > 1 && l.Files[1].Path != filepath.Join(folder, "uk", "act.pdf") {
		t.Errorf("a path given with forward slashes lists as %s", l.Files[1].Path)
	}
	if l.Hidden != 3 {
		t.Errorf("hidden = %d, want Thumbs.db once per listing", l.Hidden)
	}
	if len(l.Problems) != 2 || !strings.Contains(l.Problems[0].Message, "not an absolute path") ||
		!strings.Contains(l.Problems[1].Message, "not an absolute path") {
		t.Errorf("problems = %v, want the two paths without a drive refused", l.Problems)
	}
}

func TestLocalFilesPastTheOldPathLimit(t *testing.T) {
	root := t.TempDir()
	dir := root
	for len(dir) < 300 {
		dir = filepath.Join(dir, strings.Repeat("d", 40))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "act.txt")
	if err := os.WriteFile(path, []byte("Article 1."), 0o644); err != nil {
		t.Fatal(err)
	}
	l := ListLocal([]string{root})
	if len(l.Files) != 1 || l.Files[0].Path != path || len(l.Problems) != 0 {
		t.Fatalf("listing = %+v, want %s", l, path)
	}
	f, err := OpenLocal(path)
	if err != nil {
		t.Fatalf("open a %d-character path: %v", len(path), err)
	}
	defer f.Close()
	if b, _ := io.ReadAll(f); string(b) != "Article 1." {
		t.Errorf("read %q", b)
	}
}

// A reserved device name is refused, never opened for reading: what the
// refusal says differs (Windows says it is not a regular file, Wine that the
// handle is invalid, Windows 11 that Con.txt does not exist), but it names the file.
func TestOpenLocalRefusesReservedNames(t *testing.T) {
	root := tree(t, map[string]string{"act.txt": "Article 1."})
	for _, name := range []string{"CON", "nul", "Con.txt"} {
		f, err := OpenLocal(filepath.Join(root, name))
		if err == nil {
			f.Close()
			t.Errorf("OpenLocal(%s) opened a device", name)
		} else if !strings.HasPrefix(err.Error(), name+": ") {
			t.Errorf("OpenLocal(%s) = %v, want a refusal that names it", name, err)
		}
	}
}
