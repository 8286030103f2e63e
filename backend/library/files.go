package library

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"lexflow/backend/ingest"
)

// ErrTooLarge is returned for a file over the size limit.
var ErrTooLarge = errors.New("file too large")

// ErrBadName is returned for a file whose name leaves nothing to call it
// ("..", "/"): the user's mistake, not the library's.
var ErrBadName = errors.New("bad file name")

// storedFile is an upload saved under files/, named by its content hash.
type storedFile struct {
	Path string // relative to the data directory
	Hash string
	Size int64
	Head []byte // the first headBytes, for format detection
}

// headBytes is how much of a file format detection reads.
const headBytes = 512

// head keeps the first headBytes written to it.
type head []byte

func (h *head) Write(p []byte) (int, error) {
	if room := headBytes - len(*h); room > 0 {
		*h = append(*h, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// formatOf is the format ingestion reads a file as: the detector's, so an
// alias (.htm, .markdown, .text, .docm) means its format; a file it does not
// know keeps its extension and fails at ingestion with the reason.
func formatOf(name string, first []byte) string {
	if f, err := ingest.Detect(name, first); err == nil {
		return string(f)
	}
	return strings.TrimPrefix(strings.ToLower(filepath.Ext(name)), ".")
}

// saveFile streams r to files/<hash[:2]>/<hash>, hashing as it goes and never
// holding more than a buffer in memory. The file is synced before it is named,
// so a document row never points at a file a crash could lose.
func (l *Library) saveFile(r io.Reader) (storedFile, error) {
	tmpDir := filepath.Join(l.opts.DataDir, "files", "tmp")
	if err := os.MkdirAll(tmpDir, 0o700); err != nil {
		return storedFile{}, fmt.Errorf("create files directory: %w", err)
	}
	tmp, err := os.CreateTemp(tmpDir, "upload-*")
	if err != nil {
		return storedFile{}, fmt.Errorf("store upload: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	h := sha256.New()
	var first head
	n, err := io.Copy(io.MultiWriter(tmp, h, &first), io.LimitReader(r, l.opts.MaxBytes+1))
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return storedFile{}, fmt.Errorf("store upload: %w", err)
	}
	if n > l.opts.MaxBytes {
		return storedFile{}, fmt.Errorf("%w: over the limit of %s", ErrTooLarge, ingest.HumanBytes(l.opts.MaxBytes))
	}
	sum := hex.EncodeToString(h.Sum(nil))
	rel := filepath.Join("files", sum[:2], sum)
	abs := filepath.Join(l.opts.DataDir, rel)
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return storedFile{}, fmt.Errorf("store upload: %w", err)
	}
	// The name is the content's hash: a file already there holds these bytes. It is
	// kept, not replaced, since Windows refuses to replace a file someone has open;
	// and when a second upload of the same bytes names it first, Windows refuses
	// this rename, which then has nothing left to do.
	if _, statErr := os.Stat(abs); statErr != nil {
		if err := os.Rename(tmp.Name(), abs); err != nil {
			if _, statErr := os.Stat(abs); statErr != nil {
				return storedFile{}, fmt.Errorf("store upload: %w", err)
			}
		}
	}
	return storedFile{Path: filepath.ToSlash(rel), Hash: sum, Size: n, Head: first}, nil
}

func (l *Library) openFile(rel string) (*os.File, int64, error) {
	f, err := os.Open(filepath.Join(l.opts.DataDir, filepath.FromSlash(rel)))
	if err != nil {
		return nil, 0, fmt.Errorf("open stored file: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("open stored file: %w", err)
	}
	return f, st.Size(), nil
}

func (l *Library) removeFile(rel string) error {
	err := os.Remove(filepath.Join(l.opts.DataDir, filepath.FromSlash(rel)))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}
