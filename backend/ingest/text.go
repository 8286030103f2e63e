package ingest

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding/charmap"
)

// extractText returns the file's own text. Offsets into it are offsets into
// the file (after a UTF-8 BOM, which is dropped): line endings, CRLF
// included, are kept exactly. Text that is not UTF-8 is decoded as UTF-16
// when it has a UTF-16 BOM, else as Windows-1252 (a superset of Latin-1's
// printable range), and Encoding says which, so the UI can tell the user.
// Binary data (NUL bytes outside UTF-16) is refused, never mangled.
func extractText(r io.ReaderAt, size int64, limits Limits) (Extracted, error) {
	if err := checkTextSize(r, size, limits.MaxTextBytes); err != nil {
		return Extracted{}, err
	}
	data, err := readAll(r, size)
	if err != nil {
		return Extracted{}, err
	}
	text, enc, err := decodeText(data)
	if err != nil {
		return Extracted{}, err
	}
	return Extracted{Text: blankPageNumbers(text), Encoding: enc}, nil
}

// checkTextSize refuses, before reading it, a text file whose text cannot
// fit in maxText bytes whatever its encoding: UTF-8 and Windows-1252 text is
// at least as long as the file, UTF-16 at least half as long.
func checkTextSize(r io.ReaderAt, size, maxText int64) error {
	head := make([]byte, min(size, 2))
	if _, err := r.ReadAt(head, 0); err != nil && err != io.EOF {
		return fmt.Errorf("read file: %w", err)
	}
	least := size - 3 // a UTF-8 BOM is dropped
	if bytes.Equal(head, []byte{0xFF, 0xFE}) || bytes.Equal(head, []byte{0xFE, 0xFF}) {
		least = (size - 2) / 2
	}
	if least > maxText {
		return fmt.Errorf("%w: the text is at least %s; the limit is %s", ErrLimit, HumanBytes(least), HumanBytes(maxText))
	}
	return nil
}

func readAll(r io.ReaderAt, size int64) ([]byte, error) {
	data := make([]byte, size)
	n, err := r.ReadAt(data, 0)
	if err != nil && !(err == io.EOF && int64(n) == size) {
		return nil, fmt.Errorf("read file: %w", err)
	}
	return data, nil
}

func decodeText(data []byte) (text, encoding string, err error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		data = data[3:]
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return decodeUTF16(data), "utf-16", nil
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return "", "", fmt.Errorf("%w: the file holds binary data (NUL bytes), not text", ErrCorrupt)
	}
	if utf8.Valid(data) {
		// The text is the file's bytes: share them rather than hold the
		// file twice. Nothing writes to data after this.
		return unsafe.String(unsafe.SliceData(data), len(data)), "utf-8", nil
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(data)
	if err != nil {
		return "", "", fmt.Errorf("%w: text is neither UTF-8 nor Windows-1252: %v", ErrCorrupt, err)
	}
	return string(out), "windows-1252", nil
}

func decodeUTF16(data []byte) string {
	big := data[0] == 0xFE
	data = data[2:]
	units := make([]uint16, 0, len(data)/2)
	for i := 0; i+1 < len(data); i += 2 {
		if big {
			units = append(units, uint16(data[i])<<8|uint16(data[i+1]))
		} else {
			units = append(units, uint16(data[i+1])<<8|uint16(data[i]))
		}
	}
	return string(utf16.Decode(units))
}
