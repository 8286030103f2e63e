package ingest

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// chunkPaths chunks text with every unit apart, however short, and returns
// each chunk's heading path and the chunks' texts.
func chunkPaths(t *testing.T, text string) ([]string, []string) {
	t.Helper()
	ex := Extracted{Text: text}
	opts := ChunkOptions{Min: 1}
	chunks := Chunks(evidenceDoc("a.txt"), ex, opts)
	checkChunks(t, ex, chunks, opts)
	var paths, texts []string
	for _, c := range chunks {
		paths = append(paths, strings.Join(c.Locator.HeadingPath, " › "))
		texts = append(texts, c.Text)
	}
	return paths, texts
}

// TestSubsectionsStayInTheirSection: a rulebook numbers the subsections of
// rule 4.29 "4.29.(1)", "4.29(2)" or, once PDF extraction has put a space
// in, "4.29. (3)" and "4.29 (4)". They are the text of rule 4.29, not
// headings of their own, and leave no heading without its text.
func TestSubsectionsStayInTheirSection(t *testing.T) {
	text := "CLIENT ASSETS RULEBOOK\n\n" +
		"PART 4\nCLIENT MONEY\n\n" +
		"4.28 Interpretation\n\n" +
		"4.28.(1) In this Part, \"client money\" means money of any currency that a firm holds for a client.\n\n" +
		"4.29 Application of this section\n\n" +
		"4.29.(1) This section applies to every firm that holds client money for retail clients in the course of\n" +
		"its business, whether or not it is authorised to do so.\n\n" +
		"4.29(2) A firm must give a retail client the information in 4.29.(1) before it provides a service.\n\n" +
		"4.29. (3) Rule 4.30 applies in addition to this section.\n\n" +
		"4.29 (4) In this section:\n" +
		"(a) \"retail client\" has the meaning in 1.2; and\n" +
		"(b) \"firm\" means an authorised person.\n\n" +
		"4.30 Segregation\n\n" +
		"4.30.(1) A firm must segregate client money from its own money.\n\n" +
		"4.30.(2) A firm must not use client money for its own purposes.\n"
	paths, texts := chunkPaths(t, text)
	want := []string{
		"CLIENT ASSETS RULEBOOK › PART 4 — CLIENT MONEY › 4.28 Interpretation",
		"CLIENT ASSETS RULEBOOK › PART 4 — CLIENT MONEY › 4.29 Application of this section",
		"CLIENT ASSETS RULEBOOK › PART 4 — CLIENT MONEY › 4.30 Segregation",
	}
	if diff := cmp.Diff(want, paths); diff != "" {
		t.Errorf("chunk heading paths (-want +got):\n%s", diff)
	}
	if len(texts) == 3 {
		for _, sub := range []string{"4.29.(1) This section", "4.29(2) A firm", "4.29. (3) Rule 4.30", "4.29 (4) In this section", "(b) \"firm\""} {
			if !strings.Contains(texts[1], sub) {
				t.Errorf("rule 4.29's chunk lacks %q:\n%s", sub, texts[1])
			}
		}
	}
}

// TestParenNumberedHeadings: guidance notes and some contracts number
// their top-level headings "1) INTRODUCTION", "2) Scope"; items of a list
// numbered the same way ("1) the firm shall …") stay text.
func TestParenNumberedHeadings(t *testing.T) {
	text := "GUIDANCE NOTE ON OUTSOURCING\n\n" +
		"1) INTRODUCTION\n\n" +
		"This guidance note sets out the expectations of the Authority on outsourcing by licensed firms.\n\n" +
		"2) SCOPE\n\n" +
		"This note applies to all licensed firms. A firm that outsources a material function must:\n" +
		"1) notify the Authority in advance;\n" +
		"2) keep a register of its outsourcing arrangements; and\n" +
		"3) Review each arrangement every year.\n\n" +
		"3) Definitions\n\n" +
		"In this note, \"outsourcing\" means an arrangement under which a service provider performs a service.\n\n" +
		"4) Board Responsibilities\n\n" +
		"The board remains responsible for outsourced activities.\n"
	var heads []string
	for _, h := range Structure(text, nil) {
		heads = append(heads, h.Kind+"|"+h.Number+"|"+h.Label)
	}
	wantHeads := []string{
		"caps||GUIDANCE NOTE ON OUTSOURCING",
		"num1|1|1) INTRODUCTION",
		"num1|2|2) SCOPE",
		"num1|3|3) Definitions",
		"num1|4|4) Board Responsibilities",
	}
	if diff := cmp.Diff(wantHeads, heads); diff != "" {
		t.Errorf("headings (-want +got):\n%s", diff)
	}
	paths, _ := chunkPaths(t, text)
	want := []string{
		"GUIDANCE NOTE ON OUTSOURCING › 1) INTRODUCTION",
		"GUIDANCE NOTE ON OUTSOURCING › 2) SCOPE",
		"GUIDANCE NOTE ON OUTSOURCING › 3) Definitions",
		"GUIDANCE NOTE ON OUTSOURCING › 4) Board Responsibilities",
	}
	if diff := cmp.Diff(want, paths); diff != "" {
		t.Errorf("chunk heading paths (-want +got):\n%s", diff)
	}
}

func TestParenHeading(t *testing.T) {
	tests := map[string]bool{
		"1) INTRODUCTION":                          true,
		"2) Scope":                                 true,
		"10) Governing Law":                        true,
		"3) Terms of the Agreement":                true,
		"1) the Customer shall pay":                false,
		"2) Listing the Supplier in all materials": false,
		"4) Responsibilities of the board":         false, // a phrase of a list, not a title
		"3) Review each arrangement.":              false,
		"4.29(2) Scope":                            false,
		"(1) INTRODUCTION":                         false,
		"1)INTRODUCTION":                           false,
		"1000) INTRODUCTION":                       false,
	}
	for line, want := range tests {
		if _, got := parenHeading(line); got != want {
			t.Errorf("parenHeading(%q) = %v, want %v", line, got, want)
		}
	}
}
