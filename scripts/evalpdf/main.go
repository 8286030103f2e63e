// Command evalpdf measures PDF text extraction on real filings: the CUAD
// contract PDFs of ../shared/eval/cuad-pdf (SEC EDGAR; CC BY 4.0, The Atticus
// Project; see ../shared/eval/README.md), each compared with its reference
// text. It prints, as Markdown tables, how many files were ingested or
// refused, word-level fidelity against the reference (whole pages and the
// text flow), the running heads and footers taken out of the flow, the worst
// files with a guessed cause, and speed and peak memory; beside them the same
// for `pdftotext -layout` when it is installed.
//
//	go run ./scripts/evalpdf                 # all 287 files
//	go run ./scripts/evalpdf -limit 20       # the first 20 by name, for a quick look
//	go run ./scripts/evalpdf -json out.json  # also per-file results
//
// The data is read in place; nothing is copied or cached.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"time"
)

type config struct {
	data        string // the cuad-pdf directory, with pdf/ and txt/
	workers     int
	limit       int
	worst       int
	jsonOut     string
	noReference bool
	speedOnly   bool
}

func main() {
	cfg, err := parseFlags()
	if err == nil {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		err = run(ctx, cfg)
		stop()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "evalpdf:", err)
		os.Exit(1)
	}
}

func parseFlags() (config, error) {
	var c config
	flag.StringVar(&c.data, "data", "", "directory with pdf/ and txt/ (default: ../shared/eval/cuad-pdf from the repository root)")
	flag.IntVar(&c.workers, "workers", runtime.NumCPU(), "files extracted in parallel (Lexflow and pdftotext alike)")
	flag.IntVar(&c.limit, "limit", 0, "only the first N files by name (0: all)")
	flag.IntVar(&c.worst, "worst", 10, "list this many worst files by whole-page fidelity")
	flag.BoolVar(&c.speedOnly, "speed", false, "print only the speed and memory table (for make bench): no scoring")
	flag.StringVar(&c.jsonOut, "json", "", "also write per-file results to this file")
	flag.BoolVar(&c.noReference, "no-reference", false, "skip the pdftotext reference run")
	flag.Parse()
	if flag.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments %q (flags only; see -h)", flag.Args())
	}
	if c.workers < 1 {
		return c, fmt.Errorf("-workers must be at least 1")
	}
	return c, resolvePaths(&c)
}

// report is everything the tables need.
type report struct {
	cfg       config
	results   []result
	lex       pass
	rss       int64 // peak RSS after the Lexflow run, bytes; 0 if unknown
	ref       *pass // nil when pdftotext did not run
	refReason string
	first     string // the file extracted alone first
}

func run(ctx context.Context, cfg config) error {
	docs, err := listDocs(cfg.data, cfg.limit)
	if err != nil {
		return err
	}
	rep := report{cfg: cfg}
	if len(docs) > 0 {
		rep.first = docs[0].name
	}
	progress("Lexflow: extracting %d PDFs on %d workers…", len(docs), cfg.workers)
	rep.lex = runLexflow(ctx, docs, cfg.workers)
	// Read before scoring and pdftotext so the peak is extraction's own
	// (plus the extracted texts kept for scoring).
	rep.rss, _ = peakRSS()
	if rep.refReason = referenceSkipped(cfg); rep.refReason == "" && ctx.Err() == nil {
		progress("pdftotext -layout: the same files on %d workers…", cfg.workers)
		r := runPdftotext(ctx, docs, cfg.workers)
		rep.ref = &r
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted: %w", err)
	}
	if cfg.speedOnly {
		printSpeed(os.Stdout, rep)
		return nil
	}
	progress("scoring against the reference texts…")
	if rep.results, err = scoreAll(ctx, docs, rep.lex, rep.ref, cfg.workers); err != nil {
		return err
	}
	printReport(os.Stdout, rep)
	if cfg.jsonOut != "" {
		return writeJSON(cfg.jsonOut, rep.results)
	}
	return nil
}

// referenceSkipped says why pdftotext will not run, "" when it will.
func referenceSkipped(cfg config) string {
	switch {
	case cfg.noReference:
		return "skipped (-no-reference)"
	case !pdftotextOnPath():
		return "skipped: pdftotext is not on PATH (Debian/Ubuntu: apt-get install poppler-utils; macOS: brew install poppler)"
	}
	return ""
}

// scoreAll scores every file on the same workers; comparing long garbled
// texts is the slow part, so it runs in parallel too.
func scoreAll(ctx context.Context, docs []doc, lex pass, ref *pass, workers int) ([]result, error) {
	results := make([]result, len(docs))
	errs := make([]error, len(docs))
	forEach(ctx, 0, len(docs), workers, func(i int) {
		var r *output
		if ref != nil {
			r = &ref.outs[i]
		}
		results[i], errs[i] = scoreDoc(docs[i], lex.outs[i], r)
		lex.outs[i].text, lex.outs[i].spans = "", nil // scored: let the text go
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, ctx.Err()
}

func writeJSON(path string, results []result) error {
	b, err := json.MarshalIndent(results, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

var started = time.Now()

// progress goes to stderr so stdout stays the Markdown report.
func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "[%5.1fs] %s\n", time.Since(started).Seconds(), fmt.Sprintf(format, args...))
}
