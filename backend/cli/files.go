package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"lexflow/backend/engine"
	"lexflow/backend/store"
)

// libraryFiles opens a file variable that names a library document (its id)
// from the stored copy in the data directory, for document extractors.
type libraryFiles struct {
	dir string
	db  *store.DB
}

func (l libraryFiles) OpenFile(ctx context.Context, f engine.File) (io.ReaderAt, int64, error) {
	if f.ID == "" {
		return nil, 0, fmt.Errorf("open file %q: only documents of the library can be read", f.Name)
	}
	doc, err := l.db.GetDocument(ctx, f.ID)
	if err != nil {
		return nil, 0, fmt.Errorf("open file %q: %w", f.Name, err)
	}
	file, err := os.Open(filepath.Join(l.dir, filepath.FromSlash(doc.FilePath)))
	if err != nil {
		return nil, 0, fmt.Errorf("open file %q: %w", f.Name, err)
	}
	st, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, 0, fmt.Errorf("open file %q: %w", f.Name, err)
	}
	return file, st.Size(), nil
}
