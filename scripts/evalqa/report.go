package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/generation"
	"lexflow/scripts/internal/mdtable"
	"lexflow/scripts/internal/sampleqa"
)

func printReport(w io.Writer, s *sampleqa.Sample, rs []retrieval, th threshold, gens []genRun, took time.Duration) {
	nAns, nNone := 0, 0
	for _, r := range rs {
		if r.q.Answerable() {
			nAns++
		} else {
			nNone++
		}
	}
	fmt.Fprintf(w, "## Question answering on the sample corpus (%d questions: %d answerable, %d not answered by the corpus)\n\n", len(rs), nAns, nNone)
	fmt.Fprintf(w, "Corpus: %d documents, %d chunks, ingested in %.1f s (real library → ingest → SQLite → Bleve on disk).\n\n", len(s.Docs), s.Chunks, s.Seconds)
	printRetrieval(w, rs)
	fmt.Fprintln(w)
	printScores(w, rs, th)
	fmt.Fprintln(w)
	printGeneration(w, rs, gens)
	fmt.Fprintf(w, "\n(questions, search and %d pipeline runs: %.1f s)\n", len(gens)*len(rs), took.Seconds())
}

func printRetrieval(w io.Writer, rs []retrieval) {
	fmt.Fprintf(w, "### Retrieval (index.Search, top %d; over answerable questions)\n\n", topK)
	t := mdtable.Table{{"questions", "n", "recall@5", "recall@10", "MRR", "strict recall@5", "strict recall@10", "strict MRR", "document recall@5", "document recall@10"}}
	row := func(label string, keep func(sampleqa.Question) bool) {
		s := summarizeRetrieval(rs, keep)
		if s.n == 0 {
			return
		}
		t = append(t, []string{label, fmt.Sprint(s.n), f3(s.r5), f3(s.r10), f3(s.mrr), f3(s.strict5), f3(s.strict10), f3(s.strictMRR), f3(s.doc5), f3(s.doc10)})
	}
	row("all", func(sampleqa.Question) bool { return true })
	row("English", func(q sampleqa.Question) bool { return q.Lang == "en" && !hasTag(q, "cross-lingual") })
	row("Arabic", func(q sampleqa.Question) bool { return q.Lang == "ar" })
	row("cross-lingual (en → ar text)", func(q sampleqa.Question) bool { return hasTag(q, "cross-lingual") })
	t.Print(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "recall@k: share of questions with a gold hit in the top k (one gold section per question, so recall@k = hit@k); "+
		"MRR: mean of 1/rank of the first gold hit (0 when none in the top 10).")
	fmt.Fprintln(w, "Gold hit: "+sampleqa.MatchRule+" Unprefixed columns use in-chunk matching; document recall ignores the heading.")
	dup, n := duplicates(rs, promptK)
	fmt.Fprintf(w, "\nOf the top-%d hits of all %d questions, %s repeat a passage ranked higher (the same text in another format of the same document).\n",
		promptK, len(rs), frac(dup, n))
}

