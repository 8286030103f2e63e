// Command eval is the retrieval benchmark over every real set in
// ../shared/eval (each README says what it measures), make eval-retrieval.
// Each set is ingested through the real path (library → ingest → SQLite →
// index) and measured beside plain BM25 over the same units, computed in
// the same run (bm25.go, a port of ../shared/eval/tools/bm25_eval.py with
// bm25_cjk.py's tokenizer):
//   - CUAD contracts, the README's 500-query sample in its two settings
//     (whole corpus with the contract named; question only, inside the
//     contract), with the detailed report first;
//   - ACORD clauses (NDCG@10 over graded relevance, recall@10) and STARD
//     Chinese statute articles (recall@10, MRR@10), see unitsets.go;
//   - the sample library's questions of make eval (samplebench.go).
//
// The suite table ends with the mean of the headline metrics; -ablation
// measures it again with each ranking feature switched off in turn (the
// rule: a feature ships when it raises the mean and lowers no set by more
// than a point). Then, when ../shared/eval/cuad-pdf is there, it measures
// CUAD on the contracts filed as PDF beside their text (pdfcompare.go).
//
//	go run ./scripts/eval              # the suite
//	go run ./scripts/eval -ablation    # also each ranking feature off in turn
//	go run ./scripts/eval -sets ""     # CUAD alone (also: -sets acord,stard,sample)
//	go run ./scripts/eval -full        # also all 4,034 CUAD queries
//	go run ./scripts/eval -dump 30     # also 30 failing CUAD queries per setting
//	go run ./scripts/eval -categories  # also span hit@10 per clause category
//	go run ./scripts/eval -chunk 2000,3000,200,500  # try other chunk sizes
//	go run ./scripts/eval -no-pdf      # skip the PDF comparison
//
// Ingestion heuristics are switched off with LEXFLOW_INGEST_OFF (each set is
// then ingested again). The ingested corpora are cached under .cache/eval/
// and reused while the corpus and the indexing code (backend/ingest,
// library, store, evidence, index, go.sum; for the PDFs also
// backend/pdfengine) are unchanged; -reuse keeps a cache built by older
// code (fine while only query-time code changes), -rebuild forces new ones.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"

	"lexflow/backend/ingest"
)

type config struct {
	data       string // the cuad directory
	evalRoot   string // the directory of every set (the cuad directory's parent)
	ablation   bool
	sets       string // unit sets to measure besides CUAD, comma-separated
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
	// answers runs the answer benchmark (answers.go) instead of the retrieval
	// suite; answersEvery samples every n-th question.
	answers      bool
	answersEvery int
	noAcross     bool   // with -answers, skip the questions across contracts
	answerers    string // with -answers, ask only the answerers whose label holds this
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
	flag.IntVar(&c.dump, "dump", 0, "print this many failing queries per setting, with their top-3 hits and the gold span (ACORD, STARD: queries the baseline finds and Lexflow misses; PDF comparison: queries the PDF run misses and the text run finds)")
	flag.StringVar(&c.sets, "sets", "acord,stard,sample", "the sets measured besides CUAD, comma-separated (\"\" for CUAD alone)")
	flag.BoolVar(&c.ablation, "ablation", false, "also measure the suite with each ranking feature switched off in turn")
	flag.BoolVar(&c.categories, "categories", false, "print span hit@10 per query category (PDF comparison: text beside PDF)")
	flag.BoolVar(&c.reuse, "reuse", false, "reuse the cached index even if the indexing code changed since it was built")
	flag.BoolVar(&c.rebuild, "rebuild", false, "ingest again even if a usable cache exists")
	flag.IntVar(&c.workers, "workers", runtime.NumCPU(), "parallel ingestions (and questions, with -answers)")
	flag.BoolVar(&c.answers, "answers", false, "instead of the retrieval suite, ask CUAD's absent-clause negatives and the positives about the same contracts as `lexflow ask` does, and judge the answers")
	flag.IntVar(&c.answersEvery, "answers-every", 1, "with -answers, ask every n-th question only (a quicker sample)")
	flag.BoolVar(&c.noAcross, "no-across", false, "with -answers, skip the questions asked across contracts")
	flag.StringVar(&c.answerers, "answerers", "", "with -answers, ask only the answerers whose label contains this (extractive, fake)")
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
	if cfg.answers {
		return runAnswers(ctx, cfg, corpus)
	}
	sets, err := loadQuerySets(cfg.data, cfg.full)
	if err != nil {
		return err
	}
	if err := runSuite(ctx, cfg, corpus, sets); err != nil {
		return err
	}
	if cfg.noPDF || cfg.pdfData == "" {
		return nil
	}
	return comparePDF(ctx, cfg, corpus, sets)
}

// runSuite is the benchmark on the whole CUAD .txt corpus, then the suite
// of every set beside its baseline (and with -ablation, each ranking
// feature off in turn).
func runSuite(ctx context.Context, cfg config, corpus *corpus, sets []querySet) error {
	env, err := openCorpus(ctx, cfg, corpus, cuadCache)
	if err != nil {
		return err
	}
	defer env.close()
	runs, err := runText(ctx, cfg, env, corpus, sets)
	if err != nil {
		return err
	}
	s := &suite{cuad: env, cuadSets: settings(sets[:1]), cuadBM25: newCUADBaseline(corpus)}
	defer s.close()
	for _, us := range unitSets {
		if !slices.Contains(strings.Split(cfg.sets, ","), strings.ToLower(us.name)) {
			continue
		}
		b, err := openUnitSet(ctx, cfg, us)
		if err != nil {
			return fmt.Errorf("%s: %w", us.name, err)
		}
		s.unitBench = append(s.unitBench, b)
	}
	if slices.Contains(strings.Split(cfg.sets, ","), "sample") {
		if s.sample, err = openSampleBench(ctx, cfg.workers); err != nil {
			return fmt.Errorf("sample library: %w", err)
		}
	}
	all, _, err := s.measure(ctx, runs[:2], cfg.dump)
	if err != nil {
		return err
	}
	fmt.Println()
	printSuite(os.Stdout, all)
	if !cfg.ablation {
		return nil
	}
	abl, err := s.ablate(ctx, func() ([]settingRun, error) { return env.runSettings(ctx, s.cuadSets) })
	if err != nil {
		return err
	}
	fmt.Println()
	printAblation(os.Stdout, all, abl)
	return nil
}

// runText is the benchmark on the whole .txt corpus: it prints its report
// and returns the runs, the sample's two settings first.
func runText(ctx context.Context, cfg config, env *env, corpus *corpus, sets []querySet) ([]settingRun, error) {
	env.checkTexts(ctx, corpus)
	chunking, err := env.chunkStats(ctx, sets[0])
	if err != nil {
		return nil, err
	}
	runs, err := env.runSettings(ctx, settings(sets))
	if err != nil {
		return nil, err
	}
	stages, err := env.twoStages(ctx, runs)
	if err != nil {
		return nil, err
	}
	printReport(os.Stdout, env, chunking, runs, stages, cfg.categories)
	if cfg.dump > 0 {
		return runs, dumpFailures(ctx, os.Stdout, env, corpus, runs, cfg.dump)
	}
	return runs, nil
}
