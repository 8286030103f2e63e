package library

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"lexflow/backend/ingest"
)

// Leftovers is what a start found and removed of work a crash interrupted:
// partial uploads (files/tmp) and stored files no document refers to (a
// kill between storing an upload and recording its document).
type Leftovers struct {
	Files int
	Bytes int64
}

func (l Leftovers) String() string {
	if l.Files == 0 {
		return "nothing left over"
	}
	return fmt.Sprintf("%d leftover files (%s)", l.Files, ingest.HumanBytes(l.Bytes))
}

// storedName is a stored file's place: files/<first two of its hash>/<hash>.
var storedName = regexp.MustCompile(`^files/[0-9a-f]{2}/[0-9a-f]{64}$`)

// removeLeftovers removes partial uploads and unreferenced stored files. It
// runs at Start, before any upload can be under way.
func (l *Library) removeLeftovers(ctx context.Context) error {
	var left Leftovers
	remove := func(path string, size int64) error {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			return err
		}
		left.Files++
		left.Bytes += size
		return nil
	}
	root := filepath.Join(l.opts.DataDir, "files")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(l.opts.DataDir, path)
		rel = filepath.ToSlash(rel)
		if filepath.Base(filepath.Dir(path)) == "tmp" {
			return remove(path, info.Size())
		}
		if !storedName.MatchString(rel) {
			return nil // not ours to judge
		}
		used, err := l.opts.DB.FileInUse(ctx, rel)
		if err != nil || used {
			return err
		}
		return remove(path, info.Size())
	})
	l.leftovers = left
	return err
}

// RemovedLeftovers says what the last Start removed.
func (l *Library) RemovedLeftovers() Leftovers { return l.leftovers }
