package tools

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"lexflow/backend/evidence"
)

// Hit is a search hit as workflows carry it. In Go it is the hit itself,
// so the nodes and tools that read passages (a cited answer, an agent's
// ledger) take it as it is; its JSON, what templates, End nodes, stored
// outputs and Dify-imported apps see, is Dify's retrieval record
// {content, title, metadata} with Lexflow's locator in metadata (Dify's own
// metadata names are kept alongside for imported templates). A chunk
// without a search (fetch_article, neighbour_chunks) is a Hit with no rank:
// its metadata has no score, rank or position.
type Hit evidence.Hit

// Hits wraps search hits to travel as workflow values.
func Hits(hs []evidence.Hit) []Hit {
	out := make([]Hit, len(hs))
	for i, h := range hs {
		out[i] = Hit(h)
	}
	return out
}

// hitRecord is Hit's JSON: one struct for both directions.
type hitRecord struct {
	Content  string  `json:"content"`
	Title    string  `json:"title"`
	Metadata hitMeta `json:"metadata"`
}

type hitMeta struct {
	ChunkID       string          `json:"chunk_id"`
	DocumentID    string          `json:"document_id"`
	DocumentName  string          `json:"document_name"`
	DocumentTitle string          `json:"document_title,omitempty"`
	CollectionID  string          `json:"collection_id"`
	PageStart     int             `json:"page_start"`
	PageEnd       int             `json:"page_end"`
	HeadingPath   []string        `json:"heading_path"`
	Heading       string          `json:"heading"`
	Start         int             `json:"start"`
	End           int             `json:"end"`
	Ordinal       int             `json:"ordinal"`
	OCR           bool            `json:"ocr,omitempty"`
	Units         []evidence.Unit `json:"units,omitempty"` // so a cited answer downstream can still name the article a quote lies in
	Score         *float64        `json:"score,omitempty"`
	Rank          *int            `json:"rank,omitempty"`
	Position      *int            `json:"position,omitempty"`
	Snippet       string          `json:"snippet,omitempty"`
	NamedBy       string          `json:"named_by,omitempty"`
	Source        string          `json:"_source"`
	DatasetID     string          `json:"dataset_id"`
	SegmentID     string          `json:"segment_id"`
}

// MarshalJSON writes the hit as Dify's retrieval record.
func (h Hit) MarshalJSON() ([]byte, error) {
	c, l := h.Chunk, h.Chunk.Locator
	m := hitMeta{ChunkID: c.ID, DocumentID: c.DocID, DocumentName: l.DocName, DocumentTitle: l.DocTitle,
		CollectionID: c.CollectionID, PageStart: l.PageStart, PageEnd: l.PageEnd, HeadingPath: l.HeadingPath,
		Heading: l.Heading(), Start: l.Start, End: l.End, Ordinal: c.Ordinal, OCR: l.OCR, Units: l.Units,
		Snippet: h.Snippet, NamedBy: h.NamedBy, Source: "knowledge", DatasetID: c.CollectionID, SegmentID: c.ID}
	if m.HeadingPath == nil {
		m.HeadingPath = []string{}
	}
	if h.Rank > 0 {
		score, rank := h.Score, h.Rank
		m.Score, m.Rank, m.Position = &score, &rank, &rank
	}
	return json.Marshal(hitRecord{Content: c.Text, Title: l.Document(), Metadata: m})
}

// UnmarshalJSON reads a hit back from its record (a retrieval result stored
// with a run, or passed on by a node that knows only plain values).
func (h *Hit) UnmarshalJSON(b []byte) error {
	var r hitRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return fmt.Errorf("read retrieval record: %w", err)
	}
	m := r.Metadata
	if m.ChunkID == "" {
		return fmt.Errorf("read retrieval record: %w", errNotAHit)
	}
	loc := evidence.Locator{DocID: m.DocumentID, DocName: m.DocumentName, DocTitle: m.DocumentTitle,
		PageStart: m.PageStart, PageEnd: m.PageEnd, HeadingPath: m.HeadingPath, Start: m.Start, End: m.End,
		OCR: m.OCR, Units: m.Units}
	if len(loc.HeadingPath) == 0 {
		loc.HeadingPath = nil
	}
	*h = Hit{Snippet: m.Snippet, NamedBy: m.NamedBy, Chunk: evidence.Chunk{ID: m.ChunkID, DocID: m.DocumentID,
		CollectionID: m.CollectionID, Ordinal: m.Ordinal, Locator: loc, Text: r.Content}}
	if m.Rank != nil {
		h.Rank = *m.Rank
	}
	if m.Score != nil {
		h.Score = *m.Score
	}
	return nil
}

var errNotAHit = errors.New("no chunk_id in its metadata")

// HitsOf reads the hits of a workflow value's Go form: a list of Hits as a
// retrieval node or a search tool made it, or, for a list that came another
// way (through JSON, or a node that passes plain values on), decoded from
// its records. ok is false when an item is not a retrieval record; bad is
// its index then.
func HitsOf(v any) (hits []evidence.Hit, bad int, ok bool) {
	if hs, isHits := v.([]Hit); isHits {
		out := make([]evidence.Hit, len(hs))
		for i, h := range hs {
			out[i] = evidence.Hit(h)
		}
		return out, 0, true
	}
	items, _ := v.([]any)
	out := make([]evidence.Hit, 0, len(items))
	for i, it := range items {
		var h Hit
		b, err := json.Marshal(it)
		if err != nil || json.Unmarshal(b, &h) != nil {
			return nil, i, false
		}
		out = append(out, evidence.Hit(h))
	}
	return out, 0, true
}

// chunkText renders chunks for a model or a person: each with its locator.
func chunkText(chunks []evidence.Chunk) string {
	parts := make([]string, len(chunks))
	for i, c := range chunks {
		parts[i] = fmt.Sprintf("[%s] %s\n%s", c.ID, c.Locator.Label(), c.Text)
	}
	return strings.Join(parts, "\n\n")
}

// chunkHits are chunks as workflows carry them, without rank or score.
func chunkHits(chunks []evidence.Chunk) []Hit {
	out := make([]Hit, len(chunks))
	for i, c := range chunks {
		out[i] = Hit{Chunk: c}
	}
	return out
}

// args reads a decoded argument object.
type args map[string]any

func parseArgs(raw json.RawMessage) (args, error) {
	a := args{}
	if len(raw) == 0 {
		return a, nil
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("read arguments: %w", err)
	}
	return a, nil
}

func (a args) str(name string) string {
	s, _ := a[name].(string)
	return strings.TrimSpace(s)
}

func (a args) num(name string, def float64) float64 {
	if f, ok := a[name].(float64); ok {
		return f
	}
	return def
}

func (a args) strs(name string) []string {
	items, _ := a[name].([]any)
	out := make([]string, 0, len(items))
	for _, it := range items {
		if s, ok := it.(string); ok && strings.TrimSpace(s) != "" {
			out = append(out, strings.TrimSpace(s))
		}
	}
	return out
}
