// Command ingestmem prints the peak memory of ingesting one file of each
// format at the size limit with the real `lexflow ingest`: it writes each
// file, ingests it in a fresh data directory as a child process and reads the
// child's peak RSS from getrusage. Two files are ingested together, so both
// extraction slots are busy, as on a server taking a folder.
//
//	go run ./scripts/ingestmem -bin bin/lexflow [-size 200000000] [-formats html,md]
package main

import (
	"lexflow/scripts/internal/childrss"

	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"lexflow/backend/ingest"
	"lexflow/backend/ingest/pdfgen"
	"lexflow/scripts/internal/mdtable"
)

// budgetMiB is the documented memory budget of the whole server while it
// ingests files at the limit.
const budgetMiB = 400

func main() {
	bin := flag.String("bin", "bin/lexflow", "the lexflow binary")
	size := flag.Int64("size", ingest.DefaultLimits().MaxBytes, "bytes of each generated file")
	formats := flag.String("formats", strings.Join(caseNames(), ","), "cases to run, comma-separated")
	writeOnly := flag.String("write", "", "only write one file of each case into this folder (to profile by hand)")
	flag.Parse()
	if *writeOnly != "" {
		writeCases(*writeOnly, strings.Split(*formats, ","), *size)
		return
	}
	tmp, err := os.MkdirTemp("", "ingestmem-")
	check(err)
	defer os.RemoveAll(tmp)
	var rows [][]string
	for _, name := range strings.Split(*formats, ",") {
		c, ok := findCase(name)
		if !ok {
			check(fmt.Errorf("unknown case %q; known are %s", name, strings.Join(caseNames(), ", ")))
		}
		rows = append(rows, run(*bin, filepath.Join(tmp, c.name), c, *size))
	}
	table := mdtable.Table{{"file (2 at once)", "size each", "outcome", "wall", "peak RSS", "budget"}}
	table = append(table, rows...)
	table.Print(os.Stdout)
}

func writeCases(dir string, names []string, size int64) {
	check(os.MkdirAll(dir, 0o755))
	for _, name := range names {
		c, ok := findCase(name)
		if !ok {
			check(fmt.Errorf("unknown case %q", name))
		}
		path := filepath.Join(dir, c.name+c.ext)
		check(writeFile(path, func(w *countingWriter) error { return c.write(w, 0, size) }))
		fmt.Println(path)
	}
}

// run writes two files of case c and ingests them together; the row is the
// child's outcome and peak RSS.
func run(bin, dir string, c genCase, size int64) []string {
	src := filepath.Join(dir, "src")
	check(os.MkdirAll(src, 0o755))
	var written int64
	for i := 0; i < 2; i++ {
		path := filepath.Join(src, fmt.Sprintf("%s-%d%s", c.name, i, c.ext))
		check(writeFile(path, func(w *countingWriter) error { return c.write(w, i, size) }))
		st, err := os.Stat(path)
		check(err)
		written = st.Size()
	}
	data := filepath.Join(dir, "data")
	check(exec.Command(bin, "collection", "create", "mem", "--data-dir", data).Run())
	if c.warm {
		warmPDFEngine(bin, dir, data)
	}
	cmd := exec.Command(bin, "ingest", "--collection", "mem", "--json", "--data-dir", data, src)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	runErr := cmd.Run()
	wall := time.Since(start)
	// Exit status 1 says a file failed: its reason is in the summary.
	outcome, ok := summarize(out.Bytes())
	if !ok {
		outcome = fmt.Sprintf("%v: %s", runErr, lastLine(errOut.String()))
	}
	rssKiB, _ := childrss.PeakKiB(cmd.ProcessState)
	verdict := "ok"
	if rssKiB/1024 > budgetMiB {
		verdict = "OVER"
	}
	check(os.RemoveAll(dir))
	return []string{c.label, ingest.HumanBytes(written), outcome, fmt.Sprintf("%.1f s", wall.Seconds()),
		fmt.Sprintf("%.0f MiB", float64(rssKiB)/1024), fmt.Sprintf("≤ %d MiB %s", budgetMiB, verdict)}
}

// warmPDFEngine ingests a two-page PDF into data first, so the measured
// run starts the PDF engine from its compiled-code cache, as every launch
// after the first does.
func warmPDFEngine(bin, dir, data string) {
	warm := filepath.Join(dir, "warm")
	check(os.MkdirAll(warm, 0o755))
	check(os.WriteFile(filepath.Join(warm, "warm.pdf"), pdfgen.Statute(99, 2), 0o644))
	check(exec.Command(bin, "ingest", "--collection", "mem", "--data-dir", data, warm).Run())
}

// summarize turns `lexflow ingest --json` output into "ready ×2, 812 chunks"
// or the failure reasons; false when there is no summary to read.
func summarize(out []byte) (string, bool) {
	var summary []struct {
		Status, Error string
		Chunks        int
	}
	if err := json.Unmarshal(out, &summary); err != nil || len(summary) == 0 {
		return "", false
	}
	counts, chunks, reasons := map[string]int{}, 0, map[string]bool{}
	for _, s := range summary {
		counts[s.Status]++
		chunks += s.Chunks
		if s.Error != "" {
			reasons[s.Error] = true
		}
	}
	var parts []string
	for status, n := range counts {
		parts = append(parts, fmt.Sprintf("%s ×%d", status, n))
	}
	if chunks > 0 {
		parts = append(parts, fmt.Sprintf("%d chunks", chunks))
	}
	for r := range reasons {
		parts = append(parts, r)
	}
	return strings.Join(parts, ", "), true
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "ingestmem:", err)
		os.Exit(1)
	}
}
