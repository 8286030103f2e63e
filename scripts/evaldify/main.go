// Command evaldify measures how much of real Dify exports Lexflow runs: every
// file of the corpus (../shared/eval/dify-dsl/apps beside the repository) is
// imported, compiled against the real node types and, when it compiles, run
// against the fake model server with every model mapped to it and every
// dataset to one empty collection. It prints per
// file and per node type what happened, then the totals.
//
// Knowledge retrieval searches an empty library (no hits), so a run measures
// that the flow executes, not what it answers.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/llm/llmtest"
	"lexflow/scripts/internal/repo"
)

func main() {
	dir := flag.String("dir", "", "folder of Dify exports (default ../shared/eval/dify-dsl/apps beside the repository)")
	timeout := flag.Duration("timeout", time.Minute, "bound on one run")
	dump := flag.Bool("dump", false, "print every compile problem and run failure")
	flag.Parse()
	if err := run(*dir, *timeout, *dump); err != nil {
		fmt.Fprintln(os.Stderr, "evaldify:", err)
		os.Exit(1)
	}
}

func run(dir string, timeout time.Duration, dump bool) error {
	files, err := repo.DifyExports(dir)
	if err != nil {
		return err
	}
	llm, err := llmtest.Start(llmtest.Options{})
	if err != nil {
		return err
	}
	defer llm.Close()
	llm.InstallDemo(0)
	tmp, err := os.MkdirTemp("", "evaldify-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	b, err := openBench(context.Background(), tmp, llm)
	if err != nil {
		return err
	}
	defer b.db.Close()
	results := make([]fileResult, 0, len(files))
	for _, f := range files {
		r := b.evalFile(f, timeout)
		results = append(results, r)
		if dump {
			r.dump(os.Stdout)
		}
	}
	printFiles(os.Stdout, results)
	fmt.Println()
	printNodeTypes(os.Stdout, results)
	fmt.Println()
	printTotals(os.Stdout, results)
	return nil
}

// fileResult is what happened to one export.
type fileResult struct {
	name     string
	mode     dsl.Mode
	importEr error
	runnable bool // what the import report said
	nodes    []nodeResult
	problems []engine.Problem
	compiled bool
	status   engine.Status
	runErr   string
	elapsed  time.Duration
}

// nodeResult is one node's outcome: its Dify type, the import's verdict and
// whether Compile found a problem with it.
type nodeResult struct {
	id, difyType string
	outcome      dsl.Outcome
	problem      bool
}

func (b *bench) evalFile(path string, timeout time.Duration) fileResult {
	r := fileResult{name: filepath.Base(path)}
	data, err := os.ReadFile(path)
	if err != nil {
		r.importEr = err
		return r
	}
	app, err := b.importApp(context.Background(), data, &r)
	if err != nil {
		r.importEr = err
		return r
	}
	r.mode = app.App.Mode
	plan, err := engine.Compile(app, b.registry)
	if err != nil {
		r.problems = problemsOf(err)
		r.markProblems()
		return r
	}
	r.compiled = true
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	res, err := plan.Run(ctx, sampleInput(app), engine.RunOptions{RunTimeout: timeout})
	r.elapsed = time.Since(start)
	switch {
	case err != nil && res == nil:
		r.runErr = err.Error()
	default:
		r.status = res.Status
		if err != nil {
			r.runErr = err.Error()
		}
	}
	return r
}

func problemsOf(err error) []engine.Problem {
	if ce, ok := err.(*engine.CompileError); ok {
		return ce.Problems
	}
	return []engine.Problem{{Message: err.Error()}}
}

func (r *fileResult) markProblems() {
	for _, p := range r.problems {
		ids := append([]string{p.NodeID}, p.NodeIDs...)
		for i := range r.nodes {
			if slices.Contains(ids, r.nodes[i].id) {
				r.nodes[i].problem = true
			}
		}
	}
}

func (r fileResult) outcome() string {
	switch {
	case r.importEr != nil:
		return "import refused"
	case !r.compiled:
		return "compile problems"
	case r.status == engine.StatusSucceeded:
		return "ran"
	}
	return "run " + string(r.status)
}

func (r fileResult) dump(w *os.File) {
	if r.importEr != nil {
		fmt.Fprintf(w, "%s: import: %v\n", r.name, r.importEr)
	}
	for _, p := range r.problems {
		fmt.Fprintf(w, "%s: compile: %v\n", r.name, p)
	}
	if r.runErr != "" {
		fmt.Fprintf(w, "%s: run: %s\n", r.name, strings.ReplaceAll(r.runErr, "\n", " "))
	}
}
