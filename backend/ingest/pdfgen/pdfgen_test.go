package pdfgen_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest"
	"lexflow/backend/ingest/pdfgen"
)

func TestStatuteReadsBackPageByPage(t *testing.T) {
	data := pdfgen.Statute(7, 12)
	ex, err := ingest.Extract(context.Background(), evidence.FormatPDF, bytes.NewReader(data), int64(len(data)), ingest.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Pages) != 12 {
		t.Fatalf("%d pages read back, want 12", len(ex.Pages))
	}
	if !strings.Contains(ex.Text, "Article 1") || !strings.Contains(ex.Text, "Act 7") {
		t.Errorf("text starts %q", ex.Text[:min(200, len(ex.Text))])
	}
	if bytes.Equal(data, pdfgen.Statute(8, 12)) {
		t.Error("different seeds made the same bytes")
	}
}
