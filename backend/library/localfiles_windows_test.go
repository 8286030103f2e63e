//go:build windows

package library

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/windows"
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

// Paths on network shares and in the \\?\ form, named from the dropped item
// whatever the volume: a share (\\server\share), a drive root, the long form.
func TestRelNamesOnWindowsVolumes(t *testing.T) {
	for _, c := range []struct{ base, path, want string }{
		{`\\server\share`, `\\server\share\Dossiers\bail.pdf`, "Dossiers/bail.pdf"},
		{`\\server\share\Dossiers`, `\\server\share\Dossiers\2024\bail.pdf`, "2024/bail.pdf"},
		{`\\SERVER\Share\Dossiers`, `\\server\share\Dossiers\bail.pdf`, "bail.pdf"}, // names ignore case
		{`\\server\share`, `\\server\share`, "//server/share"},                      // the share itself keeps its name
		{`\\?\UNC\server\share\Dossiers`, `\\?\UNC\server\share\Dossiers\bail.pdf`, "bail.pdf"},
		{`\\?\C:\Users\Zoë`, `\\?\C:\Users\Zoë\Dossier d'été\bail.pdf`, "Dossier d'été/bail.pdf"},
		{`Z:\`, `Z:\Dossiers\bail.pdf`, "Dossiers/bail.pdf"},
		{`C:\`, `D:\elsewhere.pdf`, "D:/elsewhere.pdf"},
	} {
		if got := relName(c.base, c.path); got != c.want {
			t.Errorf("relName(%s, %s) = %q, want %q", c.base, c.path, got, c.want)
		}
	}
}

// A share that cannot be reached is refused for that path alone, as an
// absolute path, in words. Windows says the network path is not found; Wine,
// which has no network client, that the path is not found.
func TestListLocalOnAShareThatCannotBeReached(t *testing.T) {
	unc := `\\nosuchserver.invalid\share\Dossiers\bail.pdf`
	l := ListLocal([]string{unc, `\\?\UNC\nosuchserver.invalid\share\Dossiers`})
	if len(l.Files) != 0 || len(l.Problems) != 2 {
		t.Fatalf("listing = %+v, want the two paths refused", l)
	}
	for _, p := range l.Problems {
		if p.Message != "the network share cannot be reached: check that you are connected to it" && p.Message != "no such file or folder" {
			t.Errorf("%s: %q", p.Path, p.Message)
		}
	}
	if _, err := OpenLocal(unc); err == nil || !strings.HasPrefix(err.Error(), "bail.pdf: ") {
		t.Errorf("OpenLocal(%s) = %v, want a refusal that names the file", unc, err)
	}
	lost := &os.PathError{Op: "open", Path: unc, Err: windows.ERROR_BAD_NETPATH}
	if got := readProblem(lost); got != "the network share cannot be reached: check that you are connected to it" {
		t.Errorf("a share gone away reads %q", got)
	}
}

// A drive dropped whole (here a letter mapped to a folder, as `subst` does,
// standing in for a mapped network drive) names its files from the drive.
// Wine 8 records the mapping but finds no files through it (its own subst
// too), so there the test is skipped and TestRelNamesOnWindowsVolumes stands.
func TestListLocalOfADriveRoot(t *testing.T) {
	// Not t.TempDir: Wine fails its cleanup, which would fail this test where it is skipped.
	root, err := os.MkdirTemp("", "drive-root")
	must(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	must(t, os.MkdirAll(filepath.Join(root, "Dossiers"), 0o755))
	must(t, os.WriteFile(filepath.Join(root, "Dossiers", "bail.pdf"), []byte("pdf"), 0o644))
	must(t, os.WriteFile(filepath.Join(root, "desktop.ini"), []byte("x"), 0o644))
	drive := freeDrive(t)
	if err := windows.DefineDosDevice(0, windows.StringToUTF16Ptr(drive), windows.StringToUTF16Ptr(root)); err != nil {
		t.Fatalf("map %s to %s: %v", drive, root, err)
	}
	t.Cleanup(func() {
		_ = windows.DefineDosDevice(windows.DDD_REMOVE_DEFINITION, windows.StringToUTF16Ptr(drive), nil)
	})
	if _, err := os.Stat(drive + `\Dossiers`); err != nil {
		t.Skipf("%s is mapped to %s but its files cannot be read through it (Wine): %v", drive, root, err)
	}
	l := ListLocal([]string{drive + `\`})
	if got := rels(l); !slices.Equal(got, []string{"Dossiers/bail.pdf"}) || l.Hidden != 1 || len(l.Problems) != 0 {
		t.Fatalf("listing of %s\\ = %q, %+v", drive, got, l)
	}
	if want := drive + `\Dossiers\bail.pdf`; l.Files[0].Path != want {
		t.Errorf("path %s, want %s", l.Files[0].Path, want)
	}
}

// freeDrive is a drive letter no drive uses.
func freeDrive(t *testing.T) string {
	t.Helper()
	used, err := windows.GetLogicalDrives()
	if err != nil {
		t.Fatal(err)
	}
	for i := 25; i >= 3; i-- { // from Y: down, past the usual C: and D:
		if used&(1<<i) == 0 {
			return string(rune('A'+i)) + ":"
		}
	}
	t.Skip("every drive letter is in use")
	return ""
}

// The \\?\ long form past 260 characters: listed in that form, read whole.
func TestListLocalInTheLongForm(t *testing.T) {
	root := t.TempDir()
	dir := root
	for len(dir) < 300 {
		dir = filepath.Join(dir, strings.Repeat("é", 20))
	}
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "act.txt"), []byte("Article 1."), 0o644))
	l := ListLocal([]string{`\\?\` + root})
	if len(l.Files) != 1 || len(l.Problems) != 0 || !strings.HasPrefix(l.Files[0].Path, `\\?\`) ||
		!strings.HasPrefix(l.Files[0].Rel, filepath.Base(root)+"/éééé") {
		t.Fatalf("listing = %+v", l)
	}
	f, err := OpenLocal(l.Files[0].Path)
	if err != nil {
		t.Fatalf("open %d characters in the long form: %v", len(l.Files[0].Path), err)
	}
	defer f.Close()
	if b, _ := io.ReadAll(f); string(b) != "Article 1." {
		t.Errorf("read %q", b)
	}
}
