package ingest

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"lexflow/backend/evidence"
)

// BenchmarkExtractPDF reads the sample statute PDFs and reports pages/s.
func BenchmarkExtractPDF(b *testing.B) {
	var files [][]byte
	for _, name := range []string{"us-constitution-excerpt.pdf", "eu-gdpr-excerpt.pdf", "uk-consumer-rights-act-2015-excerpt.pdf", "eg-civil-code-excerpt-ar.pdf"} {
		files = append(files, []byte(readFile(b, filepath.Join(corpusDir, name))))
	}
	pages := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, data := range files {
			ex, err := Extract(context.Background(), evidence.FormatPDF, bytes.NewReader(data), int64(len(data)), Limits{})
			if err != nil {
				b.Fatal(err)
			}
			pages += len(ex.Pages)
		}
	}
	b.ReportMetric(float64(pages)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkChunk structures and chunks the sample texts.
func BenchmarkChunk(b *testing.B) {
	var exs []Extracted
	for _, name := range []string{"us-constitution-excerpt.pdf", "eu-gdpr-excerpt.html", "uk-consumer-rights-act-2015-excerpt.docx", "eg-civil-code-excerpt-ar.pdf", "sample-services-agreement.md"} {
		ex, err := extractFile(b, filepath.Join(corpusDir, name))
		if err != nil {
			b.Fatal(err)
		}
		exs = append(exs, ex)
	}
	chunks, runes := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, ex := range exs {
			chunks += len(Chunks(evidence.Document{ID: "doc"}, ex, ChunkOptions{}))
			runes += len(ex.Text)
		}
	}
	b.ReportMetric(float64(chunks)/b.Elapsed().Seconds(), "chunks/s")
	b.ReportMetric(float64(runes)/1e6/b.Elapsed().Seconds(), "MB/s")
}
