package library

import (
	"context"
	"fmt"
	"slices"

	"lexflow/backend/store"
)

// CleanKey records whether the library was closed cleanly; after a crash every
// ready document is checked against the index. Bleve persists each batch before
// Add returns, so a killed process loses nothing acknowledged; the check is the
// second line of defence, against power loss or an index damaged on disk.
const CleanKey = "library.closed_cleanly"

// Recover brings SQLite and the index back into agreement after an
// interruption: deletions are finished, partial uploads and files no
// document refers to are removed, documents caught indexing are indexed
// again from their committed chunks, queued or parsing ones are queued again,
// and after an unclean stop every ready document is verified chunk by chunk.
func (l *Library) Recover(ctx context.Context) error {
	clean := false
	if err := l.opts.DB.GetSetting(ctx, CleanKey, &clean); err != nil {
		return err
	}
	if err := l.opts.DB.SetSetting(ctx, CleanKey, false); err != nil {
		return err
	}
	steps := []func(context.Context) error{l.recoverDeletes, l.removeLeftovers, l.recoverIndexing, l.requeue}
	if !clean {
		steps = append(steps, l.verifyReady)
	}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return fmt.Errorf("recover library: %w", err)
		}
	}
	return nil
}

func (l *Library) recoverDeletes(ctx context.Context) error {
	docs, err := l.opts.DB.DocumentsWithStatus(ctx, store.DocDeleting)
	for _, d := range docs {
		if err := l.finishDelete(ctx, d); err != nil {
			return err
		}
	}
	return err
}

func (l *Library) recoverIndexing(ctx context.Context) error {
	docs, err := l.opts.DB.DocumentsWithStatus(ctx, store.DocIndexing)
	for _, d := range docs {
		if err := l.reindexFromStore(ctx, d); err != nil {
			return err
		}
	}
	return err
}

// crashLimit is how many times reading one document may take the program
// down before the document is failed instead of queued again: a file that
// runs it out of memory would otherwise do so at every start.
const crashLimit = 2

// crashedReason is the failed document's reason after crashLimit deaths.
const crashedReason = "reading this file stopped Lexflow twice (out of memory or another fatal error), so it is not tried again; re-index it to try once more"

func (l *Library) requeue(ctx context.Context) error {
	docs, err := l.opts.DB.DocumentsWithStatus(ctx, store.DocQueued, store.DocParsing)
	for _, d := range docs {
		crashes, err := l.opts.DB.UnfinishedExtractions(ctx, d.ID)
		if err != nil {
			return err
		}
		if crashes >= crashLimit {
			if err := l.fail(ctx, d, crashedReason); err != nil {
				return err
			}
			continue
		}
		l.queue <- d.ID
	}
	return err
}

// verifyReady re-indexes every ready document whose index entries differ from
// its chunks in SQLite.
func (l *Library) verifyReady(ctx context.Context) error {
	docs, err := l.opts.DB.DocumentsWithStatus(ctx, store.DocReady)
	if err != nil {
		return err
	}
	for _, d := range docs {
		same, err := l.agrees(ctx, d.ID)
		if err != nil {
			return err
		}
		if !same {
			if err := l.reindexFromStore(ctx, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// agrees reports whether the index holds exactly the document's chunk ids.
func (l *Library) agrees(ctx context.Context, docID string) (bool, error) {
	want, err := l.opts.DB.ChunkIDs(ctx, docID)
	if err != nil {
		return false, err
	}
	got, err := l.opts.Index.ChunkIDs(docID)
	if err != nil {
		return false, err
	}
	slices.Sort(got)
	return slices.Equal(want, got), nil
}

// Verify reports the documents whose index entries differ from SQLite (for
// tests and `lexflow library check`).
func (l *Library) Verify(ctx context.Context) ([]string, error) {
	docs, err := l.opts.DB.DocumentsWithStatus(ctx, store.DocReady)
	if err != nil {
		return nil, err
	}
	var bad []string
	for _, d := range docs {
		same, err := l.agrees(ctx, d.ID)
		if err != nil {
			return nil, err
		}
		if !same {
			bad = append(bad, d.Name)
		}
	}
	return bad, nil
}

// reindexFromStore indexes a document's stored chunks again and marks it
// ready; one caught indexing is compared with the others first, as it was
// about to be.
func (l *Library) reindexFromStore(ctx context.Context, d store.Document) error {
	chunks, err := l.opts.DB.DocumentChunks(ctx, d.ID)
	if err != nil {
		return err
	}
	if err := l.index(ctx, d, chunks); err != nil {
		return err
	}
	if d.Status == store.DocReady {
		return l.setStatus(ctx, d, store.DocReady, 100)
	}
	text, err := l.opts.DB.DocumentText(ctx, d.ID)
	if err != nil {
		return err
	}
	return l.ready(ctx, d, text)
}
