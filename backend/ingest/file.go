package ingest

import (
	"context"
	"fmt"
	"io"

	"lexflow/backend/evidence"
)

// File is the whole of ingestion for one stored file: it detects the format
// (doc.Format when set, else from doc.Name and the first bytes), extracts the
// text and cuts the chunks, whose language, locators and IDs come from doc.
func File(ctx context.Context, doc evidence.Document, r io.ReaderAt, size int64, limits Limits, opts ChunkOptions) (Extracted, []evidence.Chunk, error) {
	if err := limits.CheckSize(size); err != nil {
		return Extracted{}, nil, err
	}
	format := doc.Format
	if format == "" {
		head := make([]byte, min(size, 512))
		if _, err := r.ReadAt(head, 0); err != nil && err != io.EOF {
			return Extracted{}, nil, fmt.Errorf("read %s: %w", doc.Name, err)
		}
		f, err := Detect(doc.Name, head)
		if err != nil {
			return Extracted{}, nil, err
		}
		format = f
	}
	ex, err := Extract(ctx, format, r, size, limits)
	if err != nil {
		return Extracted{}, nil, err
	}
	return ex, Chunks(doc, ex, opts), nil
}
