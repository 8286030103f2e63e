package main

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"lexflow/scripts/internal/mdtable"
)

func printReport(w io.Writer, rep report) {
	fmt.Fprintf(w, "## PDF text extraction on CUAD contracts (%s)\n\n", filepath.Base(rep.cfg.data))
	printCounts(w, rep)
	fmt.Fprintln(w)
	printFidelity(w, rep)
	fmt.Fprintln(w)
	printFurniture(w, rep)
	fmt.Fprintln(w)
	if rep.cfg.worst > 0 {
		printWorst(w, rep)
		fmt.Fprintln(w)
	}
	printSpeed(w, rep)
}

func printCounts(w io.Writer, rep report) {
	n := len(rep.results)
	ingested, pages := 0, 0
	kinds := map[string]int{}
	for _, r := range rep.results {
		if r.Error != "" {
			kinds[r.Kind]++
			continue
		}
		ingested++
		pages += r.Pages
	}
	t := mdtable.Table{{"count", "files", "target"}}
	t = append(t, []string{"files", num(n), ""})
	t = append(t, []string{"pages (of the ingested files)", num(pages), ""})
	t = append(t, []string{"ingested (no error)", num(ingested), ""})
	for _, k := range errorKinds {
		t = append(t, []string{"refused: " + k.name, num(kinds[k.name]), ""})
	}
	if kinds[otherKind] > 0 {
		t = append(t, []string{"refused: " + otherKind, num(kinds[otherKind]), ""})
	}
	t = append(t, []string{"share ingested", pct(ingested, n), "≥ 99%"})
	t.Print(w)
}

// dist summarizes a fidelity distribution.
type dist struct {
	n                int
	median, p10, min float64
	below97, below90 int
}

