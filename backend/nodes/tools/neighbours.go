package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/evidence"
)

// neighbourChunks: neighbour_chunks(chunk_id, document_id?, before?, after?)
// → the chunk and its neighbours in the same document, in order.
type neighbourChunks struct{ d Deps }

func (neighbourChunks) Name() string { return "neighbour_chunks" }

func (neighbourChunks) Description() string {
	return "Read the passages just before and after a passage (by its chunk id), to see its surrounding text."
}

func (neighbourChunks) Parameters() json.RawMessage {
	return ObjectSchema(
		Param{Name: "chunk_id", Type: "string", Description: "the passage's chunk id", Required: true},
		Param{Name: "document_id", Type: "string", Description: "its document id (read from the chunk id when empty)"},
		Param{Name: "before", Type: "integer", Description: "passages before (default 1, at most 10)"},
		Param{Name: "after", Type: "integer", Description: "passages after (default 1, at most 10)"},
	)
}

const maxNeighbours = 10

func (t neighbourChunks) Call(ctx context.Context, raw json.RawMessage) (Result, error) {
	a, err := parseArgs(raw)
	if err != nil {
		return Result{}, err
	}
	id := a.str("chunk_id")
	doc := a.str("document_id")
	if doc == "" {
		doc = DocOfChunk(id)
	}
	if id == "" || doc == "" {
		return Result{}, fmt.Errorf("chunk_id %q names no document: %w", id, ErrBadArgument)
	}
	chunks, err := t.d.chunks(ctx, doc)
	if err != nil {
		return Result{}, fmt.Errorf("read document %s: %w", doc, err)
	}
	before, after := clampCount(a.num("before", 1)), clampCount(a.num("after", 1))
	window, err := around(chunks, id, before, after)
	if err != nil {
		return Result{}, err
	}
	return Result{Text: chunkText(window), JSON: map[string]any{"chunk_id": id, "chunks": chunkHits(window)}}, nil
}

func clampCount(f float64) int { return min(max(int(f), 0), maxNeighbours) }

func around(chunks []evidence.Chunk, id string, before, after int) ([]evidence.Chunk, error) {
	for i, c := range chunks {
		if c.ID == id {
			return chunks[max(i-before, 0):min(i+after+1, len(chunks))], nil
		}
	}
	return nil, fmt.Errorf("chunk %s is not in its document: %w", id, ErrNotFound)
}

// DocOfChunk reads the document id out of an ingested chunk id
// ("<doc>-00012"); "" when the id has no such suffix.
func DocOfChunk(id string) string {
	i := strings.LastIndexByte(id, '-')
	if i <= 0 || i == len(id)-1 {
		return ""
	}
	for _, r := range id[i+1:] {
		if r < '0' || r > '9' {
			return ""
		}
	}
	return id[:i]
}
