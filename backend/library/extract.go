package library

import (
	"context"
	"io"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest"
	"lexflow/backend/store"
)

// Ingest is the Extractor over backend/ingest: parse the file by its format,
// detect the legal structure, and chunk along it.
func Ingest(limits ingest.Limits, opts ingest.ChunkOptions) Extractor {
	return func(ctx context.Context, doc evidence.Document, r io.ReaderAt, size int64) (store.Extraction, error) {
		ex, chunks, err := ingest.File(ctx, doc, r, size, limits, opts)
		if err != nil {
			return store.Extraction{}, err
		}
		return store.Extraction{Title: ingest.Title(ex), Text: ex.Text, Language: ex.Language, Pages: ex.Pages, Chunks: chunks}, nil
	}
}
