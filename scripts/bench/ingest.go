package main

import (
	"lexflow/scripts/internal/childrss"

	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"lexflow/backend/ingest/pdfgen"
)

// ingestDataDir is the ingestion benchmark's data directory under the
// benchmark's temporary folder.
const ingestDataDir = "ingest-data"

// ingestRows ingests generated statute PDFs (files × pages each) with the
// real `lexflow ingest` and reports throughput and peak memory.
func ingestRows(bin, tmp string, files, pages int) [][3]string {
	src := filepath.Join(tmp, "pdfs")
	check(os.MkdirAll(src, 0o755))
	for i := 0; i < files; i++ {
		check(os.WriteFile(filepath.Join(src, fmt.Sprintf("act-%03d.pdf", i)), pdfgen.Statute(i, pages), 0o644))
	}
	data := filepath.Join(tmp, ingestDataDir)
	check(exec.Command(bin, "collection", "create", "bench", "--data-dir", data).Run())
	cmd := exec.Command(bin, "ingest", "--collection", "bench", "--json", "--data-dir", data, src)
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	check(cmd.Run())
	wall := time.Since(start)
	var summary []struct {
		Status        string
		Pages, Chunks int
	}
	check(json.Unmarshal(out.Bytes(), &summary))
	totalPages, chunks := 0, 0
	for _, s := range summary {
		if s.Status != "ready" {
			check(fmt.Errorf("ingest bench: a file ended %s", s.Status))
		}
		totalPages += s.Pages
		chunks += s.Chunks
	}
	peak := "not measured here"
	if kib, ok := childrss.PeakKiB(cmd.ProcessState); ok {
		peak = fmt.Sprintf("%.0f MiB", float64(kib)/1024)
	}
	label := fmt.Sprintf("ingest %d PDF pages (%d files), end to end", totalPages, files)
	return [][3]string{
		{label + ": pages/s", fmt.Sprintf("%.0f", float64(totalPages)/wall.Seconds()), "≥ 100"},
		{label + ": chunks/s", fmt.Sprintf("%.0f (%d chunks)", float64(chunks)/wall.Seconds(), chunks), "—"},
		{label + ": peak RSS", peak, "≤ 300 MiB"},
	}
}
