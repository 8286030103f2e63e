package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
)

// The suite is every set measured in one run, each beside its plain BM25
// baseline computed in the same run over the same units, and the rule for
// ranking features: a feature ships when it raises the suite's mean of the
// headline metrics and lowers no set by more than a point (-ablation
// switches each off in turn).

// suite holds the ingested sets.
type suite struct {
	cuad      *env
	cuadSets  []setting // the sample's two settings
	cuadBM25  *bm25     // 500-character chunks, as the README's baseline
	unitBench []*unitBench
	sample    *sampleBench // nil when not measured
}

// suiteResult is one measurement of every set: its headline rows.
type suiteResult struct {
	rows []suiteRow
}

type suiteRow struct {
	set, metric       string
	queries           int
	lexflow, baseline float64
	headline          bool // counts in the suite's mean
}

func (s *suite) close() {
	for _, b := range s.unitBench {
		b.env.close()
	}
	if s.sample != nil {
		s.sample.close()
	}
}

// newCUADBaseline indexes the corpus in 500-character chunks.
func newCUADBaseline(c *corpus) *bm25 {
	var units []textUnit
	for _, name := range c.names {
		units = append(units, fixedChunks(name, []rune(c.texts[name]), 500)...)
	}
	return newBM25(units, c.texts)
}

// cuadBaseline scores the baseline on a CUAD setting as Lexflow is scored.
func (s *suite) cuadBaseline(st setting) (summary, error) {
	var outs []outcome
	for _, q := range st.queries {
		gold, err := s.cuad.resolve(q.Gold)
		if err != nil {
			return summary{}, err
		}
		var keep func(textUnit) bool
		if st.inside {
			keep = func(u textUnit) bool {
				return slices.ContainsFunc(q.Gold, func(g span) bool { return g.Doc == u.doc })
			}
		}
		outs = append(outs, score(s.unitHits(s.cuadBM25.search(q.Query, keep)), gold))
	}
	return summarize(outs), nil
}

// unitHits dresses baseline units as hits, to score them like Lexflow's.
func (s *suite) unitHits(units []textUnit) []evidence.Hit {
	hits := make([]evidence.Hit, len(units))
	for i, u := range units {
		hits[i] = evidence.Hit{Rank: i + 1, Chunk: evidence.Chunk{DocID: s.cuad.m.DocIDs[u.doc],
			Locator: evidence.Locator{Start: u.start, End: u.end}}}
	}
	return hits
}

// measure runs every set once (with the features switched off that off names).
func (s *suite) measure(ctx context.Context, cuadRuns []settingRun, dump int) (suiteResult, []unitRun, error) {
	var res suiteResult
	for _, r := range cuadRuns {
		base, err := s.cuadBaseline(r.setting)
		if err != nil {
			return res, nil, err
		}
		name := "CUAD, whole corpus"
		if r.inside {
			name = "CUAD, inside the contract"
		}
		res.rows = append(res.rows, suiteRow{set: name, metric: "span hit@10", queries: len(r.queries),
			lexflow: r.summary().hit10, baseline: base.hit10, headline: true})
	}
	var units []unitRun
	for _, b := range s.unitBench {
		u, err := b.measure(ctx, dump)
		if err != nil {
			return res, nil, err
		}
		units = append(units, u)
		res.rows = append(res.rows, unitRows(u)...)
	}
	if s.sample != nil {
		lex, base, err := s.sample.measure(ctx)
		if err != nil {
			return res, nil, err
		}
		res.rows = append(res.rows, suiteRow{set: "sample library (make eval)", metric: "recall@10", queries: len(s.sample.questions),
			lexflow: lex, baseline: base, headline: true})
	}
	return res, units, nil
}

