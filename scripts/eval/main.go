// Command eval measures Lexflow's retrieval on the CUAD benchmark
// (../shared/eval/cuad, see its README): it ingests the contracts through the
// real ingestion path (library → ingest → SQLite → index), runs the question
// sample in the README's two settings and prints the metrics beside the
// README's plain-BM25 baseline. Then, when ../shared/eval/cuad-pdf is there,
// it measures the same on the contracts filed as PDF (see pdfcompare.go):
// the contracts whose reference text is the corpus file, ingested once as
// .txt and once as .pdf, side by side.
//
//	go run ./scripts/eval              # 500-query sample
//	go run ./scripts/eval -full        # also all 4,034 queries
//	go run ./scripts/eval -dump 30     # also 30 failing queries per setting
//	go run ./scripts/eval -categories  # also span hit@10 per clause category
//	go run ./scripts/eval -chunk 2000,3000,200,500  # try other chunk sizes
//	go run ./scripts/eval -no-pdf      # skip the PDF comparison
//
// The ingested corpora are cached under .cache/eval/ and reused while the
// corpus and the indexing code (backend/ingest, library, store, evidence,
// index, go.sum; for the PDFs also backend/pdfengine) are unchanged; -reuse
// keeps a cache built by older code (fine while only query-time code
// changes), -rebuild forces new ones.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"

	"lexflow/backend/ingest"
)

type config struct {
	data       string // the cuad directory
	pdfData    string // the cuad-pdf directory, "" to skip the PDF comparison
	noPDF      bool
	cache      string // parent of the cached data directories
	full       bool
	dump       int
	categories bool
	reuse      bool
	rebuild    bool
	workers    int
	chunk      chunkFlag
}

func main() {
	cfg, err := parseFlags()
	if err == nil {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		err = run(ctx, cfg)
		stop()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "eval:", err)
		os.Exit(1)
	}
}

func parseFlags() (config, error) {
	var c config
	flag.StringVar(&c.data, "data", "", "CUAD directory with corpus/ and the query files (default: ../shared/eval/cuad from the repository root)")
	flag.StringVar(&c.pdfData, "pdf-data", "", "CUAD PDF directory with pdf/ and txt/ (default: ../shared/eval/cuad-pdf from the repository root, skipped when absent)")
	flag.BoolVar(&c.noPDF, "no-pdf", false, "skip the comparison with the contracts' PDFs")
	flag.StringVar(&c.cache, "cache", "", "where ingested corpora are kept (default: .cache/eval in the repository root)")
	flag.BoolVar(&c.full, "full", false, "also run all 4,034 queries (queries.jsonl)")
	flag.IntVar(&c.dump, "dump", 0, "print this many failing queries per setting, with their top-3 hits and the gold span (PDF comparison: queries the PDF run misses and the text run finds)")
	flag.BoolVar(&c.categories, "categories", false, "print span hit@10 per query category (PDF comparison: text beside PDF)")
	flag.BoolVar(&c.reuse, "reuse", false, "reuse the cached index even if the indexing code changed since it was built")
	flag.BoolVar(&c.rebuild, "rebuild", false, "ingest again even if a usable cache exists")
	flag.IntVar(&c.workers, "workers", runtime.NumCPU(), "parallel ingestions")
	c.chunk.opts = ingest.DefaultChunkOptions()
	flag.Var(&c.chunk, "chunk", "chunk sizes target,max,overlap,min in code points, to try other than the product's defaults")
	flag.Parse()
	if flag.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments %q (flags only; see -h)", flag.Args())
	}
	if c.reuse && c.rebuild {
		return c, fmt.Errorf("-reuse and -rebuild contradict each other")
	}
	return c, resolvePaths(&c)
}

func run(ctx context.Context, cfg config) error {
	corpus, err := readCorpus(cfg.data)
	if err != nil {
		return err
	}
	sets, err := loadQuerySets(cfg.data, cfg.full)
	if err != nil {
		return err
	}
	if err := runText(ctx, cfg, corpus, sets); err != nil {
		return err
	}
	if cfg.noPDF || cfg.pdfData == "" {
		return nil
	}
	return comparePDF(ctx, cfg, corpus, sets)
}

// runText is the benchmark on the whole .txt corpus.
func runText(ctx context.Context, cfg config, corpus *corpus, sets []querySet) error {
	env, err := openCorpus(ctx, cfg, corpus, cuadCache)
	if err != nil {
		return err
	}
	defer env.close()
	env.checkTexts(ctx, corpus)
	chunking, err := env.chunkStats(ctx, sets[0])
	if err != nil {
		return err
	}
	var runs []settingRun
	for _, s := range settings(sets) {
		r, err := env.runSetting(ctx, s)
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	stages, err := env.twoStages(ctx, runs)
	if err != nil {
		return err
	}
	printReport(os.Stdout, env, chunking, runs, stages, cfg.categories)
	if cfg.dump > 0 {
		return dumpFailures(ctx, os.Stdout, env, corpus, runs, cfg.dump)
	}
	return nil
}
