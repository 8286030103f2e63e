// Package openfiles adds the files the operating system hands to Lexflow —
// Finder's "Open With", a double-click in Explorer, `Lexflow.exe report.pdf`
// — to the library, the way the window's native file drop adds them, and
// names the page of the window that shows them.
package openfiles

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"lexflow/backend/api"
	"lexflow/backend/ingest"
	"lexflow/backend/library"
	"lexflow/backend/store"
)

// CollectionName is the collection opened files go to, made on first use: the
// operating system says which file, never into which collection.
const CollectionName = "Opened files"

// Outcome is what opening some paths did.
type Outcome struct {
	// Route is the window's page that shows what was added (the hash routes of
	// frontend/src/features/library/paths.ts): the document when there is one,
	// else the collection; empty when nothing was added.
	Route string
	// Problems says, one line per path or file, what was not added and why.
	Problems []string
}

// maxProblemLines bounds the refusals one message lists: a folder of a
// thousand spreadsheets is told in a few lines and a count.
const maxProblemLines = 8

// Message is what to tell the user of the files that were not added: the
// first refusals, then how many more; empty when every file was added.
func (o Outcome) Message() string {
	if len(o.Problems) == 0 {
		return ""
	}
	head := "Lexflow could not add this file:"
	if len(o.Problems) > 1 {
		head = "Lexflow could not add these files:"
	}
	shown := o.Problems[:min(len(o.Problems), maxProblemLines)]
	text := head + "\n\n" + strings.Join(shown, "\n")
	if rest := len(o.Problems) - len(shown); rest > 0 {
		text += fmt.Sprintf("\n… and %d more.", rest)
	}
	return text
}

// Open adds the files and folders at paths (absolute) to CollectionName. A
// file of a type Lexflow cannot read is refused before it is stored, with the
// types it can read; every other refusal is the library's own words.
func Open(ctx context.Context, lib *api.LibraryService, paths []string) (Outcome, error) {
	listing, err := lib.LocalFiles(ctx, api.LocalPaths{Paths: paths})
	if err != nil {
		return Outcome{}, err
	}
	var out Outcome
	for _, p := range listing.Problems {
		out.Problems = append(out.Problems, p.Path+": "+p.Message)
	}
	readable := readableFiles(listing.Files, &out)
	if len(readable) == 0 {
		return out, nil
	}
	coll, err := collection(ctx, lib)
	if err != nil {
		return out, err
	}
	results, err := lib.IngestLocal(ctx, coll.ID, api.LocalPaths{Paths: readable})
	if err != nil {
		return out, err
	}
	var added []*api.Document
	for _, r := range results {
		if r.Error != nil {
			out.Problems = append(out.Problems, r.Name+": "+r.Error.Message)
		} else {
			added = append(added, r.Document)
		}
	}
	out.Route = route(coll.ID, added)
	return out, nil
}

// readableFiles keeps the paths of the files Lexflow can read, and says of
// each other one why not.
func readableFiles(files []api.LocalFile, out *Outcome) []string {
	var paths []string
	for _, f := range files {
		if err := readable(f.Path); err != nil {
			out.Problems = append(out.Problems, err.Error())
			continue
		}
		paths = append(paths, f.Path)
	}
	return paths
}

// readable says why the file at path is not one Lexflow can read, from its
// name and first bytes as ingestion will judge them; nil when it is.
func readable(path string) error {
	f, err := library.OpenLocal(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: read: %w", filepath.Base(path), err)
	}
	_, err = ingest.Detect(path, head[:n])
	return err
}

// collection finds CollectionName, or makes it.
func collection(ctx context.Context, lib *api.LibraryService) (api.Collection, error) {
	c, err := lib.Collection(ctx, CollectionName)
	if errors.Is(err, store.ErrNotFound) {
		c, err = lib.CreateCollection(ctx, api.CollectionInput{Name: CollectionName,
			Description: "Files opened with Lexflow from Finder, Explorer or the command line."})
	}
	if err != nil {
		return api.Collection{}, fmt.Errorf("find the collection %q: %w", CollectionName, err)
	}
	return c, nil
}

// route is the page that shows the added documents: the one document itself,
// or the collection that lists them all.
func route(collectionID string, added []*api.Document) string {
	switch len(added) {
	case 0:
		return ""
	case 1:
		return "#/library/" + url.PathEscape(collectionID) + "/documents/" + url.PathEscape(added[0].ID)
	}
	return "#/library/" + url.PathEscape(collectionID)
}

// Paths reads a program's arguments as paths to open, made absolute against
// the working folder: ok only when every argument names a file or folder that
// exists, so a mistyped command is never taken for a file.
func Paths(args []string) (paths []string, ok bool) {
	for _, a := range args {
		p, err := filepath.Abs(a)
		if err != nil {
			return nil, false
		}
		if _, err := os.Stat(p); err != nil {
			return nil, false
		}
		paths = append(paths, p)
	}
	return paths, len(paths) > 0
}
