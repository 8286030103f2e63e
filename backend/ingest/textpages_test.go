package ingest

import (
	"strings"
	"testing"
)

// A text file saved from a PDF keeps its page numbers in the flow; they are
// blanked in place, so offsets still point into the file, and a page break
// inside a sentence no longer cuts it. Numbers that do not run from page to
// page stay.
func TestBlankPageNumbers(t *testing.T) {
	pages := "     3.12. Sales Targets. Distributor shall agree to the annual sales targets.     6\n" +
		"     3.13. Affiliates. Siemens shall cause its Affiliates to be bound by the  Strategic Alliance Agreement in      7\n\n\n" +
		"     connection with Purchases. Distributor will provide assistance to the Customer.     8\n" +
		"     4.1. Term. This Agreement lasts five years. Distributor      9\r\n" +
		"     and Accuray agree.\n"
	got := blankPageNumbers(pages)
	if len(got) != len(pages) {
		t.Fatalf("length %d, want %d: offsets must stay the file's", len(got), len(pages))
	}
	for _, n := range []string{"     6", "     7", "     8", "     9"} {
		if strings.Contains(got, n) {
			t.Errorf("page number %q left in %q", n, got)
		}
	}
	if !strings.Contains(got, "Strategic Alliance Agreement in               connection with") {
		t.Errorf("the page break inside a sentence was not joined: %q", got)
	}
	// a page ending a sentence keeps its line break; one inside a sentence, blank lines and all, is joined
	if strings.Count(got, "\n") != 3 {
		t.Errorf("got %d line breaks, want 3 (after pages 6 and 8, and the last): %q", strings.Count(got, "\n"), got)
	}

	for name, text := range map[string]string{
		"a table's figures":            "Fees      100\nTax      20\nTotal      120\n",
		"two pages only":               "One page.     1\nAnother page.     2\n",
		"numbers in the sentence":      "See Section 12\nand Section 13\nand Section 14\n",
		"a list numbered on its lines": "Item one      1\n",
	} {
		if got := blankPageNumbers(text); got != text {
			t.Errorf("%s: %q became %q", name, text, got)
		}
	}
}

// Page numbers alone on their lines are blanked too, the lines kept.
func TestBlankPageNumbersAlone(t *testing.T) {
	text := "First page text.\n\n1\n\fSecond page text.\n\n2\n\fThird page text.\n\n3\n"
	got := blankPageNumbers(text)
	want := "First page text.\n\n \n\fSecond page text.\n\n \n\fThird page text.\n\n \n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
