package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/library"
	"lexflow/backend/store"
	"lexflow/examples"
)

// LibraryTopic is the event topic of ingestion progress ("progress" events).
const LibraryTopic = "library"

// Searcher finds chunks (backend/index).
type Searcher interface {
	Search(ctx context.Context, q index.Query) ([]evidence.Hit, error)
}

// LibraryService manages collections and documents, and searches them.
type LibraryService struct {
	db    *store.DB
	lib   *library.Library
	index Searcher
	now   func() time.Time
}

// PublishProgress turns library progress into "progress" events on LibraryTopic.
func PublishProgress(hub *Hub) func(library.Progress) {
	return func(p library.Progress) {
		hub.Publish(LibraryTopic, "progress", IngestProgress{DocumentID: p.DocID, CollectionID: p.CollectionID,
			Name: p.Name, Status: string(p.Status), Percent: p.Percent, Error: p.Error})
	}
}

// Collections lists every collection.
func (s *LibraryService) Collections(ctx context.Context) ([]Collection, error) {
	cs, err := s.db.ListCollections(ctx)
	out := make([]Collection, len(cs))
	for i, c := range cs {
		out[i] = collectionDTO(c)
	}
	return out, err
}

// Collection returns one collection by id or name.
func (s *LibraryService) Collection(ctx context.Context, idOrName string) (Collection, error) {
	c, err := s.db.GetCollection(ctx, idOrName)
	return collectionDTO(c), err
}

// CreateCollection validates and creates a collection.
func (s *LibraryService) CreateCollection(ctx context.Context, in CollectionInput) (Collection, error) {
	c, err := collectionOf(in)
	if err != nil {
		return Collection{}, err
	}
	c, err = s.db.InsertCollection(ctx, c)
	return collectionDTO(c), err
}

// UpdateCollection replaces a collection's name, description and settings.
func (s *LibraryService) UpdateCollection(ctx context.Context, id string, in CollectionInput) (Collection, error) {
	c, err := collectionOf(in)
	if err != nil {
		return Collection{}, err
	}
	c.ID = id
	if err := s.db.UpdateCollection(ctx, c); err != nil {
		return Collection{}, err
	}
	return s.Collection(ctx, id)
}

// collectionOf validates in and tidies it into a collection to store.
func collectionOf(in CollectionInput) (store.Collection, error) {
	name, err := collectionName(in.Name)
	if err != nil {
		return store.Collection{}, err
	}
	lang, err := ocrLanguage(in.OCRLanguage)
	if err != nil {
		return store.Collection{}, err
	}
	return store.Collection{Name: name, Description: strings.TrimSpace(in.Description), OCRLanguage: lang}, nil
}

// DeleteCollection removes a collection with all its documents.
func (s *LibraryService) DeleteCollection(ctx context.Context, id string) error {
	return s.lib.DeleteCollection(ctx, id)
}

func collectionName(raw string) (string, error) {
	name := strings.TrimSpace(raw)
	if name == "" || utf8.RuneCountInString(name) > 120 {
		return "", invalid("name", "name must be 1 to 120 characters")
	}
	return name, nil
}

// Documents lists a collection's documents.
func (s *LibraryService) Documents(ctx context.Context, collectionID string) ([]Document, error) {
	if _, err := s.db.GetCollection(ctx, collectionID); err != nil {
		return nil, err
	}
	ds, err := s.db.ListDocuments(ctx, collectionID)
	out := make([]Document, len(ds))
	for i, d := range ds {
		out[i] = documentDTO(d)
	}
	return out, err
}

// Upload stores one file and queues it; the outcome (queued, duplicate or the
// reason it was refused) is per file, so one bad file never fails a batch.
func (s *LibraryService) Upload(ctx context.Context, collectionID, name string, r io.Reader) UploadResult {
	added, err := s.lib.AddFile(ctx, collectionID, name, r)
	if err != nil {
		_, body := ErrorOf(uploadError(err))
		return UploadResult{Name: name, Error: &body}
	}
	d := documentDTO(added.Document)
	return UploadResult{Name: name, Document: &d, Duplicate: added.Duplicate}
}

