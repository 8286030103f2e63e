// Command evalqa is the question-answering benchmark over the sample corpus
// (examples/corpus), `make eval`: a benchmark, not a test. It ingests the
// sample library through the real path (library → ingest → SQLite → Bleve
// index on disk) into a temporary data directory, asks every question of
// questions.yaml, and prints Markdown tables:
//   - retrieval: recall@5, recall@10 and MRR of the gold section over the
//     answerable questions (index.Index.Search, top 10);
//   - the score distribution of the best hit, and the refusal threshold
//     derived from it (see threshold.go);
//   - generation: generation.Pipeline.Run on the top 5 hits with the
//     built-in extractive answerer and with the fake model server's
//     fake-cite model through the real Ollama provider: citation checks,
//     statuses, correct refusals and false refusals.
//
// Usage:
//
//	go run ./scripts/evalqa            # the tables
//	go run ./scripts/evalqa -dump      # also one line per failure
//	go run ./scripts/evalqa -chunks    # list the ingested chunks and stop
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/followup"
	"lexflow/backend/index"
	"lexflow/scripts/internal/sampleqa"
)

type config struct {
	questions string
	dump      bool
	chunks    bool
	search    string
	workers   int
	minScore  float64
}

func main() {
	var cfg config
	flag.StringVar(&cfg.questions, "questions", "", "question file (default: the questions.yaml built in)")
	flag.BoolVar(&cfg.dump, "dump", false, "print one line per failing question (retrieval miss, unverified citation, wrong refusal)")
	flag.BoolVar(&cfg.chunks, "chunks", false, "list every ingested chunk's document and heading path, then stop")
	flag.StringVar(&cfg.search, "search", "", "print the top 10 hits of this query, then stop")
	flag.IntVar(&cfg.workers, "workers", 2, "parallel ingestions")
	flag.Float64Var(&cfg.minScore, "min-score", 0, "refusal threshold to use instead of the one derived from the score distribution")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "evalqa: unexpected arguments %q (flags only; see -h)\n", flag.Args())
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, cfg)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "evalqa:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, cfg config) error {
	qs, err := sampleqa.Load(cfg.questions)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "lexflow-evalqa-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	s, err := sampleqa.Open(ctx, dir, cfg.workers)
	if err != nil {
		return err
	}
	defer s.Close()
	if cfg.chunks {
		return listChunks(ctx, s)
	}
	if cfg.search != "" {
		return printSearch(ctx, s, cfg.search)
	}
	start := time.Now()
	rs, err := retrieveAll(ctx, s, qs)
	if err != nil {
		return err
	}
	th := chooseThreshold(rs)
	if cfg.minScore > 0 {
		th = threshold{value: cfg.minScore, how: "set with -min-score"}
	}
	thresholds := []float64{0}
	if th.value > 0 {
		thresholds = append(thresholds, th.value)
	}
	gens, err := generateAll(ctx, s, rs, thresholds)
	if err != nil {
		return err
	}
	printReport(os.Stdout, s, rs, th, gens, time.Since(start))
	if cfg.dump {
		printDump(os.Stdout, rs, gens, th.value)
	}
	if err := askOutside(ctx, s, thresholds, cfg.dump); err != nil {
		return err
	}
	return searchFollowUps(ctx, s, cfg.dump)
}

// searchFollowUps measures the follow-up pairs: the follow-up searched as
// asked, and as the retrieval step makes it stand alone without a model.
func searchFollowUps(ctx context.Context, s *sampleqa.Sample, dump bool) error {
	pairs, err := sampleqa.LoadFollowUps()
	if err != nil {
		return err
	}
	var asked, carried []sampleqa.Question
	n := 0
	for _, p := range pairs {
		q := sampleqa.Question{ID: p.ID, Question: p.Question, Gold: p.Gold}
		asked = append(asked, q)
		var did bool
		q.Question, did = followup.Standalone([]string{p.First}, p.Question)
		if did {
			n++
		}
		carried = append(carried, q)
	}
	ra, err := retrieveAll(ctx, s, asked)
	if err != nil {
		return err
	}
	rc, err := retrieveAll(ctx, s, carried)
	if err != nil {
		return err
	}
	printFollowUps(os.Stdout, ra, rc, n, dump)
	return nil
}

// askOutside asks the questions the library does not answer and prints how
// many each answerer refused.
func askOutside(ctx context.Context, s *sampleqa.Sample, thresholds []float64, dump bool) error {
	qs, err := sampleqa.LoadOutside()
	if err != nil {
		return err
	}
	rs, err := retrieveAll(ctx, s, qs)
	if err != nil {
		return err
	}
	gens, err := generateAll(ctx, s, rs, thresholds)
	if err != nil {
		return err
	}
	printOutside(os.Stdout, rs, gens, dump)
	return nil
}

func listChunks(ctx context.Context, s *sampleqa.Sample) error {
	for _, d := range s.Docs {
		cs, err := s.DB.DocumentChunks(ctx, d.ID)
		if err != nil {
			return err
		}
		for _, c := range cs {
			fmt.Printf("%s\t%d\t%s\t%q\n", d.Name, c.Ordinal, c.Locator.Heading(), evidence.Slice(c.Text, 0, 60))
		}
	}
	return nil
}

func printSearch(ctx context.Context, s *sampleqa.Sample, text string) error {
	hits, err := s.Index.Search(ctx, index.Query{Text: text, TopK: topK})
	if err != nil {
		return err
	}
	for _, h := range hits {
		fmt.Printf("%2d %.3f %s\n   %s\n", h.Rank, h.Score, h.Chunk.Locator.Label(), clip(h.Snippet, 160))
	}
	return nil
}
