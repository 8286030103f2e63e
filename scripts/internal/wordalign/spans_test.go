package wordalign

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestWordsCountCodePoints(t *testing.T) {
	s := "§ 2.1(a) “Fee”: €500"
	var got []string
	for _, w := range Words(s) {
		got = append(got, w.Text+"@"+string([]rune(s)[w.Start:w.End]))
	}
	want := []string{"2@2", "1@1", "a@a", "fee@Fee", "500@500"}
	if !slices.Equal(got, want) {
		t.Errorf("words: got %q, want %q", got, want)
	}
	if ws := Words(s); ws[3].Start != 10 || ws[3].End != 13 {
		t.Errorf("\"Fee\" at [%d, %d), want [10, 13) in code points", ws[3].Start, ws[3].End)
	}
}

// reference is a contract as its reference text has it; extracted is the
// same page as a PDF extraction gives it: other line breaks, a running head
// and a page number inside clause 5.1, "Non-Compete" printed as
// "Noncompete", "Distrib-/utor" hyphenated at a line end and joined again,
// curly quotes, and clause 5.3 lost.
const reference = `ARTICLE 5
TERMINATION

5.1 Either party may terminate this Agreement upon thirty (30) days' written notice to the other party.

5.2 Non-Compete. During the Term, the Distributor shall not sell competing products.

5.3 Survival. Sections 7 and 9 survive termination.
`

const extracted = "ARTICLE 5 TERMINATION\n5.1 Either party may terminate this Agreement upon\n" +
	"Confidential Treatment Requested\nPage 7 of 12\n" +
	"thirty (30) days’ written notice to the other party.\n" +
	"5.2 Noncompete. During the Term, the Distributor shall not sell\ncompeting products.\n"

func TestSpanFollowsTheWordsAcrossFurnitureAndLineBreaks(t *testing.T) {
	m := NewMap(reference, extracted, 20_000)
	if !m.Exact() {
		t.Fatal("a short alignment should be exact")
	}
	// Unmatched reference words: "non", "compete" and the 9 of clause 5.3.
	if words, aligned := m.Coverage(); words-aligned != 11 {
		t.Errorf("coverage: %d of %d reference words aligned, want all but 11", aligned, words)
	}
	cases := []struct {
		name          string
		span          string // the gold text in reference
		want          string // what it maps to in extracted; "" when it cannot be mapped
		words, lacked int    // words of the span, and how many have no partner
	}{
		{"running head inside the clause", "Either party may terminate this Agreement upon thirty (30) days' written notice to the other party.",
			"Either party may terminate this Agreement upon\nConfidential Treatment Requested\nPage 7 of 12\nthirty (30) days’ written notice to the other party", 16, 0},
		{"joined hyphen at the start", "Non-Compete. During the Term, the Distributor shall not sell competing products.",
			"During the Term, the Distributor shall not sell\ncompeting products", 12, 2},
		{"a span cut mid-word takes the whole word", "ither party",
			"Either party", 2, 0},
		{"clause lost from the extraction", "Survival. Sections 7 and 9 survive termination.", "", 7, 7},
	}
	for _, c := range cases {
		start := cpIndex(t, reference, c.span)
		got, ok := m.Span(start, start+utf8.RuneCountInString(c.span))
		if got.Words != c.words || got.Words-got.Matched != c.lacked {
			t.Errorf("%s: %d words, %d matched; want %d words, %d without partner", c.name, got.Words, got.Matched, c.words, c.lacked)
		}
		if c.want == "" {
			if ok {
				t.Errorf("%s: mapped to %q, want no mapping", c.name, slice(extracted, got.Start, got.End))
			}
			continue
		}
		if !ok {
			t.Errorf("%s: not mapped", c.name)
			continue
		}
		if s := slice(extracted, got.Start, got.End); s != c.want {
			t.Errorf("%s: mapped to\n%q, want\n%q", c.name, s, c.want)
		}
	}
}

func TestSpanOfEmptyTexts(t *testing.T) {
	m := NewMap("", "some text", 20_000)
	if got, ok := m.Span(0, 10); ok || got.Words != 0 {
		t.Errorf("span of an empty text: %+v, %v", got, ok)
	}
	m = NewMap("some text", "", 20_000)
	if got, ok := m.Span(0, 4); ok || got.Words != 1 || got.Matched != 0 {
		t.Errorf("span onto an empty text: %+v, %v", got, ok)
	}
}

// cpIndex is the code-point offset of sub in s.
func cpIndex(t *testing.T, s, sub string) int {
	t.Helper()
	i := strings.Index(s, sub)
	if i < 0 {
		t.Fatalf("%q not in the text", sub)
	}
	return utf8.RuneCountInString(s[:i])
}

func slice(s string, start, end int) string { return string([]rune(s)[start:end]) }