// LocalFiles lists the files that dropped paths hold (the desktop window's
// native drop), so the window can show a row per file before adding any.
func (s *LibraryService) LocalFiles(_ context.Context, in LocalPaths) (LocalFileList, error) {
	if len(in.Paths) == 0 {
		return LocalFileList{}, invalid("paths", "name at least one file or folder")
	}
	l := library.ListLocal(in.Paths)
	out := LocalFileList{Files: make([]LocalFile, len(l.Files)), Hidden: l.Hidden, Problems: make([]LocalProblem, len(l.Problems))}
	for i, f := range l.Files {
		out.Files[i] = LocalFile{Path: f.Path, Name: filepath.Base(f.Path), Rel: f.Rel, Size: f.Size}
	}
	for i, p := range l.Problems {
		out.Problems[i] = LocalProblem(p)
	}
	return out, nil
}

// IngestLocal adds files on this machine by absolute path, each exactly as an
// upload of its bytes would be, with one outcome per path in order. Only
// regular files are read: a folder, a device or a missing path is refused for
// that path alone.
func (s *LibraryService) IngestLocal(ctx context.Context, collectionID string, in LocalPaths) ([]UploadResult, error) {
	if len(in.Paths) == 0 {
		return nil, invalid("paths", "name at least one file")
	}
	out := make([]UploadResult, len(in.Paths))
	for i, p := range in.Paths {
		out[i] = s.ingestLocal(ctx, collectionID, p)
		out[i].Part = i + 1
	}
	return out, nil
}

func (s *LibraryService) ingestLocal(ctx context.Context, collectionID, path string) UploadResult {
	name := filepath.Base(path)
	f, err := library.OpenLocal(path)
	if err != nil {
		return UploadResult{Name: name, Error: &ErrorBody{Code: "unreadable", Message: err.Error()}}
	}
	defer f.Close()
	return s.Upload(ctx, collectionID, name, f)
}

func uploadError(err error) error {
	if errors.Is(err, library.ErrTooLarge) {
		return &Error{Status: 413, Body: ErrorBody{Code: "too_large", Message: err.Error()}}
	}
	if errors.Is(err, library.ErrBadName) {
		return invalid("name", err.Error())
	}
	return err
}

// DeleteDocument removes a document everywhere.
func (s *LibraryService) DeleteDocument(ctx context.Context, id string) error {
	return s.lib.Delete(ctx, id)
}

// maxTitle is the longest title a user may give, in code points.
const maxTitle = 300

// RenameDocument gives a document a title of the user's choosing, shown
// wherever it is named from now on (searches read titles as they run);
// an empty title goes back to the one found in the document.
func (s *LibraryService) RenameDocument(ctx context.Context, id string, in DocumentTitle) (Document, error) {
	title := strings.Join(strings.Fields(in.Title), " ")
	if utf8.RuneCountInString(title) > maxTitle {
		return Document{}, invalid("title", fmt.Sprintf("a title is at most %d characters", maxTitle))
	}
	d, err := s.db.RenameDocument(ctx, id, title)
	return documentDTO(d), err
}

// ReindexDocument parses a document again.
func (s *LibraryService) ReindexDocument(ctx context.Context, id string) (Document, error) {
	if err := s.lib.Reindex(ctx, id); err != nil {
		return Document{}, err
	}
	d, err := s.db.GetDocument(ctx, id)
	return documentDTO(d), err
}

