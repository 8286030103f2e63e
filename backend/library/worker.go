package library

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest"
	"lexflow/backend/store"
)

// indexBatch is how many chunks go to the index per call, so progress moves
// and a cancelled ingestion stops soon.
const indexBatch = 256

// ingestersPerWorker: documents in progress per extraction slot. Extraction
// uses a CPU and the memory of a whole document, so only Workers documents
// extract at once; the others meanwhile wait for the index to write their
// chunks, where small documents side by side share one write (see the
// index's group commit) instead of queueing for one each.
const ingestersPerWorker = 4

// run feeds queued documents to the ingesters until ctx ends.
func (l *Library) run(ctx context.Context) {
	defer close(l.done)
	var wg sync.WaitGroup
	for i := 0; i < l.opts.Workers*ingestersPerWorker; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-ctx.Done():
					return
				case id := <-l.queue:
					l.process(ctx, id)
				}
			}
		}()
	}
	wg.Wait()
}

// process ingests one document. Cancellation leaves it in its current state
// for Recover to resume; any other failure marks it failed with the reason.
func (l *Library) process(ctx context.Context, id string) {
	d, ok := l.processLocked(ctx, id)
	if ok {
		// Outside the document's lock: replacing takes the older one's lock.
		if err := l.replaceOlder(ctx, d); err != nil && ctx.Err() == nil {
			l.progress(d, store.DocReady, 100, "could not remove the older version: "+err.Error())
		}
	}
}

// processLocked ingests a document under its lock and reports whether it
// became ready.
func (l *Library) processLocked(ctx context.Context, id string) (store.Document, bool) {
	defer l.guard.lock(id)()
	d, err := l.opts.DB.GetDocument(ctx, id)
	if err != nil || d.Status == store.DocDeleting || d.Status == store.DocReady {
		return d, false
	}
	docCtx, done := l.guard.ingesting(ctx, id)
	defer done()
	err = l.ingest(docCtx, d)
	if docCtx.Err() != nil {
		return d, false // shutting down (resumed at the next start) or deleted meanwhile
	}
	if err != nil {
		_ = l.fail(context.WithoutCancel(ctx), d, err.Error())
		return d, false
	}
	return d, true
}

// fail marks d failed with the reason. It clears the index first: a failed
// re-ingestion must not leave the old entries searchable under a failed
// document.
func (l *Library) fail(ctx context.Context, d store.Document, reason string) error {
	if err := l.opts.Index.DeleteDocument(ctx, d.ID); err != nil {
		return fmt.Errorf("clear index entries of a failed document: %w", err)
	}
	if err := l.opts.DB.SetDocumentStatus(ctx, d.ID, store.DocFailed, 0, reason); err != nil {
		return err
	}
	l.progress(d, store.DocFailed, 0, reason)
	return nil
}

func (l *Library) ingest(ctx context.Context, d store.Document) error {
	if err := l.setStatus(ctx, d, store.DocParsing, 0); err != nil {
		return err
	}
	// Its text may change: it is compared again once indexed.
	if err := l.detachCopies(ctx, d.ID); err != nil {
		return err
	}
	ex, release, err := l.extractInSlot(ctx, d)
	if err != nil {
		return err
	}
	defer release()
	// A large document keeps its slot until stored and indexed, so at most
	// Workers whole large documents are held at once whatever the queue; a
	// small one lets the next document extract meanwhile.
	if len(ex.Text) < heldTextBytes {
		release()
	}
	if err := l.opts.DB.SaveExtraction(ctx, d.ID, ex); err != nil {
		return err
	}
	if err := l.index(ctx, d, ex.Chunks); err != nil {
		return err
	}
	return l.ready(ctx, d, ex.Text)
}

// heldTextBytes is the text size from which a document keeps its
// extraction slot through storing and indexing (see ingest).
const heldTextBytes = 4_000_000

// extractInSlot extracts d once one of the Workers extraction slots is
// free. The slot stays taken until release is called (on an error it is
// already free).
func (l *Library) extractInSlot(ctx context.Context, d store.Document) (ex store.Extraction, release func(), err error) {
	select {
	case l.slots <- struct{}{}:
	case <-ctx.Done():
		return store.Extraction{}, nil, ctx.Err()
	}
	var once sync.Once
	release = func() { once.Do(func() { <-l.slots }) }
	if ex, err = l.extractCounted(ctx, d); err != nil {
		release()
		return store.Extraction{}, nil, err
	}
	return ex, release, nil
}

