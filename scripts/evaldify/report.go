package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"lexflow/backend/dsl"
	"lexflow/scripts/internal/mdtable"
)

func printFiles(w io.Writer, results []fileResult) {
	t := mdtable.Table{{"file", "mode", "nodes", "changed", "attention", "not supported", "problems", "outcome", "first problem"}}
	for _, r := range results {
		count := map[dsl.Outcome]int{}
		for _, n := range r.nodes {
			count[n.outcome]++
		}
		t = append(t, []string{r.name, string(r.mode), strconv.Itoa(len(r.nodes)), strconv.Itoa(count[dsl.OutcomeChanged]),
			strconv.Itoa(count[dsl.OutcomeAttention]), strconv.Itoa(count[dsl.OutcomeUnsupported]),
			strconv.Itoa(len(r.problems)), r.outcome(), clip(r.firstProblem(), 70)})
	}
	t.Print(w)
}

func (r fileResult) firstProblem() string {
	switch {
	case r.importEr != nil:
		return r.importEr.Error()
	case len(r.problems) > 0:
		return r.problems[0].Error()
	}
	return r.runErr
}

// typeCounts is one node type's tally over the corpus.
type typeCounts struct {
	nodes, files, mapped, changed, attention, unsupported, problem, ran int
}

func printNodeTypes(w io.Writer, results []fileResult) {
	counts := map[string]*typeCounts{}
	for _, r := range results {
		seen := map[string]bool{}
		for _, n := range r.nodes {
			c := counts[n.difyType]
			if c == nil {
				c = &typeCounts{}
				counts[n.difyType] = c
			}
			c.nodes++
			if !seen[n.difyType] {
				seen[n.difyType] = true
				c.files++
				if r.outcome() == "ran" {
					c.ran++
				}
			}
			switch n.outcome {
			case dsl.OutcomeMapped:
				c.mapped++
			case dsl.OutcomeChanged:
				c.changed++
			case dsl.OutcomeAttention:
				c.attention++
			case dsl.OutcomeUnsupported:
				c.unsupported++
			}
			if n.problem {
				c.problem++
			}
		}
	}
	types := make([]string, 0, len(counts))
	for t := range counts {
		types = append(types, t)
	}
	slices.SortFunc(types, func(a, b string) int { return counts[b].files - counts[a].files })
	t := mdtable.Table{{"node type", "nodes", "files", "mapped", "changed", "attention", "not supported", "with a compile problem", "files that ran"}}
	for _, typ := range types {
		c := counts[typ]
		name := typ
		if name == "" {
			name = `""`
		}
		t = append(t, []string{name, strconv.Itoa(c.nodes), strconv.Itoa(c.files), strconv.Itoa(c.mapped),
			strconv.Itoa(c.changed), strconv.Itoa(c.attention), strconv.Itoa(c.unsupported), strconv.Itoa(c.problem), strconv.Itoa(c.ran)})
	}
	t.Print(w)
}

func printTotals(w io.Writer, results []fileResult) {
	var imported, runnable, compiled, ran int
	for _, r := range results {
		if r.importEr == nil {
			imported++
		}
		if r.runnable {
			runnable++
		}
		if r.compiled {
			compiled++
		}
		if r.outcome() == "ran" {
			ran++
		}
	}
	n := len(results)
	mdtable.Table{
		{"files", "imported", "import said runnable", "compiled", "ran to completion", "compiled that ran"},
		{strconv.Itoa(n), share(imported, n), share(runnable, n), share(compiled, n), share(ran, n), share(ran, compiled)},
	}.Print(w)
}

func share(k, n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%d (%.0f%%)", k, 100*float64(k)/float64(n))
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
