package api

import (
	"time"

	"lexflow/backend/evidence"
)

// Collection is a set of documents.
type Collection struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	OCRLanguage string    `json:"ocrLanguage"` // Tesseract language of its scans ("ara", "ara+eng"); "" tells it from each scan
	Documents   int       `json:"documents"`
	Chunks      int       `json:"chunks"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// CollectionInput creates a collection, or replaces its name, description
// and settings.
type CollectionInput struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	OCRLanguage string `json:"ocrLanguage"` // "", or Tesseract languages joined by "+": "ara+eng"
}

// OCRLanguages says whether scanned pages can be read on this machine, and
// in which Tesseract languages, so a collection offers only those.
type OCRLanguages struct {
	Installed      bool     `json:"installed"`
	Languages      []string `json:"languages"`      // Tesseract's names, sorted: "ara", "chi_sim", "eng"
	InstallCommand string   `json:"installCommand"` // installs Tesseract on this system
}

// Document is an ingested (or ingesting) file.
type Document struct {
	ID           string    `json:"id"`
	CollectionID string    `json:"collectionId"`
	Name         string    `json:"name"`    // the file name
	Title        string    `json:"title"`   // what to call it: the user's title, else the one found in it, else the file name made readable
	Renamed      bool      `json:"renamed"` // the title is the user's`
	Format       string    `json:"format"`
	Language     string    `json:"language"`
	Size         int64     `json:"size"`
	Pages        int       `json:"pages"`
	Chunks       int       `json:"chunks"`
	Status       string    `json:"status" ts:"DocumentStatus"`
	Percent      int       `json:"percent"`
	Error        string    `json:"error"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
	// DuplicateOf is the document of the same collection that has the same
	// text in another file, which searches keep instead of this one; empty
	// when none.
	DuplicateOf string `json:"duplicateOf"`
}

// DocumentTitle renames a document; an empty title gives back the one
// found in it (or its file name made readable).
type DocumentTitle struct {
	Title string `json:"title"`
}

// UploadResult is the outcome for one uploaded file.
type UploadResult struct {
	// Part is the file's place in the request, from 1: the file picked
	// n-th, which pairs outcomes with files even when a name is unreadable.
	Part      int        `json:"part"`
	Name      string     `json:"name"`
	Document  *Document  `json:"document"`
	Duplicate bool       `json:"duplicate"` // the same bytes were already in the collection
	Error     *ErrorBody `json:"error"`
}

// LocalPaths names files and folders on this machine by absolute path: what
// the desktop window's native file drop hands over.
type LocalPaths struct {
	Paths []string `json:"paths"`
}

// LocalFile is a file a dropped path holds.
type LocalFile struct {
	Path string `json:"path"` // absolute, as ingest-local takes it
	Name string `json:"name"`
	Rel  string `json:"rel"` // from the dropped item's name: "statutes/uk/act.pdf"
	Size int64  `json:"size"`
}

// LocalProblem is a dropped item that cannot be added, with the reason.
type LocalProblem struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// LocalFileList is what dropped paths hold, folders walked.
type LocalFileList struct {
	Files    []LocalFile    `json:"files"`
	Hidden   int            `json:"hidden"` // hidden files and folders left out
	Problems []LocalProblem `json:"problems"`
}

// IngestProgress is published on the "library" topic as a document moves
// through ingestion (event type "progress").
type IngestProgress struct {
	DocumentID   string `json:"documentId"`
	CollectionID string `json:"collectionId"`
	Name         string `json:"name"`
	Status       string `json:"status" ts:"DocumentStatus"`
	Percent      int    `json:"percent"`
	Error        string `json:"error"`
}

// Chunk is a retrievable passage with its locator.
type Chunk struct {
	ID           string           `json:"id"`
	DocID        string           `json:"docId"`
	CollectionID string           `json:"collectionId"`
	Ordinal      int              `json:"ordinal"`
	Text         string           `json:"text"`
	Language     string           `json:"language"`
	Locator      evidence.Locator `json:"locator"`
}

// SearchRequest searches collections (all when empty) or documents.
type SearchRequest struct {
	Query         string   `json:"query"`
	CollectionIDs []string `json:"collectionIds"`
	DocumentIDs   []string `json:"documentIds"`
	TopK          int      `json:"topK"`
}

// SearchHit is one ranked chunk; Snippet is HTML-escaped text whose matches are
// wrapped in <mark>…</mark>, and nothing else.
type SearchHit struct {
	Rank    int     `json:"rank"`
	Score   float64 `json:"score"`
	Snippet string  `json:"snippet"`
	Chunk   Chunk   `json:"chunk"`
	// AlsoIn are the other files with the same text as the hit's document,
	// whose passages were left out of the search.
	AlsoIn []evidence.DocRef `json:"alsoIn"`
}

// SearchResponse is a ranked list of hits.
type SearchResponse struct {
	Hits   []SearchHit `json:"hits"`
	TookMs float64     `json:"tookMs"`
}

// DocumentSource is what the source viewer shows: the extracted text, the
// chunks that map it to headings, and where each page lies in it.
type DocumentSource struct {
	Document Document   `json:"document"`
	Text     string     `json:"text"`
	Chunks   []Chunk    `json:"chunks"`
	Pages    []PageSpan `json:"pages"`
}

// PageSpan says where one page of a document lies in its text: code points
// [Start, End). Documents ingested before pages were kept have none.
type PageSpan struct {
	Page  int  `json:"page"` // 1-based
	Start int  `json:"start"`
	End   int  `json:"end"`
	OCR   bool `json:"ocr"` // the page's text was read by OCR from its image
}

// HighlightBox is a highlight box as fractions (0..1) of the page, origin
// top left, so it scales with the page's image.
type HighlightBox struct {
	Left   float64 `json:"left"`
	Top    float64 `json:"top"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// PageHighlight places a cited span on one page of a PDF.
type PageHighlight struct {
	Page      int            `json:"page"`
	PageCount int            `json:"pageCount"`
	Width     float64        `json:"width"`  // the page in points
	Height    float64        `json:"height"` // the page in points
	Boxes     []HighlightBox `json:"boxes"`  // top to bottom, left to right; empty when the span could not be placed
	OCR       bool           `json:"ocr"`
}
