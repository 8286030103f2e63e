package pdfengine

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The Go side of go-pdfium calls into its own module: the embedded copy must
// be that version's, byte for byte, or calls would break in odd ways after
// an upgrade.
func TestEmbeddedModuleIsGoPdfiums(t *testing.T) {
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/klippa-app/go-pdfium").Output()
	if err != nil {
		t.Fatalf("find go-pdfium: %v", err)
	}
	want, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(dir)), "internal", "pdfium_wasm", "pdfium.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := pdfiumModule()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("module/pdfium.wasm.gz unpacks to %d bytes unlike go-pdfium's %d: run go generate ./backend/pdfengine", len(got), len(want))
	}
}