func distribution(xs []float64) dist {
	d := dist{n: len(xs)}
	if len(xs) == 0 {
		return d
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	d.median, d.p10, d.min = quantile(s, 0.5), quantile(s, 0.1), s[0]
	for _, x := range s {
		if x < 0.97 {
			d.below97++
		}
		if x < 0.90 {
			d.below90++
		}
	}
	return d
}

// quantile interpolates linearly between the order statistics of sorted s
// (the usual "type 7" definition; the median of an even count is the mean
// of the middle two).
func quantile(s []float64, q float64) float64 {
	h := q * float64(len(s)-1)
	lo := int(math.Floor(h))
	hi := min(lo+1, len(s)-1)
	return s[lo] + (h-float64(lo))*(s[hi]-s[lo])
}

func printFidelity(w io.Writer, rep report) {
	var full, flow, ref []float64
	var approxFull, approxRef, refused, refFailed int
	for _, r := range rep.results {
		if p := r.Pdftotext; p != nil {
			if p.Error != "" {
				refFailed++
			} else {
				ref = append(ref, p.Fidelity)
				approxRef += b2i(p.Approximate)
			}
		}
		if r.Error != "" {
			refused++
			continue
		}
		full, flow = append(full, r.FullFidelity), append(flow, r.FlowFidelity)
		approxFull += b2i(r.Approximate)
	}
	t := mdtable.Table{{"text compared with txt/", "files", "median", "p10", "min", "< 0.97", "< 0.90"}}
	t = append(t, []string{"target", "≥ 99% ingested", "≥ 0.99", "≥ 0.97", "", "", "0"})
	t = append(t, distRow("Lexflow, whole pages (Header + page text + Footer)", distribution(full)))
	t = append(t, distRow("Lexflow, text flow (Extracted.Text)", distribution(flow)))
	t = append(t, zeroRow("Lexflow refused: fidelity 0, not in the rows above", refused))
	if rep.ref != nil {
		t = append(t, distRow("pdftotext -layout (reference)", distribution(ref)))
		if refFailed > 0 {
			t = append(t, zeroRow("pdftotext failed: fidelity 0, not in the row above", refFailed))
		}
	}
	t.Print(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Fidelity = 2·LCS/(a+b) over the word sequences (lower-cased runs of letters and digits; punctuation separates).")
	if approxFull+approxRef > 0 {
		fmt.Fprintf(w, "%d Lexflow and %d pdftotext files differ from the reference in more than %s words; their LCS is approximated by a lower bound (≈ below).\n",
			approxFull, approxRef, num(maxEdits))
	}
}

func distRow(label string, d dist) []string {
	if d.n == 0 {
		return []string{label, "0", "–", "–", "–", "–", "–"}
	}
	return []string{label, num(d.n), f3(d.median), f3(d.p10), f3(d.min), num(d.below97), num(d.below90)}
}

func zeroRow(label string, n int) []string {
	return []string{label, num(n), "0", "0", "0", num(n), num(n)}
}

func printFurniture(w io.Writer, rep report) {
	var header, footer, fwords, refWords, pages, pagesWith int
	for _, r := range rep.results {
		if r.Error != "" {
			continue
		}
		header, footer, fwords, refWords = header+r.HeaderLines, footer+r.FooterLines, fwords+r.FurnitureWords, refWords+r.RefWords
		pages, pagesWith = pages+r.Pages, pagesWith+r.FurniturePages
	}
	t := mdtable.Table{{"page furniture taken out of the flow (Header/Footer)", "ingested files"}}
	t = append(t, []string{"header lines", num(header)})
	t = append(t, []string{"footer lines", num(footer)})
	t = append(t, []string{"pages with a header or footer", num(pagesWith) + " of " + num(pages)})
	t = append(t, []string{"words in them", num(fwords)})
	t = append(t, []string{"share of the reference words", pct(fwords, refWords)})
	t.Print(w)
}

func printWorst(w io.Writer, rep report) {
	rs := append([]result(nil), rep.results...)
	sort.SliceStable(rs, func(i, j int) bool { return score(rs[i]) < score(rs[j]) })
	rs = rs[:min(rep.cfg.worst, len(rs))]
	fmt.Fprintf(w, "Worst %d files by whole-page fidelity (≈: approximate, a lower bound)\n\n", len(rs))
	t := mdtable.Table{{"file", "pages", "whole pages", "flow", "pdftotext", "words / reference", "likely cause"}}
	for _, r := range rs {
		full, flow := "refused", "refused"
		if r.Error == "" {
			full, flow = approx(r.FullFidelity, r.Approximate), approx(r.FlowFidelity, r.Approximate)
		}
		t = append(t, []string{shortName(r.Name, 60), num(r.Pages), full, flow, refCell(r.Pdftotext),
			num(r.Words) + " / " + num(r.RefWords), short(cause(r), 160)})
	}
	t.Print(w)
}

// score orders files for the worst list: refusals first.
func score(r result) float64 {
	if r.Error != "" {
		return -1
	}
	return r.FullFidelity
}

func refCell(p *refResult) string {
	switch {
	case p == nil:
		return "–"
	case p.Error != "":
		return "failed"
	}
	return approx(p.Fidelity, p.Approximate)
}

func printSpeed(w io.Writer, rep report) {
	lexPages, firstPages := 0, 0
	for i, o := range rep.lex.outs {
		lexPages += o.pages
		if i == 0 {
			firstPages = o.pages
		}
	}
	lexRate := float64(lexPages) / rep.lex.wall.Seconds()
	t := mdtable.Table{{"speed and memory", "Lexflow", "pdftotext -layout"}}
	refCol := func(s string) string {
		if rep.ref == nil {
			return "–"
		}
		return s
	}
	var refPages int
	var refRate float64
	if rep.ref != nil {
		for _, o := range rep.ref.outs {
			refPages += o.pages
		}
		refRate = float64(refPages) / rep.ref.wall.Seconds()
	}
	t = append(t, []string{"workers", num(rep.cfg.workers), refCol(num(rep.cfg.workers))})
	t = append(t, []string{"pages read", num(lexPages), refCol(num(refPages))})
	t = append(t, []string{"wall time", secs(rep.lex.wall.Seconds()), refCol(secs(wallOf(rep.ref)))})
	t = append(t, []string{"pages/s end to end", fmt.Sprintf("%.1f", lexRate), refCol(fmt.Sprintf("%.1f", refRate))})
	t = append(t, []string{"engine start-up (first file)",
		fmt.Sprintf("%s (%s pages: %s)", secs(rep.lex.firstDur.Seconds()), num(firstPages), shortName(rep.first, 40)), "–"})
	t = append(t, []string{"peak RSS of the process", rss(rep.rss), refCol("– (one process per file)")})
	if rep.ref != nil && refRate > 0 {
		t = append(t, []string{"pages/s, Lexflow ÷ pdftotext", fmt.Sprintf("%.2f×", lexRate/refRate), ""})
	}
	t.Print(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Lexflow: open + ingest.Extract per file, the first file alone, then the rest in parallel; wall time covers all of them.")
	fmt.Fprintln(w, "Peak RSS: read after extraction, before scoring; it includes the extracted texts kept for scoring.")
	if rep.ref == nil {
		fmt.Fprintln(w, "pdftotext reference "+rep.refReason+".")
	}
}

func wallOf(p *pass) float64 {
	if p == nil {
		return 0
	}
	return p.wall.Seconds()
}

func rss(b int64) string {
	if b <= 0 {
		return "not measured on this system"
	}
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}

func approx(x float64, isApprox bool) string {
	if isApprox {
		return "≈" + f3(x)
	}
	return f3(x)
}

func f3(x float64) string   { return fmt.Sprintf("%.3f", x) }
func secs(s float64) string { return fmt.Sprintf("%.2f s", s) }

func pct(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

// num prints an integer with thousands separators.
func num(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// short keeps table cells on one screen line; the -json output has the full text.
func short(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// shortName shortens a file name in the middle: CUAD names share long
// prefixes and differ at the end ("(1).PDF", the agreement's title).
func shortName(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	tail := n * 2 / 5
	return string(r[:n-1-tail]) + "…" + string(r[len(r)-tail:])
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
