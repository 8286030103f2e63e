package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest"
)

// errPanic marks an Extract call that panicked: the harness keeps going so
// one bad file does not hide the other 286.
var errPanic = errors.New("extractor panicked")

// output is one extractor's result for one file. Lexflow fills pages with
// its PageSpans; pdftotext only counts them.
type output struct {
	text    string
	spans   []ingest.PageSpan
	pages   int
	err     error
	seconds float64
}

// pass is one extractor over all files: per-file outputs and the timings.
type pass struct {
	outs     []output
	wall     time.Duration
	firstDur time.Duration // Lexflow: the first Extract alone (engine start-up)
}

// runLexflow extracts every file with ingest.Extract. The first file runs
// alone so its time, which includes any one-time engine start-up, can be
// reported apart; wall time covers all files, the first included.
func runLexflow(ctx context.Context, docs []doc, workers int) pass {
	r := pass{outs: make([]output, len(docs))}
	start := time.Now()
	r.outs[0] = extractLexflow(ctx, docs[0].pdf)
	r.firstDur = time.Since(start)
	forEach(ctx, 1, len(docs), workers, func(i int) { r.outs[i] = extractLexflow(ctx, docs[i].pdf) })
	r.wall = time.Since(start)
	return r
}

// extractLexflow is the end-to-end path for one file: open, stat, Extract.
func extractLexflow(ctx context.Context, path string) (o output) {
	start := time.Now()
	defer func() {
		if p := recover(); p != nil {
			o = output{err: fmt.Errorf("%w: %v", errPanic, p)}
		}
		o.seconds = time.Since(start).Seconds()
	}()
	f, err := os.Open(path)
	if err != nil {
		return output{err: err}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return output{err: err}
	}
	ex, err := ingest.Extract(ctx, evidence.FormatPDF, f, st.Size(), ingest.Limits{})
	if err != nil {
		return output{err: err}
	}
	return output{text: ex.Text, spans: ex.Pages, pages: len(ex.Pages)}
}

// runPdftotext runs `pdftotext -layout file -` on every file with the same
// number of workers, for a reference point on the same machine.
func runPdftotext(ctx context.Context, docs []doc, workers int) pass {
	r := pass{outs: make([]output, len(docs))}
	start := time.Now()
	forEach(ctx, 0, len(docs), workers, func(i int) { r.outs[i] = pdftotext(ctx, docs[i].pdf) })
	r.wall = time.Since(start)
	return r
}

func pdftotext(ctx context.Context, path string) output {
	start := time.Now()
	cmd := exec.CommandContext(ctx, "pdftotext", "-layout", path, "-")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	o := output{seconds: time.Since(start).Seconds()}
	if err != nil {
		o.err = fmt.Errorf("pdftotext: %w: %s", err, lastLine(stderr.String()))
		return o
	}
	o.text = stdout.String()
	o.pages = strings.Count(o.text, "\f") // pdftotext ends every page with a form feed
	return o
}

// forEach calls fn(i) for i in [from, to) on workers goroutines, handing out
// one index at a time so a slow file does not hold up a whole batch; it stops
// handing out work once ctx ends.
func forEach(ctx context.Context, from, to, workers int, fn func(i int)) {
	var next atomic.Int64
	next.Store(int64(from))
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= to {
					return
				}
				fn(i)
			}
		})
	}
	wg.Wait()
}

// lastLine is the error pdftotext ends with, after any warnings.
func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndexByte(s, '\n')+1:]
}

// pdftotextOnPath reports whether the reference tool can run here.
func pdftotextOnPath() bool {
	_, err := exec.LookPath("pdftotext")
	return err == nil
}
