package library

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxLocalFiles caps how many files one listing returns, so a drop of a home
// folder by mistake is refused in words rather than queued by the hundred
// thousand.
var maxLocalFiles = 20_000

// LocalFile is a regular file found on this machine.
type LocalFile struct {
	Path string // absolute
	Rel  string // from the dropped item's own name: "statutes/uk/act.pdf"
	Size int64
}

// LocalProblem is an item that could not be listed, with the reason.
type LocalProblem struct {
	Path    string
	Message string
}

// LocalListing is what a set of paths holds: its files in walk order, the
// hidden entries left out, and every item that could not be read.
type LocalListing struct {
	Files    []LocalFile
	Hidden   int
	Problems []LocalProblem

	capped bool
}

// ListLocal expands absolute paths of files and folders into the regular files
// they hold. It never fails as a whole: each path or entry that cannot be read
// becomes a problem, so nothing is skipped in silence. Hidden names (dot files,
// Thumbs.db, desktop.ini, __MACOSX) are left out and counted; symbolic links to
// files are followed, links to folders are not (a loop would never end).
func ListLocal(paths []string) LocalListing {
	var l LocalListing
	for _, p := range paths {
		if l.capped { // the problem is already said
			break
		}
		if !filepath.IsAbs(p) {
			l.Problems = append(l.Problems, LocalProblem{Path: p, Message: "not an absolute path"})
			continue
		}
		l.walk(filepath.Clean(p))
	}
	return l
}

func (l *LocalListing) walk(root string) {
	base := filepath.Dir(root)
	// The callback handles every error itself, so WalkDir's result is nil.
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		rel := relName(base, path)
		if err != nil {
			l.Problems = append(l.Problems, LocalProblem{Path: rel, Message: readProblem(err)})
			return skipOnError(d)
		}
		if path != root && HiddenName(d.Name()) {
			l.Hidden++
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		return l.add(path, rel)
	})
}

// relName names path from base, the folder of the item dropped, with forward
// slashes: "statutes/uk/act.pdf". A dropped drive or share root (C:\, Z:\,
// \\server\share, /) is its own folder, so what it holds is named from it and
// the root itself keeps its own name.
func relName(base, path string) string {
	rel, err := filepath.Rel(base, path)
	if err != nil || rel == "." {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// add lists one non-folder entry, or says why it cannot be added.
func (l *LocalListing) add(path, rel string) error {
	if len(l.Files) == maxLocalFiles {
		l.Problems = append(l.Problems, LocalProblem{Path: rel,
			Message: fmt.Sprintf("more than %d files at once: the rest were not added; add them folder by folder", maxLocalFiles)})
		l.capped = true
		return fs.SkipAll
	}
	info, err := os.Stat(path) // follows a link to a file
	switch {
	case err != nil:
		l.Problems = append(l.Problems, LocalProblem{Path: rel, Message: readProblem(err)})
	case info.IsDir():
		l.Problems = append(l.Problems, LocalProblem{Path: rel, Message: "a link to a folder: drop the folder itself"})
	case !info.Mode().IsRegular():
		l.Problems = append(l.Problems, LocalProblem{Path: rel, Message: "not a regular file"})
	default:
		l.Files = append(l.Files, LocalFile{Path: path, Rel: rel, Size: info.Size()})
	}
	return nil
}

// skipOnError goes on past an unreadable folder (its siblings still count);
// an unreadable root ends that root's walk.
func skipOnError(d fs.DirEntry) error {
	if d != nil && d.IsDir() {
		return filepath.SkipDir
	}
	return nil
}

func readProblem(err error) string {
	switch {
	case unreachableShare(err): // before IsNotExist, which Go says of some of these too
		return "the network share cannot be reached: check that you are connected to it"
	case os.IsNotExist(err):
		return "no such file or folder"
	case os.IsPermission(err):
		return "permission denied"
	}
	return err.Error()
}

var hiddenNames = map[string]bool{"thumbs.db": true, "desktop.ini": true, "__macosx": true}

// HiddenName reports names that are hidden or system clutter: dot files,
// Thumbs.db, desktop.ini, __MACOSX (the same rule as the browser's folder walk).
func HiddenName(name string) bool {
	return strings.HasPrefix(name, ".") || hiddenNames[strings.ToLower(name)]
}

// OpenLocal opens a file on this machine for adding: an absolute path to a
// regular file (links followed), or an error that says in words why not.
func OpenLocal(path string) (*os.File, error) {
	if !filepath.IsAbs(path) {
		return nil, fmt.Errorf("%s: not an absolute path", path)
	}
	// Stat before opening: opening a named pipe would wait for a writer.
	if err := regularFile(path, os.Stat); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", filepath.Base(path), readProblem(err))
	}
	if err := regularFile(path, func(string) (os.FileInfo, error) { return f.Stat() }); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// regularFile says in words why path is not a regular file, by stat.
func regularFile(path string, stat func(string) (os.FileInfo, error)) error {
	info, err := stat(path)
	switch {
	case err != nil:
		err = fmt.Errorf("%s: %s", filepath.Base(path), readProblem(err))
	case info.IsDir():
		err = fmt.Errorf("%s: a folder, not a file", filepath.Base(path))
	case !info.Mode().IsRegular():
		err = fmt.Errorf("%s: not a regular file", filepath.Base(path))
	}
	return err
}
