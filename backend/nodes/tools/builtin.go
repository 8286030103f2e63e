package tools

import (
	"context"
	"errors"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
)

// SearchFunc searches the evidence index (index.Index.Search fits).
type SearchFunc func(ctx context.Context, q index.Query) ([]evidence.Hit, error)

// ChunkSource lists a document's chunks in order (store.DB.DocumentChunks fits).
type ChunkSource interface {
	DocumentChunks(ctx context.Context, docID string) ([]evidence.Chunk, error)
}

// Clock is the time source for "today".
type Clock interface{ Now() time.Time }

// Deps are what the built-in tools read; a tool whose dependency is missing
// fails with ErrUnavailable when called.
type Deps struct {
	Search SearchFunc
	Chunks ChunkSource
	Clock  Clock
}

// Sentinels tools' errors wrap.
var (
	ErrUnavailable = errors.New("tool is not available here")
	ErrNotFound    = errors.New("nothing found")
	ErrBadArgument = errors.New("bad argument")
)

// Builtins returns the built-in local tools.
func Builtins(d Deps) []Tool {
	return []Tool{searchCollection{d}, fetchArticle{d}, neighbourChunks{d}, dateArithmetic{d}, currentTime{d}}
}

func (d Deps) search(ctx context.Context, q index.Query) ([]evidence.Hit, error) {
	if d.Search == nil {
		return nil, ErrUnavailable
	}
	return d.Search(ctx, q)
}

func (d Deps) chunks(ctx context.Context, docID string) ([]evidence.Chunk, error) {
	if d.Chunks == nil {
		return nil, ErrUnavailable
	}
	return d.Chunks.DocumentChunks(ctx, docID)
}

func (d Deps) now() time.Time {
	if d.Clock == nil {
		return time.Now()
	}
	return d.Clock.Now()
}