func unitRows(u unitRun) []suiteRow {
	row := func(metric string, lex, base float64, headline bool) suiteRow {
		return suiteRow{set: u.set.name, metric: metric, queries: u.lexflow.queries, lexflow: lex, baseline: base, headline: headline}
	}
	rows := []suiteRow{}
	if u.set.graded {
		rows = append(rows, row("NDCG@10", u.lexflow.ndcg, u.baseline.ndcg, true))
	}
	return append(rows,
		row("recall@10", u.lexflow.recall, u.baseline.recall, !u.set.graded),
		row("MRR@10", u.lexflow.mrr, u.baseline.mrr, false))
}

// mean is the mean of the headline metrics, Lexflow's and the baseline's.
func (r suiteResult) mean() (lexflow, baseline float64) {
	n := 0.0
	for _, row := range r.rows {
		if row.headline {
			lexflow += row.lexflow
			baseline += row.baseline
			n++
		}
	}
	return lexflow / n, baseline / n
}

func printSuite(w io.Writer, r suiteResult) {
	fmt.Fprintln(w, "## Retrieval suite: every set beside plain BM25 over the same units, same run")
	fmt.Fprintln(w)
	t := table{{"set", "metric", "queries", "Lexflow", "plain BM25", "Δ points"}}
	for _, row := range r.rows {
		metric := row.metric
		if row.headline {
			metric += " ★"
		}
		t = append(t, []string{row.set, metric, fmt.Sprint(row.queries), f3(row.lexflow), f3(row.baseline), points(row.lexflow - row.baseline)})
	}
	lex, base := r.mean()
	t = append(t, []string{"suite mean", "of the ★ metrics", "", f3(lex), f3(base), points(lex - base)})
	t.print(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Targets: every set at or above its baseline; suite mean ≥ baseline + 5 points; CUAD inside the contract ≥ 0.90; STARD recall@10 ≥ baseline + 10 points.")
}

func points(d float64) string { return fmt.Sprintf("%+.1f", 100*d) }

// ablation is the suite measured with each ranking feature switched off in turn.
type ablation struct {
	feature string
	result  suiteResult
}

// ablate measures the suite once per ranking feature, that feature off.
func (s *suite) ablate(ctx context.Context, runCUAD func() ([]settingRun, error)) ([]ablation, error) {
	var out []ablation
	defer s.switchOff()
	for _, f := range index.RankingFeatures() {
		s.switchOff(f)
		runs, err := runCUAD()
		if err != nil {
			return nil, err
		}
		r, _, err := s.measure(ctx, runs, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, ablation{feature: f, result: r})
	}
	return out, nil
}

func (s *suite) switchOff(features ...string) {
	s.cuad.idx.SwitchOff(features...)
	for _, b := range s.unitBench {
		b.env.idx.SwitchOff(features...)
	}
	if s.sample != nil {
		s.sample.sample.Index.SwitchOff(features...)
	}
}

// printAblation shows each feature's worth: the headline metrics with it
// off, and what switching it off does to each set and to the mean.
func printAblation(w io.Writer, all suiteResult, abl []ablation) {
	fmt.Fprintln(w, "## Ablation: each ranking feature switched off in turn (LEXFLOW_RANK_OFF)")
	fmt.Fprintln(w)
	head := []string{"switched off"}
	for _, row := range all.rows {
		if row.headline {
			head = append(head, row.set+" "+row.metric)
		}
	}
	t := table{append(head, "suite mean", "Δ mean (points)", "worst set Δ")}
	t = append(t, ablationRow("nothing (shipped)", all, all))
	for _, a := range abl {
		t = append(t, ablationRow(a.feature, a.result, all))
	}
	t.print(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "A feature earns its place when switching it off lowers the mean; the rule: it raises the mean and lowers no set by more than a point.")
}

func ablationRow(label string, r, all suiteResult) []string {
	row := []string{label}
	worst := 0.0
	for i, x := range r.rows {
		if x.headline {
			row = append(row, f3(x.lexflow))
			worst = min(worst, all.rows[i].lexflow-x.lexflow)
		}
	}
	lex, _ := r.mean()
	shipped, _ := all.mean()
	return append(row, f3(lex), points(shipped-lex), strings.TrimPrefix(points(worst), "+"))
}
