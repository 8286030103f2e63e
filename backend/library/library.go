// Package library keeps collections of documents: it stores uploaded files,
// runs ingestion (parse → chunks → SQLite → index) on a pool of workers, reports
// progress, and keeps SQLite and the evidence index in agreement across crashes.
//
// SQLite is the source of truth. A document moves queued → parsing → indexing →
// ready (or failed); its chunks are committed to SQLite in one transaction
// before the index sees them, so after a crash at any point the index can be
// brought back to exactly the chunks SQLite holds (see Recover).
package library

import (
	"context"
	"io"
	"runtime"
	"sync"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest"
	"lexflow/backend/store"
)

// Extractor parses one stored file into text and chunks (backend/ingest).
type Extractor func(ctx context.Context, doc evidence.Document, r io.ReaderAt, size int64) (store.Extraction, error)

// Index is what the library needs of the evidence index (backend/index).
type Index interface {
	Add(ctx context.Context, chunks []evidence.Chunk) error
	DeleteDocument(ctx context.Context, docID string) error
	ChunkIDs(docID string) ([]string, error)
}

// Progress is one step of one document's ingestion.
type Progress struct {
	DocID        string
	CollectionID string
	Name         string
	Status       store.DocStatus
	Percent      int
	Error        string
}

// Options wires a Library.
type Options struct {
	DB       *store.DB
	Index    Index
	Extract  Extractor
	DataDir  string // files live under DataDir/files
	Workers  int    // parallel extractions; zero means one per CPU
	MaxBytes int64  // largest accepted file; zero means ingest's limit (ingest.DefaultLimits)
	// OnProgress receives every stage change; it must not block for long.
	OnProgress func(Progress)
}

// Library is the service over collections and documents.
type Library struct {
	opts  Options
	guard *docGuard
	// sameText serialises comparing documents' texts (copies.go) with
	// marking them ready or taking them out of their groups of copies.
	sameText sync.Mutex
	queue    chan string
	// leftovers is what the last Start removed (RemovedLeftovers).
	leftovers Leftovers
	slots     chan struct{} // extraction slots, Workers of them
	stop      context.CancelFunc
	done      chan struct{}
}

// DefaultMaxBytes is the size limit of one file: ingestion's, so a file
// the library stores is never one ingestion refuses for its size.
var DefaultMaxBytes = ingest.DefaultLimits().MaxBytes

// New returns a library; Start begins processing.
func New(opts Options) *Library {
	if opts.Workers <= 0 {
		opts.Workers = runtime.NumCPU()
	}
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	if opts.OnProgress == nil {
		opts.OnProgress = func(Progress) {}
	}
	return &Library{opts: opts, guard: newDocGuard(), queue: make(chan string, 1<<16),
		slots: make(chan struct{}, opts.Workers), done: make(chan struct{})}
}

// Start recovers from any interrupted work, then runs the workers until Close.
func (l *Library) Start(ctx context.Context) error {
	if err := l.Recover(ctx); err != nil {
		return err
	}
	ctx, l.stop = context.WithCancel(ctx)
	go l.run(ctx)
	return nil
}

// Close stops the workers after the documents they are on; unfinished ones
// resume at the next Start.
func (l *Library) Close() {
	if l.stop == nil {
		return
	}
	l.stop()
	<-l.done
}

// MarkClean records that the index was closed with everything written, so the
// next Start may skip checking every document. Call it after closing the index.
func (l *Library) MarkClean(ctx context.Context) error {
	return l.opts.DB.SetSetting(ctx, CleanKey, true)
}

func (l *Library) progress(d store.Document, status store.DocStatus, percent int, errMsg string) {
	l.opts.OnProgress(Progress{DocID: d.ID, CollectionID: d.CollectionID, Name: d.Name, Status: status, Percent: percent, Error: errMsg})
}
