package main

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

func printPDFReport(w io.Writer, c pdfComparison, categories bool) {
	fmt.Fprintf(w, "\n## The same contracts as PDF: %d contracts of cuad-pdf whose reference text is the corpus file\n\n", c.contracts)
	printPDFMetrics(w, c)
	fmt.Fprintln(w)
	printGoldMapping(w, c)
	fmt.Fprintln(w)
	printPDFIngestion(w, c)
	if categories {
		fmt.Fprintln(w)
		printPDFCategories(w, c.sets[len(c.sets)-1])
	}
	printPDFWarnings(w, c)
}

func printPDFMetrics(w io.Writer, c pdfComparison) {
	t := table{{"setting", "queries", "text: span hit@5", "hit@10", "MRR", "PDF: span hit@5", "hit@10", "MRR", "Δ hit@10 (PDF − text)", "target"}}
	for _, s := range c.sets {
		for i, tr := range s.txt {
			ts, ps := tr.summary(), s.pdf[i].summary()
			delta := ps.hit10 - ts.hit10
			queries := fmt.Sprintf(" (%s queries)", strings.Replace(fmt.Sprintf("%+d", hits10(s.pdf[i])-hits10(tr)), "-", "−", 1))
			t = append(t, []string{tr.scope + ", " + s.name, fmt.Sprint(ts.queries), f3(ts.hit5), f3(ts.hit10), f3(ts.mrr),
				f3(ps.hit5), f3(ps.hit10), f3(ps.mrr), signed(delta) + queries, deltaVerdict(delta)})
		}
	}
	t.print(w)
	fmt.Fprintf(w, "\n\"Whole corpus\" here is these %d contracts in each run, not the %d of the report above. Both runs ask the same queries: ", c.contracts, c.corpus)
	var parts []string
	for _, s := range c.sets {
		parts = append(parts, fmt.Sprintf("%s: %d of the %d queries have all their gold on these contracts, %d of them none found in the PDF text",
			s.name, s.onSubset, s.all, len(s.mapping.excluded)))
	}
	fmt.Fprintln(w, strings.Join(parts, "; ")+".")
}

func hits10(r settingRun) int {
	n := 0
	for _, o := range r.outcomes {
		if o.rank > 0 {
			n++
		}
	}
	return n
}

// signed prints v with its sign and a true minus, to 4 decimals: a Δ
// of −0.0204 misses a target of −0.02 though both print as −0.020.
func signed(v float64) string {
	if math.Abs(v) < 0.00005 {
		v = 0 // no "-0.0000"
	}
	return strings.Replace(fmt.Sprintf("%+.4f", v), "-", "−", 1)
}

func deltaVerdict(delta float64) string {
	mark := "✗ below"
	if delta >= pdfTarget-1e-9 {
		mark = "✓ met"
	}
	return fmt.Sprintf("Δ ≥ %s %s", strings.Replace(fmt.Sprint(pdfTarget), "-", "−", 1), mark)
}

func printGoldMapping(w io.Writer, c pdfComparison) {
	t := table{{"gold spans carried onto the PDF text (word alignment)", "value"}}
	for _, s := range c.sets {
		m := s.mapping
		t = append(t,
			[]string{s.name + ": gold spans mapped", share(m.mapped, m.spans)},
			[]string{s.name + ": words of the gold spans found in the PDF text", share(m.matched, m.words)},
			[]string{s.name + ": gold spans dropped (no word found)", fmt.Sprint(len(m.dropped))},
			[]string{s.name + ": mapped spans more than twice as long as the gold (text in between)", fmt.Sprint(m.stretched)},
			[]string{s.name + ": queries excluded from both runs (no gold left)", fmt.Sprint(len(m.excluded))})
	}
	g := c.gold
	t = append(t,
		[]string{"words of the gold contracts' reference texts found in their PDF text", share(g.foundWords, g.refWords)},
		[]string{"gold contracts aligned approximately (more than 20,000 words differ)", fmt.Sprint(len(g.approx))},
		[]string{"gold contracts without PDF text", fmt.Sprint(len(g.noText))})
	t.print(w)
	s := c.sets[0].mapping
	for _, d := range s.dropped[:min(10, len(s.dropped))] {
		fmt.Fprintf(w, "- dropped (%s): %s\n", c.sets[0].name, d)
	}
	if len(s.dropped) > 10 {
		fmt.Fprintf(w, "- … and %d more\n", len(s.dropped)-10)
	}
	if len(s.excluded) > 0 {
		fmt.Fprintf(w, "- excluded (%s): %s\n", c.sets[0].name, strings.Join(s.excluded, ", "))
	}
}

