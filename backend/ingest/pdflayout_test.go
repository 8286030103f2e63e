package ingest

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"lexflow/backend/evidence"
)

// A clause number and its title set apart with no space glyph read as two
// words, and tight pairs ("U.S.", "14a") stay joined.
func TestPDFSpacesFromGaps(t *testing.T) {
	pdf := onePagePDF("BT /F1 12 Tf 72 700 Td (3.1) Tj 19.2 0 Td (Joint Committee.) Tj ET " +
		"BT /F1 12 Tf 72 680 Td (\\(a\\)) Tj 36 0 Td (The U.S. Rule 14a-2 applies.) Tj ET")
	ex, err := extractBytes(evidence.FormatPDF, pdf, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "3.1 Joint Committee.\n(a) The U.S. Rule 14a-2 applies."; ex.Text != want {
		t.Fatalf("text = %q, want %q", ex.Text, want)
	}
}

func TestJoinGap(t *testing.T) {
	for _, tt := range []struct {
		before string
		cur    rune
		want   float64
	}{
		{"3.1", 'J', 0.14},
		{"3.", 'J', 0.14},
		{"(a)", 'T', 0.14},
		{"Agreement", 'T', 0},
		{"e", 'G', 0},
		{"31", 's', 0},
		{"U.", 'S', 0},
		{"Agreement", 't', 0},
		{"3", '1', 0},
		{"1.58", '“', 0.14},
		{"said", '“', 0},
	} {
		if got := joinGap([]rune(tt.before), tt.cur); got != tt.want {
			t.Errorf("joinGap(%q, %q) = %v, want %v", tt.before, tt.cur, got, tt.want)
		}
	}
}

// On a real filing (Word, tabbed clause numbers) the engine alone reads
// "3.1Joint Steering Committee"; the gap between the glyphs restores the
// space. The contract is in the evaluation data beside the repository.
func TestPDFSpacesFromGapsOnARealContract(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "eval", "cuad-pdf", "pdf", "INNOVIVA,INC_08_07_2014-EX-10.1-COLLABORATION AGREEMENT.PDF")
	if _, err := os.Stat(path); err != nil {
		t.Skip("the CUAD PDFs are not beside the repository")
	}
	ex, err := extractFile(t, path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3.1 Joint Steering Committee", "2.1.2 Commercialization License", "U.S.$15"} {
		if !strings.Contains(ex.Text, want) {
			t.Errorf("text lacks %q", want)
		}
	}
	if strings.Contains(ex.Text, "3.1Joint") {
		t.Error("text has \"3.1Joint\"")
	}
}

// Running heads and page numbers leave the flow; a heading that opens every
// page stays; a page number printed right under a short page's text, far
// from the sheet's foot, is still a page number.
func TestFindFurniture(t *testing.T) {
	line := func(text string, bottom float64) pdfLine { return pdfLine{text: text, bottom: bottom, top: bottom + 9} }
	var pages []pdfPage
	for i := 1; i <= 4; i++ {
		n := strconv.Itoa(i)
		pages = append(pages, pdfPage{height: 792, lines: []pdfLine{
			line("ACME CORP - SUPPLY AGREEMENT", 760),
			line("Article "+n, 700),
			line("The Supplier shall deliver the goods of lot "+n+".", 686),
			line("Source: ACME CORP, 10-K, 3/1/2019", 20),
			line("Page "+n+" of 4", 40),
		}})
	}
	pages[3].lines = []pdfLine{line("Article 4", 700), line("Short last page.", 686), line("4", 660)}
	roles := findFurniture(pages)
	var body, furniture []string
	for i, p := range pages {
		for j, l := range p.lines {
			if roles[i][j] == bodyLine {
				body = append(body, l.text)
			} else {
				furniture = append(furniture, l.text)
			}
		}
	}
	for _, want := range []string{"Article 1", "Article 4", "Short last page."} {
		if !slices.Contains(body, want) {
			t.Errorf("body lacks %q; furniture: %q", want, furniture)
		}
	}
	for _, want := range []string{"ACME CORP - SUPPLY AGREEMENT", "Source: ACME CORP, 10-K, 3/1/2019", "Page 2 of 4", "4"} {
		if !slices.Contains(furniture, want) {
			t.Errorf("furniture lacks %q; body: %q", want, body)
		}
	}
}

func TestJoinHyphen(t *testing.T) {
	vocab := map[string]bool{"example": true}
	for _, tt := range []struct {
		text, next, want string
		joined           bool
	}{
		{"for exam-", "ple, a clause", "for example, a clause", true},
		{"a non\u00ad", "exclusive licence", "a non-exclusive licence", true}, // the engine's mark, not a soft hyphen
		{"out-of-", "pocket costs", "out-of-pocket costs", true},
		{"see Article 5 -", "the notice", "", false},
		{"for exam-", "Ple", "", false},
	} {
		got, ok := joinHyphen(tt.text, tt.next, vocab)
		if ok != tt.joined || got != tt.want {
			t.Errorf("joinHyphen(%q, %q) = %q, %v; want %q, %v", tt.text, tt.next, got, ok, tt.want, tt.joined)
		}
	}
}
