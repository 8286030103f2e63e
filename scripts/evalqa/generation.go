package main

import (
	"context"
	"fmt"
	"strconv"

	"lexflow/backend/generation"
	"lexflow/scripts/internal/answerers"
	"lexflow/scripts/internal/sampleqa"
)

// promptK is how many hits go to the answerer, best first.
const promptK = 5

// answer is one question's generation at one threshold.
type answer struct {
	rec generation.Record
}

// genRun is every question answered by one answerer at one threshold.
type genRun struct {
	answerer string
	minScore float64
	answers  []answer // in question order
}

// generateAll runs the pipeline for every question, answerer and threshold,
// with the top promptK hits of the question's search.
func generateAll(ctx context.Context, s *sampleqa.Sample, rs []retrieval, thresholds []float64) ([]genRun, error) {
	as, stop, err := answerers.Start()
	if err != nil {
		return nil, err
	}
	defer stop()
	p := &generation.Pipeline{Store: s.DB, Rarity: s.Index.Rarity}
	scope := "the collection " + strconv.Quote("Sample library")
	var out []genRun
	for _, a := range as {
		for _, min := range thresholds {
			run := genRun{answerer: a.Label, minScore: min}
			for _, r := range rs {
				hits := r.hits[:min2(promptK, len(r.hits))]
				rec, err := p.Run(ctx, generation.Request{Query: r.q.Question, Hits: hits, Scope: scope, MinScore: min,
					Parameters: map[string]any{"collection_ids": []string{s.CollectionID}, "top_k": promptK, "source": "evalqa"},
					Model:      a.Model})
				if err != nil {
					return nil, fmt.Errorf("%s, %s: %w", a.Label, r.q.ID, err)
				}
				run.answers = append(run.answers, answer{rec: rec})
			}
			out = append(out, run)
		}
	}
	return out, nil
}

func min2(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// refused: no passage above the threshold (no_evidence), or the answerer
// said the evidence does not answer.
func (a answer) refused() bool {
	return a.rec.Result.Status == generation.StatusNoEvidence || a.rec.Result.Refused
}

// answered: a usable answer was shown (success or partial, not a refusal).
func (a answer) answered() bool {
	s := a.rec.Result.Status
	return !a.refused() && (s == generation.StatusSuccess || s == generation.StatusPartial)
}

// verified: every citation is aligned with a retrieved passage, every marker
// points at one, every quote was found verbatim, and every claim is cited.
func (a answer) verified() bool {
	r := a.rec.Result
	if len(r.Citations) == 0 {
		return false
	}
	for _, c := range r.Checks {
		if !c.Passed && (c.Name == generation.CheckAlignment || c.Name == generation.CheckMarker || c.Name == generation.CheckQuote) {
			return false
		}
	}
	for _, c := range r.Claims {
		if c.Verdict != generation.ClaimCited {
			return false
		}
	}
	return true
}

// citesGold: some citation is a gold passage (in-chunk heading match).
func (a answer) citesGold(q sampleqa.Question) bool {
	for _, c := range a.rec.Result.Citations {
		h := hitOfCitation(c)
		if sampleqa.IsGold(h, q.Gold, true) {
			return true
		}
	}
	return false
}

// problem names what went wrong with an answer, "" when nothing did.
func (a answer) problem(q sampleqa.Question) string {
	r := a.rec.Result
	switch {
	case !q.Answerable() && a.refused():
		return ""
	case !q.Answerable():
		return fmt.Sprintf("answered (%s) a question the corpus does not answer", r.Status)
	case a.refused():
		return fmt.Sprintf("refused (%s)", refusalKind(a))
	case r.Status == generation.StatusFailed:
		return "failed: " + r.Error
	case !a.verified():
		return "citations not verified: " + failedChecks(r)
	case !a.citesGold(q):
		return "cites no gold passage"
	}
	return ""
}

func refusalKind(a answer) string {
	if a.rec.Result.Status == generation.StatusNoEvidence {
		return "no passage above the threshold"
	}
	return "the answerer found the evidence does not answer"
}

func failedChecks(r generation.Result) string {
	s := ""
	for _, c := range r.Checks {
		if !c.Passed {
			s += c.Name + ": " + c.Detail + "; "
		}
	}
	for _, c := range r.Claims {
		if c.Verdict != generation.ClaimCited {
			s += "claim " + c.Verdict + ": " + clip(c.Text, 60) + "; "
		}
	}
	if s == "" {
		return "no citation"
	}
	return s
}
