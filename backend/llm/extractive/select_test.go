package extractive

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPick(t *testing.T) {
	blocks := []Block{
		{Rank: 1, ID: "a", Text: "Rent is payable monthly in advance. The sky is blue today."},
		{Rank: 2, ID: "b", Text: "Late rent incurs interest of 5% per month."},
	}
	p := New(Options{})
	cands := p.candidates(blocks)
	q := p.terms.of("When is rent payable and what interest applies to late rent?")
	w := idf(q, cands)
	var total float64
	for _, v := range w {
		total += v
	}
	scores := map[string]float64{}
	for _, c := range cands {
		scores[c.text] = overlap(c.terms, w) / total
	}
	if !(scores["Late rent incurs interest of 5% per month."] > scores["Rent is payable monthly in advance."]) ||
		scores["The sky is blue today."] != 0 {
		t.Fatalf("scores = %v", scores)
	}
	var got []string
	for _, c := range p.pick(blocks, "When is rent payable and what interest applies to late rent?") {
		got = append(got, c.text)
	}
	// chosen by score, returned in evidence order
	want := []string{"Rent is payable monthly in advance.", "Late rent incurs interest of 5% per month."}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pick (-want +got):\n%s", diff)
	}
}

func TestBestFloors(t *testing.T) {
	p := New(Options{MaxSentences: 3, MinScore: 0.3})
	cands := []candidate{
		{text: "a", score: 0.9}, {text: "b", score: 0.35}, {text: "c", score: 0.8}, {text: "a", score: 0.9}, {text: "d", score: 0.1},
	}
	var got []string
	for _, c := range p.best(cands) {
		got = append(got, c.text)
	}
	// "b" is above MinScore but below 40% of the best; "a" twice is one sentence
	if diff := cmp.Diff([]string{"a", "c"}, got); diff != "" {
		t.Errorf("best (-want +got):\n%s", diff)
	}
}
