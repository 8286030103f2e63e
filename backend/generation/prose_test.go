package generation

import (
	"strings"
	"testing"
)

// Prose answers are checked like JSON ones: markers against the evidence,
// quotes in double quotes verbatim against the passage the sentence cites.
func TestCheckProse(t *testing.T) {
	hits := testHits()
	quote := words(hits[0].Chunk.Text, 2, 8) // "Either party may terminate this agreement"
	tests := []struct {
		name, text string
		status     Status
		check      string // a failed check's name, or ""
	}{
		{"cited with a true quote", `The Act says "` + quote + `" [1].`, StatusSuccess, ""},
		{"emphasis is not a quote", `The "employer" must give notice [1].`, StatusSuccess, ""},
		{"a misquote", `The Act says "the employer may never terminate" [1].`, StatusPartial, CheckQuote},
		{"a marker of nothing", `The Act says so [9].`, StatusPartial, CheckMarker},
		{"an uncited sentence", `The Act says so [1]. Courts agree.`, StatusPartial, CheckClaims},
		{"empty", "  ", StatusFailed, CheckSchema},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := CheckProse(tc.text, hits, Options{})
			if r.Status != tc.status {
				t.Fatalf("status %s, want %s; checks %+v", r.Status, tc.status, r.Checks)
			}
			failed := ""
			for _, c := range r.Checks {
				if !c.Passed && failed == "" {
					failed = c.Name
				}
			}
			if failed != tc.check {
				t.Errorf("first failed check %q, want %q: %+v", failed, tc.check, r.Checks)
			}
		})
	}
	r := CheckProse(`The Act says "`+quote+`" [1].`, hits, Options{})
	if q := r.Citations[0].Quotes; len(q) != 1 || !q[0].Verified || q[0].Start < hits[0].Chunk.Locator.Start {
		t.Errorf("quotes %+v", q)
	}
}

func words(s string, from, to int) string {
	return strings.Join(strings.Fields(s)[from:to], " ")
}
