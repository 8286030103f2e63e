// Package gzipfile writes the gzipped data files the binary embeds, the same
// bytes every time for the same input: no name or time in the header.
package gzipfile

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
)

// Write gzips data at the best compression into the file name and reports
// the sizes on stdout.
func Write(name string, data []byte) error {
	var packed bytes.Buffer
	zw, err := gzip.NewWriterLevel(&packed, gzip.BestCompression)
	if err != nil {
		return fmt.Errorf("gzip %s: %w", name, err)
	}
	if _, err := zw.Write(data); err != nil {
		return fmt.Errorf("gzip %s: %w", name, err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("gzip %s: %w", name, err)
	}
	if err := os.WriteFile(name, packed.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	fmt.Printf("%s: %d bytes from %d\n", name, packed.Len(), len(data))
	return nil
}