func printScores(w io.Writer, rs []retrieval, th threshold) {
	fmt.Fprintln(w, "### Best-hit BM25 score and the refusal threshold")
	fmt.Fprintln(w)
	var ans, none []float64
	for _, r := range rs {
		if r.q.Answerable() {
			ans = append(ans, r.top())
		} else {
			none = append(none, r.top())
		}
	}
	null := nullScores(rs)
	t := mdtable.Table{{"best hit of", "n", "min", "p10", "p25", "median", "p75", "p90", "max"}}
	for _, c := range []struct {
		label string
		v     []float64
	}{{"answerable questions", ans}, {"answerable, gold section left out (calibration)", null}, {"questions the corpus does not answer", none}} {
		slices.Sort(c.v)
		t = append(t, []string{c.label, fmt.Sprint(len(c.v)), f2(quantile(c.v, 0)), f2(quantile(c.v, 0.1)), f2(quantile(c.v, 0.25)),
			f2(quantile(c.v, 0.5)), f2(quantile(c.v, 0.75)), f2(quantile(c.v, 0.9)), f2(quantile(c.v, 1))})
	}
	t.Print(w)
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Threshold (MinScore) = %s: %s.\n\n", f2(th.value), th.how)
	fmt.Fprintln(w, "Retrieval-only refusal (no hit at or above the threshold, so no model is asked) at other quantiles of the calibration scores, for reference:")
	fmt.Fprintln(w)
	s := mdtable.Table{{"MinScore", "from", "refused: questions the corpus does not answer", "refused: answerable (false refusals)", "answerable with a gold hit left in the top 5"}}
	for _, p := range []float64{0, 0.5, 0.75, 0.9, 0.95} {
		v, from := 0.0, "none"
		if p > 0 {
			v, from = quantile(null, p), fmt.Sprintf("p%.0f", p*100)
		}
		if v == th.value && p > 0 {
			from += " (chosen)"
		}
		var refNone, refAns, kept, nNone, nAns int
		for _, r := range rs {
			refused := r.top() < v || len(r.hits) == 0
			if !r.q.Answerable() {
				nNone++
				if refused {
					refNone++
				}
				continue
			}
			nAns++
			if refused {
				refAns++
			}
			if r.rank > 0 && r.rank <= promptK && r.hits[r.rank-1].Score >= v {
				kept++
			}
		}
		s = append(s, []string{f2(v), from, frac(refNone, nNone), frac(refAns, nAns), frac(kept, nAns)})
	}
	s.Print(w)
}

func printGeneration(w io.Writer, rs []retrieval, gens []genRun) {
	fmt.Fprintf(w, "### Cited answers (generation.Pipeline.Run on the top %d hits)\n\n", promptK)
	t := mdtable.Table{{"answerer", "MinScore", "success", "partial", "failed", "refused (false refusals)",
		"answered", "all citations verified", "cites gold section", "correct refusals (unanswerable)"}}
	for _, g := range gens {
		var nAns, nNone, answered, verified, gold, success, partial, failed, falseRef, rightRef int
		for i, a := range g.answers {
			q := rs[i].q
			if !q.Answerable() {
				nNone++
				if a.refused() {
					rightRef++
				}
				continue
			}
			nAns++
			switch {
			case a.refused():
				falseRef++
			case a.rec.Result.Status == generation.StatusSuccess:
				success++
			case a.rec.Result.Status == generation.StatusPartial:
				partial++
			case a.rec.Result.Status == generation.StatusFailed:
				failed++
			}
			if a.answered() {
				answered++
				if a.verified() {
					verified++
				}
				if a.citesGold(q) {
					gold++
				}
			}
		}
		t = append(t, []string{g.answerer, f2(g.minScore), frac(success, nAns), frac(partial, nAns), frac(failed, nAns), frac(falseRef, nAns),
			frac(answered, nAns), frac(verified, answered), frac(gold, answered), frac(rightRef, nNone)})
	}
	t.Print(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Success, partial, failed and refused split the answerable questions; refused counts status no_evidence (no hit at or "+
		"above MinScore, no model asked) and Result.Refused (the answerer found the evidence does not answer): on answerable questions "+
		"these are false refusals. Answered = success or partial and not refused. All citations verified (of answered): at least one citation, no failed "+
		"alignment, marker or quote check, every claim's verdict \"cited\". Cites gold section (of answered): a citation's passage is a gold hit. "+
		"Correct refusals: share of the questions the corpus does not answer that ended no_evidence or refused.")
}

// printDump prints one line per failure.
func printDump(w io.Writer, rs []retrieval, gens []genRun, th float64) {
	fmt.Fprintln(w, "\n### Failures")
	fmt.Fprintln(w)
	for _, r := range rs {
		if r.q.Answerable() && (r.rank == 0 || r.rank > 5) {
			fmt.Fprintf(w, "- retrieval %s: gold %s at rank %s; top: %s — %q\n", r.q.ID, goldLabel(r.q), rankLabel(r.rank), topLabels(r.hits, 3), r.q.Question)
		}
	}
	for _, g := range gens {
		for i, a := range g.answers {
			q := rs[i].q
			if p := a.problem(q); p != "" {
				fmt.Fprintf(w, "- %s @%s %s: %s; answer: %q\n", g.answerer, f2(g.minScore), q.ID, p, clip(a.rec.Result.Answer, 140))
			}
		}
	}
}

func goldLabel(q sampleqa.Question) string {
	var s []string
	for _, g := range q.Gold {
		s = append(s, g.Doc+" › "+g.Heading)
	}
	return strings.Join(s, " | ")
}

func rankLabel(r int) string {
	if r == 0 {
		return ">10"
	}
	return fmt.Sprint(r)
}

func topLabels(hits []evidence.Hit, n int) string {
	var s []string
	for i, h := range hits {
		if i == n {
			break
		}
		s = append(s, fmt.Sprintf("[%d %.2f] %s", h.Rank, h.Score, clip(h.Chunk.Locator.Label(), 90)))
	}
	if len(s) == 0 {
		return "no hits"
	}
	return strings.Join(s, "; ")
}

// duplicates counts, among the top k hits of every question, those whose
// text (normalised) is the same as a higher-ranked hit's.
func duplicates(rs []retrieval, k int) (dup, n int) {
	for _, r := range rs {
		seen := map[string]bool{}
		for i, h := range r.hits {
			if i == k {
				break
			}
			n++
			key := sampleqa.TextOf(h.Chunk.Locator.DocName) + "\x00" + sampleqa.Normalize(h.Chunk.Text)
			if seen[key] {
				dup++
			}
			seen[key] = true
		}
	}
	return dup, n
}

func hitOfCitation(c generation.Citation) evidence.Hit {
	return evidence.Hit{Chunk: evidence.Chunk{ID: c.NodeID, Text: c.Excerpt, Locator: c.Locator}, Rank: c.Rank, Score: c.Score}
}

func hasTag(q sampleqa.Question, tag string) bool { return slices.Contains(q.Tags, tag) }

func quantile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[int(p*float64(len(sorted)-1)+0.5)]
}

