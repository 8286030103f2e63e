package tools

import (
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/evidence"
)

// HitRecord is a search hit as workflows see it: Dify's retrieval result
// shape {content, title, metadata} with Lexflow's locator in metadata
// (Dify's own metadata names are kept alongside for imported templates).
func HitRecord(h evidence.Hit) map[string]any {
	r := ChunkRecord(h.Chunk)
	meta := r["metadata"].(map[string]any)
	meta["score"], meta["rank"], meta["position"] = h.Score, float64(h.Rank), float64(h.Rank)
	if h.Snippet != "" {
		meta["snippet"] = h.Snippet
	}
	if h.NamedBy != "" {
		meta["named_by"] = h.NamedBy
	}
	return r
}

// HitFromRecord reads a hit back from its HitRecord shape (as it comes out
// of a knowledge-retrieval node's "result"); ok is false for anything else.
func HitFromRecord(v any) (evidence.Hit, bool) {
	r, _ := v.(map[string]any)
	meta, _ := r["metadata"].(map[string]any)
	text, _ := r["content"].(string)
	id := str(meta["chunk_id"])
	if id == "" {
		return evidence.Hit{}, false
	}
	var path []string
	for _, h := range list(meta["heading_path"]) {
		path = append(path, str(h))
	}
	loc := evidence.Locator{DocID: str(meta["document_id"]), DocName: str(meta["document_name"]), DocTitle: str(meta["document_title"]),
		PageStart: num(meta["page_start"]), PageEnd: num(meta["page_end"]), HeadingPath: path,
		Start: num(meta["start"]), End: num(meta["end"]), OCR: meta["ocr"] == true, Units: unitsOf(meta["units"])}
	score, _ := meta["score"].(float64)
	return evidence.Hit{Rank: num(meta["rank"]), Score: score, Snippet: str(meta["snippet"]), NamedBy: str(meta["named_by"]),
		Chunk: evidence.Chunk{ID: id, DocID: loc.DocID, CollectionID: str(meta["collection_id"]),
			Ordinal: num(meta["ordinal"]), Locator: loc, Text: text}}, true
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func num(v any) int {
	f, _ := v.(float64)
	return int(f)
}

func list(v any) []any {
	switch l := v.(type) {
	case []any:
		return l
	case []string:
		out := make([]any, len(l))
		for i, s := range l {
			out[i] = s
		}
		return out
	}
	return nil
}

// ChunkRecord is a chunk in the same shape, without score and rank.
func ChunkRecord(c evidence.Chunk) map[string]any {
	l := c.Locator
	path := make([]any, len(l.HeadingPath))
	for i, h := range l.HeadingPath {
		path[i] = h
	}
	meta := map[string]any{
		"chunk_id": c.ID, "document_id": c.DocID, "document_name": l.DocName, "collection_id": c.CollectionID,
		"page_start": float64(l.PageStart), "page_end": float64(l.PageEnd), "heading_path": path,
		"heading": l.Heading(), "start": float64(l.Start), "end": float64(l.End), "ordinal": float64(c.Ordinal),
		"_source": "knowledge", "dataset_id": c.CollectionID, "segment_id": c.ID,
	}
	if l.DocTitle != "" {
		meta["document_title"] = l.DocTitle
	}
	if l.OCR {
		meta["ocr"] = true
	}
	if len(l.Units) > 0 {
		meta["units"] = unitsRecord(l.Units)
	}
	return map[string]any{"content": c.Text, "title": l.Document(), "metadata": meta}
}

// unitsRecord is a locator's units as plain JSON values, the form workflow
// variables hold, so a cited answer downstream can still name the article
// a quote lies in.
func unitsRecord(units []evidence.Unit) []any {
	var out []any
	b, _ := json.Marshal(units)
	_ = json.Unmarshal(b, &out)
	return out
}

// unitsOf reads units back from unitsRecord's form; nil when there are none.
func unitsOf(v any) []evidence.Unit {
	if v == nil {
		return nil
	}
	var units []evidence.Unit
	b, _ := json.Marshal(v)
	if json.Unmarshal(b, &units) != nil || len(units) == 0 {
		return nil
	}
	return units
}

// chunkText renders chunks for a model or a person: each with its locator.
func chunkText(chunks []evidence.Chunk) string {
	parts := make([]string, len(chunks))
	for i, c := range chunks {
		parts[i] = fmt.Sprintf("[%s] %s\n%s", c.ID, c.Locator.Label(), c.Text)
	}
	return strings.Join(parts, "\n\n")
}

func chunkRecords(chunks []evidence.Chunk) []any {
	out := make([]any, len(chunks))
	for i, c := range chunks {
		out[i] = ChunkRecord(c)
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
