package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// baselines are the README's plain-BM25 numbers (500-character chunks, no
// structure, 500-query sample); docRecall < 0 means not reported.
var baselines = map[string]summary{
	scopeWhole:  {queries: 500, docRecall: 1.00, hit5: 0.110, hit10: 0.210, mrr: 0.066, precision: 0.025},
	scopeInside: {queries: 500, docRecall: -1, hit5: 0.574, hit10: 0.676, mrr: 0.451, precision: 0.166},
}

// targets are issue 3's goals for span hit@10.
var targets = map[string]float64{scopeWhole: 0.60, scopeInside: 0.90}

func printReport(w io.Writer, e *env, ch chunking, runs []settingRun, stages []twoStage, categories bool) {
	fmt.Fprintln(w, "## Retrieval on CUAD (top 10 chunks per query)")
	fmt.Fprintln(w)
	printMetrics(w, runs)
	fmt.Fprintln(w)
	printTwoStage(w, stages)
	fmt.Fprintln(w)
	printTimings(w, e, runs)
	fmt.Fprintln(w)
	printChunking(w, ch)
	if categories {
		fmt.Fprintln(w)
		printCategories(w, runs)
	}
	printWarnings(w, e)
}

func printMetrics(w io.Writer, runs []settingRun) {
	t := table{{"setting", "run", "queries", "document recall@10", "span hit@5", "span hit@10", "span MRR", "chunk precision@5", "target span hit@10"}}
	for _, scope := range []string{scopeWhole, scopeInside} {
		t = append(t, metricRow(scope, "baseline (README: plain BM25, 500-char chunks)", baselines[scope], "—"))
		for _, r := range runs {
			if r.scope == scope {
				s := r.summary()
				t = append(t, metricRow(scope, "Lexflow, "+r.set, s, verdict(s.hit10, targets[scope])))
			}
		}
	}
	t.print(w)
}

func metricRow(scope, label string, s summary, target string) []string {
	recall := "–"
	if scope == scopeWhole && s.docRecall >= 0 {
		recall = fmt.Sprintf("%.3f", s.docRecall)
	}
	return []string{scope, label, fmt.Sprint(s.queries), recall, f3(s.hit5), f3(s.hit10), f3(s.mrr), f3(s.precision), target}
}

func verdict(got, target float64) string {
	mark := "✗ below"
	if got >= target {
		mark = "✓ met"
	}
	return fmt.Sprintf("≥ %.2f %s", target, mark)
}

func printTimings(w io.Writer, e *env, runs []settingRun) {
	m := e.m
	built := fmt.Sprintf("%.1f s", m.IngestSeconds)
	if e.cached {
		built += fmt.Sprintf(" (cached: measured when built, %s)", m.BuiltAt.Format("2006-01-02 15:04"))
	}
	t := table{{"timing", "value"},
		{fmt.Sprintf("ingest, end to end (%d files, %d workers)", len(m.DocIDs), m.Workers), built},
		{"chunk sizes target,max,overlap,min", m.Chunking},
		{"documents / chunks indexed", fmt.Sprintf("%d / %d (%.0f chunks/s)", m.Documents, m.Chunks, float64(m.Chunks)/m.IngestSeconds)},
	}
	for _, r := range runs {
		t = append(t, []string{fmt.Sprintf("query latency, %s, %s: p50 / p99", r.scope, r.set),
			fmt.Sprintf("%s / %s", msec(percentile(r.latencies, 50)), msec(percentile(r.latencies, 99)))})
	}
	t.print(w)
}

func printChunking(w io.Writer, ch chunking) {
	t := table{{"chunking", "value"},
		{"chunks: p10 / p50 / mean / p90 / max code points", fmt.Sprintf("%d / %d / %.0f / %d / %d",
			pct(ch.lengths, 10), pct(ch.lengths, 50), mean(ch.lengths), pct(ch.lengths, 90), pct(ch.lengths, 100))},
		{"chunks per document (median)", fmt.Sprint(ch.chunksPerDocP50)},
		{"chunks with a heading path", share(ch.withHeading, ch.chunks)},
		{"documents without any heading path", fmt.Sprint(ch.docsNoHeading)},
		{"sample gold spans: p50 / p90 code points", fmt.Sprintf("%d / %d", pct(ch.goldLengths, 50), pct(ch.goldLengths, 90))},
		{"sample gold spans lying inside one chunk", share(ch.goldInOneChunk, ch.goldSpans)},
	}
	t.print(w)
}

func printWarnings(w io.Writer, e *env) {
	var notes []string
	if e.stale {
		notes = append(notes, "-reuse: the index was built by older indexing code.")
	}
	for _, f := range e.m.Failed {
		notes = append(notes, "not ingested: "+f)
	}
	for _, d := range e.m.Duplicates {
		notes = append(notes, "duplicate bytes, indexed once under the first file's document: "+d)
	}
	for _, m := range e.textMismatches {
		notes = append(notes, "offset check: "+m)
	}
	if len(notes) > 0 {
		fmt.Fprintln(w)
		for _, n := range notes {
			fmt.Fprintln(w, "- "+n)
		}
	}
}

func f3(v float64) string { return fmt.Sprintf("%.3f", v) }

func share(n, of int) string {
	if of == 0 {
		return "–"
	}
	return fmt.Sprintf("%.3f (%d/%d)", float64(n)/float64(of), n, of)
}

func msec(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// table prints as a markdown table, padded for reading in a terminal.
type table [][]string

func (t table) print(w io.Writer) {
	widths := make([]int, len(t[0]))
	for _, row := range t {
		for i, c := range row {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for i, row := range t {
		fmt.Fprintln(w, t.line(row, widths, " "))
		if i == 0 {
			dashes := make([]string, len(row))
			for j := range row {
				dashes[j] = strings.Repeat("-", widths[j])
			}
			fmt.Fprintln(w, t.line(dashes, widths, "-"))
		}
	}
}

func (t table) line(row []string, widths []int, fill string) string {
	cells := make([]string, len(row))
	for i, c := range row {
		cells[i] = fill + c + strings.Repeat(fill, widths[i]-len([]rune(c))) + fill
	}
	return "|" + strings.Join(cells, "|") + "|"
}
