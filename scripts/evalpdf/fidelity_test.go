package main

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestWordsSplitOnPunctuationAndLowerCase(t *testing.T) {
	got := words("EXHIBIT 10.7 — “Consultant's” fee: €500/hour;\nSection 2.1(a)")
	want := []string{"exhibit", "10", "7", "consultant", "s", "fee", "500", "hour", "section", "2", "1", "a"}
	if !slices.Equal(got, want) {
		t.Errorf("words: got %q, want %q", got, want)
	}
}

func TestRatio(t *testing.T) {
	text := strings.Fields("this agreement is made between the parties named in exhibit a below")
	reversed := slices.Clone(text)
	reversed[9] = "tibihxe" // "exhibit" read right to left
	missing := slices.Concat(text[:3], text[8:])
	cases := []struct {
		name string
		a, b []string
		want float64
	}{
		{"identical", text, text, 1},
		{"reversed word", text, reversed, 2 * 11.0 / 24},
		{"missing block", text, missing, 2 * 7.0 / 19},
		{"both empty", nil, nil, 1},
		{"one empty", text, nil, 0},
		{"other empty", nil, text, 0},
	}
	for _, c := range cases {
		got, approx := ratio(c.a, c.b, maxEdits)
		if !near(got, c.want) || approx {
			t.Errorf("%s: ratio %v (approx %v), want %v exact", c.name, got, approx, c.want)
		}
	}
}

func TestCapFallsBackToLowerBound(t *testing.T) {
	// Two halves swapped: 40 edits apart, but every word is unique, so the
	// anchors recover the longer half in order.
	var a []string
	for i := 0; i < 30; i++ {
		a = append(a, "w"+string(rune('a'+i%26))+string(rune('a'+i/26)))
	}
	b := slices.Concat(a[10:], a[:10])
	exact, approxExact := ratio(a, b, maxEdits)
	got, approx := ratio(a, b, 5)
	if approxExact || !near(exact, 20.0/30) {
		t.Fatalf("uncapped: ratio %v (approx %v), want 20/30 exact", exact, approxExact)
	}
	if !approx || got > exact || got < 0.5 {
		t.Errorf("capped at 5 edits: ratio %v (approx %v), want approx in [0.5, %v]", got, approx, exact)
	}
	// Within the cap the answer stays exact.
	if r, ap := ratio(a, a[:28], 5); ap || !near(r, 56.0/58) {
		t.Errorf("2 edits under a cap of 5: ratio %v (approx %v)", r, ap)
	}
}
