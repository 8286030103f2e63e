// Command pdfiumwasm writes the PDFium WebAssembly module of the go-pdfium
// version in go.mod, gzip-compressed, to backend/pdfengine/module/pdfium.wasm.gz:
// the binary embeds that (2.5 MB) instead of go-pdfium's uncompressed copy
// (5.8 MB). Run it after changing the go-pdfium version (`go generate
// ./backend/pdfengine`); a test in backend/pdfengine fails until then.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"lexflow/scripts/internal/gzipfile"
)

func main() {
	out := flag.String("o", "backend/pdfengine/module/pdfium.wasm.gz", "file to write")
	flag.Parse()
	log.SetFlags(0)
	wasm, err := goPdfiumModule()
	if err != nil {
		log.Fatal(err)
	}
	if err := gzipfile.Write(*out, wasm); err != nil {
		log.Fatal(err)
	}
}

// goPdfiumModule reads pdfium.wasm from the go-pdfium module the build uses.
func goPdfiumModule() ([]byte, error) {
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/klippa-app/go-pdfium").Output()
	if err != nil {
		return nil, fmt.Errorf("find go-pdfium: %w", err)
	}
	return os.ReadFile(filepath.Join(strings.TrimSpace(string(dir)), "internal", "pdfium_wasm", "pdfium.wasm"))
}
