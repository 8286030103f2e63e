package main

import (
	"slices"
	"testing"
)

func TestRestrictKeepsQueriesWhollyOnTheSubset(t *testing.T) {
	sub := &corpus{files: map[string]string{"a.txt": "a", "b.txt": "b"}}
	q := func(id string, docs ...string) query {
		out := query{ID: id}
		for _, d := range docs {
			out.Gold = append(out.Gold, span{Doc: d})
		}
		return out
	}
	full := []query{q("1", "a.txt"), q("2", "c.txt"), q("3", "a.txt", "c.txt"), q("4", "b.txt", "a.txt")}
	question := slices.Clone(full)
	for i := range question {
		question[i].Query = "question " + question[i].ID
	}
	got := restrict(querySet{name: "sample", full: full, question: question}, sub)
	var ids, qs []string
	for i := range got.full {
		ids, qs = append(ids, got.full[i].ID), append(qs, got.question[i].Query)
	}
	if !slices.Equal(ids, []string{"1", "4"}) || !slices.Equal(qs, []string{"question 1", "question 4"}) || got.name != "sample" {
		t.Errorf("restrict kept %v with questions %q", ids, qs)
	}
}

func TestDeltaVerdict(t *testing.T) {
	cases := map[float64]string{
		0.01:       "Δ ≥ −0.02 ✓ met",
		-0.02:      "Δ ≥ −0.02 ✓ met",
		-6.0 / 294: "Δ ≥ −0.02 ✗ below",
	}
	for delta, want := range cases {
		if got := deltaVerdict(delta); got != want {
			t.Errorf("verdict for %v: %q, want %q", delta, got, want)
		}
	}
	if signed(-0.00001) != "+0.0000" || signed(-6.0/294) != "−0.0204" {
		t.Errorf("signed: %q %q", signed(-0.00001), signed(-6.0/294))
	}
}
