// Package ocrtest lets tests that read scans with Tesseract say they need it.
package ocrtest

import (
	"os"
	"os/exec"
	"testing"
)

// Require skips where Tesseract is not installed, except in CI, where
// `make test` installs it and its absence is a failure.
func Require(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("tesseract"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tesseract is not installed; make test installs tesseract-ocr")
		}
		t.Skip("tesseract is not installed")
	}
}