// Source returns a document's extracted text and chunks for the source viewer.
func (s *LibraryService) Source(ctx context.Context, id string) (DocumentSource, error) {
	d, err := s.db.GetDocument(ctx, id)
	if err != nil {
		return DocumentSource{}, err
	}
	text, err := s.db.DocumentText(ctx, id)
	if err != nil {
		return DocumentSource{}, err
	}
	pages, err := s.db.DocumentPages(ctx, id)
	if err != nil {
		return DocumentSource{}, err
	}
	chunks, err := s.db.DocumentChunks(ctx, id)
	out := DocumentSource{Document: documentDTO(d), Text: text, Chunks: make([]Chunk, len(chunks)),
		Pages: make([]PageSpan, len(pages))}
	for i, c := range chunks {
		out.Chunks[i] = chunkDTO(c)
	}
	for i, p := range pages {
		out.Pages[i] = PageSpan{Page: p.Page, Start: p.Start, End: p.End, OCR: p.OCR}
	}
	return out, err
}

// Search ranks chunks for a query.
func (s *LibraryService) Search(ctx context.Context, req SearchRequest) (SearchResponse, error) {
	if strings.TrimSpace(req.Query) == "" {
		return SearchResponse{}, invalid("query", "type something to search for")
	}
	start := s.now()
	hits, err := s.index.Search(ctx, index.Query{Text: req.Query, CollectionIDs: req.CollectionIDs,
		DocIDs: req.DocumentIDs, TopK: req.TopK})
	if err != nil {
		return SearchResponse{}, err
	}
	out := SearchResponse{Hits: make([]SearchHit, len(hits)), TookMs: float64(s.now().Sub(start).Microseconds()) / 1000}
	for i, h := range hits {
		out.Hits[i] = hitDTO(h)
	}
	return out, nil
}

func hitDTO(h evidence.Hit) SearchHit {
	return SearchHit{Rank: h.Rank, Score: h.Score, Snippet: h.Snippet, Chunk: chunkDTO(h.Chunk), AlsoIn: nonNil(h.AlsoIn)}
}

func collectionDTO(c store.Collection) Collection {
	return Collection{ID: c.ID, Name: c.Name, Description: c.Description, OCRLanguage: c.OCRLanguage,
		Documents: c.Documents, Chunks: c.Chunks, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt}
}

func documentDTO(d store.Document) Document {
	return Document{ID: d.ID, CollectionID: d.CollectionID, Name: d.Name, Title: d.Title, Renamed: d.Renamed, Format: d.Format, Language: d.Language,
		Size: d.Size, Pages: d.Pages, Chunks: d.Chunks, Status: string(d.Status), Percent: d.Percent, Error: d.Error,
		CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, DuplicateOf: d.DuplicateOf}
}

func chunkDTO(c evidence.Chunk) Chunk {
	return Chunk{ID: c.ID, DocID: c.DocID, CollectionID: c.CollectionID, Ordinal: c.Ordinal, Text: c.Text, Language: c.Language,
		Locator: c.Locator}
}

// nonNil makes a nil list an empty one, so JSON has [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// SampleCollection is the name of the collection LoadSample fills.
const SampleCollection = "Sample library"

// sampleDescription describes the sample collection; it names the languages
// of examples/corpus, whose files say theirs in a suffix ("-ar", "-zh").
const sampleDescription = "Excerpts of public-domain and openly licensed statutes, a regulation and a contract, in English, Arabic and Chinese."

// LoadSample creates the sample collection (or reuses it) and queues the
// bundled sample statutes into it; the same bytes are never ingested twice.
func (s *LibraryService) LoadSample(ctx context.Context) (Collection, error) {
	c, err := s.db.GetCollection(ctx, SampleCollection)
	if errors.Is(err, store.ErrNotFound) {
		c, err = s.db.CreateCollection(ctx, SampleCollection, sampleDescription)
	}
	if err != nil {
		return Collection{}, err
	}
	files := examples.Corpus()
	names, err := fs.Glob(files, "*")
	if err != nil {
		return Collection{}, err
	}
	for _, name := range names {
		if strings.EqualFold(name, "README.md") {
			continue
		}
		f, err := files.Open(name)
		if err != nil {
			return Collection{}, err
		}
		res := s.Upload(ctx, c.ID, name, f)
		f.Close()
		if res.Error != nil {
			return Collection{}, fmt.Errorf("load sample %s: %s", name, res.Error.Message)
		}
	}
	return s.Collection(ctx, c.ID)
}
