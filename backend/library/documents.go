package library

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode"

	"lexflow/backend/store"
)

// Added is the outcome of adding one file.
type Added struct {
	Document  store.Document
	Duplicate bool // the same bytes were already in the collection: nothing new was queued
}

// AddFile stores a file and queues its ingestion. The same bytes twice in a
// collection are ingested once; the second add reports the first document.
func (l *Library) AddFile(ctx context.Context, collectionID, name string, r io.Reader) (Added, error) {
	if strings.ContainsFunc(name, unicode.IsControl) {
		return Added{}, fmt.Errorf("%w: the file name holds a control character (a NUL, line break or similar)", ErrBadName)
	}
	name = cleanName(name)
	if name == "" {
		return Added{}, fmt.Errorf("%w: the file has no name", ErrBadName)
	}
	if _, err := l.opts.DB.GetCollection(ctx, collectionID); err != nil {
		return Added{}, err
	}
	f, err := l.saveFile(r)
	if err != nil {
		return Added{}, err
	}
	if d, err := l.opts.DB.DocumentByHash(ctx, collectionID, f.Hash); err == nil {
		if d.Status == store.DocFailed {
			// Adding a file that failed before is a retry, not a duplicate.
			err := l.Reindex(ctx, d.ID)
			d.Status = store.DocQueued
			return Added{Document: d}, err
		}
		return Added{Document: d, Duplicate: true}, nil
	}
	d, err := l.opts.DB.InsertDocument(ctx, store.Document{CollectionID: collectionID, Name: name,
		Format: formatOf(name, f.Head), Hash: f.Hash, Size: f.Size, FilePath: f.Path})
	if errors.Is(err, store.ErrConflict) {
		// The same bytes arrived twice at once: the other add won.
		d, err = l.opts.DB.DocumentByHash(ctx, collectionID, f.Hash)
		return Added{Document: d, Duplicate: true}, err
	}
	if err != nil {
		return Added{}, err
	}
	l.progress(d, store.DocQueued, 0, "")
	l.queue <- d.ID
	return Added{Document: d}, nil
}

// cleanName keeps only the base name: "../../etc/passwd" becomes "passwd".
func cleanName(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	base := path.Base(name) // a slash path now, on every system (filepath.Base("/") is `\` on Windows)
	if base == "." || base == "/" || base == ".." {
		return ""
	}
	return base
}

// Reindex parses a document again from its stored file.
func (l *Library) Reindex(ctx context.Context, docID string) error {
	d, err := l.opts.DB.GetDocument(ctx, docID)
	if err != nil {
		return err
	}
	if d.Status == store.DocDeleting {
		return fmt.Errorf("document %q is being deleted", d.Name)
	}
	if err := l.opts.DB.SetDocumentStatus(ctx, d.ID, store.DocQueued, 0, ""); err != nil {
		return err
	}
	// Asked again by the user: the crashes before count no longer.
	if err := l.opts.DB.ExtractionDone(ctx, d.ID); err != nil {
		return err
	}
	l.progress(d, store.DocQueued, 0, "")
	l.queue <- d.ID
	return nil
}

// Delete removes a document everywhere: index entries, rows, and the stored
// file when no other document shares it. Marking it first lets a crash midway
// finish the job at the next start.
func (l *Library) Delete(ctx context.Context, docID string) error {
	l.guard.interrupt(docID)
	defer l.guard.lock(docID)()
	d, err := l.opts.DB.GetDocument(ctx, docID)
	if err != nil {
		return err
	}
	if err := l.opts.DB.SetDocumentStatus(ctx, d.ID, store.DocDeleting, 0, ""); err != nil {
		return err
	}
	return l.finishDelete(ctx, d)
}

func (l *Library) finishDelete(ctx context.Context, d store.Document) error {
	if err := l.detachCopies(ctx, d.ID); err != nil {
		return err
	}
	if err := l.opts.Index.DeleteDocument(ctx, d.ID); err != nil {
		return fmt.Errorf("delete %q from the index: %w", d.Name, err)
	}
	if err := l.opts.DB.DeleteDocument(ctx, d.ID); err != nil {
		return err
	}
	if used, err := l.opts.DB.FileInUse(ctx, d.FilePath); err == nil && !used {
		_ = l.removeFile(d.FilePath)
	}
	return nil
}

// DeleteCollection deletes every document of a collection, then the collection.
func (l *Library) DeleteCollection(ctx context.Context, collectionID string) error {
	c, err := l.opts.DB.GetCollection(ctx, collectionID)
	if err != nil {
		return err
	}
	docs, err := l.opts.DB.CollectionDocuments(ctx, c.ID)
	if err != nil {
		return err
	}
	for _, d := range docs {
		if err := l.Delete(ctx, d.ID); err != nil {
			return err
		}
	}
	return l.opts.DB.DeleteCollection(ctx, c.ID)
}
