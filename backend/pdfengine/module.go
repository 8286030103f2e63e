package pdfengine

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
)

// The PDFium WebAssembly module of the go-pdfium version in go.mod, gzipped:
// 2.5 MB in the binary instead of 5.8. It is unpacked once, when the engine
// starts (tens of milliseconds beside the start itself). Regenerate it after
// changing that version; TestEmbeddedModuleIsGoPdfiums says when.
//
//go:generate go run ../../scripts/pdfiumwasm -o module/pdfium.wasm.gz
//go:embed module/pdfium.wasm.gz
var gzippedModule []byte

// pdfiumModule returns the unpacked module.
func pdfiumModule() ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gzippedModule))
	if err != nil {
		return nil, fmt.Errorf("unpack the PDF engine: %w", err)
	}
	wasm, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("unpack the PDF engine: %w", err)
	}
	return wasm, nil
}