func printPDFIngestion(w io.Writer, c pdfComparison) {
	tm, pm := c.txt.m, c.pdf.m
	t := table{{"ingestion, end to end", "text (.txt)", "PDF"},
		{"files", fmt.Sprint(len(tm.DocIDs)), fmt.Sprintf("%d (of %d PDFs in cuad-pdf)", len(pm.DocIDs), c.pdfFiles)},
		{"documents ingested / failed", fmt.Sprintf("%d / %d", tm.Documents-len(tm.Failed), len(tm.Failed)), fmt.Sprintf("%d / %d", pm.Documents-len(pm.Failed), len(pm.Failed))},
		{"pages", "–", fmt.Sprint(pm.Pages)},
		{"chunks", fmt.Sprint(tm.Chunks), fmt.Sprint(pm.Chunks)},
		{"time", buildTime(c.txt), buildTime(c.pdf)},
		{"per PDF page", "–", perPage(pm)},
	}
	t.print(w)
}

func buildTime(e *env) string {
	s := fmt.Sprintf("%.1f s on %d workers", e.m.IngestSeconds, e.m.Workers)
	if e.cached {
		s += fmt.Sprintf(" (cached: measured when built, %s)", e.m.BuiltAt.Format("2006-01-02 15:04"))
	}
	return s
}

func perPage(m manifest) string {
	if m.Pages == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f ms wall (%d workers)", 1000*m.IngestSeconds/float64(m.Pages), m.Workers)
}

// printPDFCategories shows span hit@10 per category, text beside PDF, the
// categories that lose most on PDF (inside the contract) first.
func printPDFCategories(w io.Writer, s comparedSet) {
	fmt.Fprintf(w, "Span hit@10 per category (%s), most lost on PDF inside the contract first:\n\n", s.name)
	rates := func(runs []settingRun) []map[string][2]int {
		out := make([]map[string][2]int, len(runs))
		for i, r := range runs {
			out[i] = categoryHits(r)
		}
		return out
	}
	tr, pr := rates(s.txt), rates(s.pdf)
	inside := slices.IndexFunc(s.txt, func(r settingRun) bool { return r.inside })
	lost := func(c string) int { return tr[inside][c][0] - pr[inside][c][0] }
	cats := categoriesBy(tr[0])
	slices.SortStableFunc(cats, func(a, b string) int { return cmp.Compare(lost(b), lost(a)) })
	head := []string{"category", "queries"}
	for _, r := range s.txt {
		head = append(head, r.scope+": text", "PDF")
	}
	t := table{head}
	for _, c := range cats {
		row := []string{c, fmt.Sprint(tr[0][c][1])}
		for i := range s.txt {
			row = append(row, share(tr[i][c][0], tr[i][c][1]), share(pr[i][c][0], pr[i][c][1]))
		}
		t = append(t, row)
	}
	t.print(w)
}

func printPDFWarnings(w io.Writer, c pdfComparison) {
	var notes []string
	for _, e := range []struct {
		run string
		*env
	}{{"text run", c.txt}, {"PDF run", c.pdf}} {
		if e.stale {
			notes = append(notes, e.run+": -reuse: the index was built by older indexing code.")
		}
		for _, f := range e.m.Failed {
			notes = append(notes, e.run+": not ingested: "+f)
		}
		for _, d := range e.m.Duplicates {
			notes = append(notes, e.run+": duplicate bytes, indexed once under the first file's document: "+d)
		}
	}
	for _, m := range c.txt.textMismatches {
		notes = append(notes, "offset check (text run): "+m)
	}
	for _, d := range c.gold.approx {
		notes = append(notes, "aligned approximately: "+d)
	}
	if len(notes) > 0 {
		fmt.Fprintln(w)
		for _, n := range notes {
			fmt.Fprintln(w, "- "+n)
		}
	}
}
