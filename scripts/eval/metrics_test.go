package main

import (
	"math"
	"testing"

	"lexflow/backend/evidence"
)

func hit(doc string, start, end int) evidence.Hit {
	return evidence.Hit{Chunk: evidence.Chunk{DocID: doc, Locator: evidence.Locator{DocID: doc, Start: start, End: end}}}
}

func TestOverlapIsHalfOpen(t *testing.T) {
	g := goldSpan{docID: "a", start: 100, end: 200}
	cases := []struct {
		doc        string
		start, end int
		want       bool
	}{
		{"a", 0, 100, false},  // ends where the span starts
		{"a", 0, 101, true},   // shares code point 100
		{"a", 199, 300, true}, // shares code point 199
		{"a", 200, 300, false},
		{"a", 120, 150, true}, // inside
		{"a", 0, 900, true},   // around
		{"b", 120, 150, false},
	}
	for _, c := range cases {
		if got := overlaps(hit(c.doc, c.start, c.end).Chunk, g); got != c.want {
			t.Errorf("chunk %s[%d,%d) overlaps %v: got %v", c.doc, c.start, c.end, g, got)
		}
	}
}

func TestScoreAndSummary(t *testing.T) {
	gold := []goldSpan{{docID: "a", start: 100, end: 200}, {docID: "a", start: 900, end: 950}}
	miss, good := hit("a", 300, 400), hit("a", 150, 250)
	other := hit("b", 100, 200)
	outs := []outcome{
		score([]evidence.Hit{miss, good, other, hit("a", 940, 990), miss, good}, gold),
		score([]evidence.Hit{other, other, other, other, other, other, miss, good}, gold),
		score([]evidence.Hit{other}, gold),
	}
	want := []outcome{{docRecall: 1, rank: 2, top5Gold: 2}, {docRecall: 1, rank: 8}, {docRecall: 0}}
	for i := range want {
		if outs[i] != want[i] {
			t.Errorf("query %d: got %+v, want %+v", i, outs[i], want[i])
		}
	}
	s := summarize(outs)
	near := func(got, want float64) bool { return math.Abs(got-want) < 1e-9 }
	if s.queries != 3 || !near(s.hit5, 1.0/3) || !near(s.hit10, 2.0/3) || !near(s.mrr, (0.5+0.125)/3) ||
		!near(s.precision, 0.4/3) || !near(s.docRecall, 2.0/3) {
		t.Errorf("summary %+v", s)
	}
}