func f2(v float64) string { return fmt.Sprintf("%.2f", v) }
func f3(v float64) string { return fmt.Sprintf("%.3f", v) }

func frac(n, d int) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f (%d/%d)", float64(n)/float64(d), n, d)
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// printOutside prints the refusals of the questions outside the library
// (sampleqa.LoadOutside), and with dump the ones answered.
func printOutside(w io.Writer, rs []retrieval, gens []genRun, dump bool) {
	fmt.Fprintf(w, "\n### Questions outside the library (%d, outside.yaml)\n\n", len(rs))
	t := mdtable.Table{{"answerer", "MinScore", "refused (right)", "answered (wrong)"}}
	for _, g := range gens {
		refused := 0
		for _, a := range g.answers {
			if a.refused() {
				refused++
			}
		}
		n := len(g.answers)
		t = append(t, []string{g.answerer, f2(g.minScore), frac(refused, n), frac(n-refused, n)})
	}
	t.Print(w)
	if !dump {
		return
	}
	for _, g := range gens {
		for i, a := range g.answers {
			if !a.refused() {
				fmt.Fprintf(w, "- %s @%s %s: answered %q\n", g.answerer, f2(g.minScore), rs[i].q.ID, clip(a.rec.Result.Answer, 140))
			}
		}
	}
}

// printFollowUps prints recall of the follow-up pairs' gold, searched as
// asked and with the earlier question carried over.
func printFollowUps(w io.Writer, asked, carried []retrieval, n int, dump bool) {
	fmt.Fprintf(w, "\n### Follow-ups (%d pairs, followups.yaml; %d judged follow-ups and carried over)\n\n", len(asked), n)
	t := mdtable.Table{{"searched", "recall@5", "recall@10", "MRR"}}
	for _, row := range []struct {
		name string
		rs   []retrieval
	}{{"as asked", asked}, {"earlier question carried over (no model)", carried}} {
		s := summarizeRetrieval(row.rs, func(sampleqa.Question) bool { return true })
		t = append(t, []string{row.name, f3(s.r5), f3(s.r10), f3(s.mrr)})
	}
	t.Print(w)
	if !dump {
		return
	}
	for i := range asked {
		fmt.Fprintf(w, "- %s: rank as asked %d, carried %d (%q)\n", asked[i].q.ID, asked[i].rank, carried[i].rank, carried[i].q.Question)
	}
}