// extractCounted extracts d, counted in SQLite around the extraction: a
// process that dies reading the file (out of memory) leaves the count
// raised for Recover to see.
func (l *Library) extractCounted(ctx context.Context, d store.Document) (store.Extraction, error) {
	if err := l.opts.DB.ExtractionBegun(ctx, d.ID); err != nil {
		return store.Extraction{}, err
	}
	defer func() { _ = l.opts.DB.ExtractionDone(context.WithoutCancel(ctx), d.ID) }()
	return l.extract(ctx, d)
}

func (l *Library) extract(ctx context.Context, d store.Document) (store.Extraction, error) {
	ctx, err := l.withOCRLanguage(ctx, d.CollectionID)
	if err != nil {
		return store.Extraction{}, err
	}
	f, size, err := l.openFile(d.FilePath)
	if err != nil {
		return store.Extraction{}, err
	}
	defer f.Close()
	doc := evidence.Document{ID: d.ID, CollectionID: d.CollectionID, Name: d.Name, Format: evidence.Format(d.Format),
		Hash: d.Hash, Size: d.Size}
	// A long PDF, or a scan read by OCR, moves the document's bar page by page.
	ctx = ingest.WithProgress(ctx, func(done, total int, _ string) {
		if total > 0 {
			l.progress(d, store.DocParsing, 100*done/total, "")
		}
	})
	ex, err := l.opts.Extract(ctx, doc, f, size)
	if err != nil {
		return store.Extraction{}, err
	}
	if len(ex.Chunks) == 0 {
		return store.Extraction{}, errors.New("the document has no text to index")
	}
	return ex, nil
}

// withOCRLanguage puts the collection's OCR language, when it has one, on
// ctx: its scanned pages are read in it rather than told from each scan.
func (l *Library) withOCRLanguage(ctx context.Context, collectionID string) (context.Context, error) {
	lang, err := l.opts.DB.CollectionOCRLanguage(ctx, collectionID)
	if err != nil || lang == "" {
		return ctx, err
	}
	return ingest.WithOCRLanguage(ctx, lang), nil
}

// index replaces the document's entries in the index with chunks. The
// delete first makes a retry after a crash idempotent.
func (l *Library) index(ctx context.Context, d store.Document, chunks []evidence.Chunk) error {
	if err := l.setStatus(ctx, d, store.DocIndexing, 0); err != nil {
		return err
	}
	if err := l.opts.Index.DeleteDocument(ctx, d.ID); err != nil {
		return fmt.Errorf("clear old index entries: %w", err)
	}
	for start := 0; start < len(chunks); start += indexBatch {
		end := min(start+indexBatch, len(chunks))
		if err := l.opts.Index.Add(ctx, chunks[start:end]); err != nil {
			return fmt.Errorf("index chunks: %w", err)
		}
		l.progress(d, store.DocIndexing, 100*end/len(chunks), "")
	}
	return nil
}

// ready marks an indexed document ready once it is known whether its
// text, text, is the same as another document's (see copies.go).
func (l *Library) ready(ctx context.Context, d store.Document, text string) error {
	l.sameText.Lock()
	defer l.sameText.Unlock()
	if err := l.markCopies(ctx, d, text); err != nil {
		return fmt.Errorf("compare with the other documents: %w", err)
	}
	return l.setStatus(ctx, d, store.DocReady, 100)
}

func (l *Library) setStatus(ctx context.Context, d store.Document, s store.DocStatus, percent int) error {
	if err := l.opts.DB.SetDocumentStatus(ctx, d.ID, s, percent, ""); err != nil {
		return err
	}
	l.progress(d, s, percent, "")
	return nil
}

// replaceOlder deletes other documents of the same name in the collection once
// the new one is ready: re-ingesting a changed file replaces it, and the old
// evidence stays searchable until then.
func (l *Library) replaceOlder(ctx context.Context, d store.Document) error {
	docs, err := l.opts.DB.DocumentsNamed(ctx, d.CollectionID, d.Name)
	if err != nil {
		return err
	}
	for _, old := range docs {
		if old.ID != d.ID && old.CreatedAt.Before(d.CreatedAt) {
			if err := l.Delete(ctx, old.ID); err != nil {
				return err
			}
		}
	}
	return nil
}
