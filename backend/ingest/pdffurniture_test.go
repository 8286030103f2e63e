package ingest

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest/pdfgen"
)

// placedLine is a line of text drawn at (x, y) points from the page's
// bottom-left corner.
type placedLine struct {
	x, y float64
	text string
}

// placedPDF writes an A4 PDF whose lines sit where they are placed, as a
// word processor lays out running heads, text and page numbers.
func placedPDF(pages [][]placedLine) []byte {
	kids := make([]string, len(pages))
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 4+2*i)
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
	}
	for i, lines := range pages {
		var b bytes.Buffer
		for _, l := range lines {
			text := strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`).Replace(l.text)
			fmt.Fprintf(&b, "BT /F1 10 Tf 1 0 0 1 %g %g Tm (%s) Tj ET\n", l.x, l.y, text)
		}
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 5+2*i),
			pdfgen.Stream("", b.Bytes()))
	}
	return pdfgen.Build(objs...)
}

// allianceAgreement is the body of a contract, wrapped into lines: numbered
// clauses whose sentences run on from one page to the next, between parties
// whose names change from schedule to schedule.
func allianceAgreement() []string {
	clauses := []string{
		"1. {A} and {B} shall cooperate in good faith to carry out the marketing programme as set forth in the Strategic Plan attached as Exhibit A, and {A} and {B} shall each bear their own costs unless the Steering Committee decides otherwise in writing signed by {A} and {B}.",
		"2. {A} shall appoint a relationship manager who shall meet the relationship manager of {B} at least once each calendar quarter to review the progress of the programme of {A} and {B} and the performance of {A} and of {B} under this Agreement.",
		"3. Neither {A} nor {B} shall disclose the Confidential Information of the other to any third party without the prior written consent of {A} or {B} as the case may be, save to advisers of {A} or {B} bound by duties of confidence no less strict than those of {A} and {B}.",
		"4. {A} may terminate this Agreement by giving not less than ninety days' written notice to {B}, and {B} may terminate it at once by notice to {A} if {A} commits a material breach which {A} fails to remedy within thirty days of notice from {B}.",
	}
	parties := [][2]string{{"Acme", "Beta"}, {"Cobalt", "Delta"}, {"Ember", "Falcon"}, {"Garnet", "Harbor"}, {"Indigo", "Juniper"},
		{"Kestrel", "Lumen"}, {"Meridian", "Nimbus"}, {"Orchid", "Pinnacle"}, {"Quartz", "Raven"}, {"Summit", "Tundra"}}
	var lines []string
	for _, p := range parties {
		for _, c := range clauses {
			lines = append(lines, wrapWords(strings.NewReplacer("{A}", p[0], "{B}", p[1]).Replace(c), 92)...)
		}
	}
	return lines
}

func wrapWords(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		line = strings.TrimSpace(line + " " + w)
	}
	return append(lines, line)
}

// Page furniture never lands inside the text flow: on a multi-page contract
// with a running head, a confidentiality footer and printed page numbers
// (19, 20, ...), a sentence that runs from one page onto the next reads on
// without "19" in its middle, so no quoted clause can carry one.
func TestPDFFurnitureStaysOutOfTheFlow(t *testing.T) {
	const perPage = 46
	body := allianceAgreement()
	var pages [][]placedLine
	var numbers []string
	for first := 0; first < len(body); first += perPage {
		n := fmt.Sprint(19 + len(pages))
		numbers = append(numbers, n)
		page := []placedLine{{56, 805, "Strategic Alliance Agreement - Execution Version"}}
		for i, text := range body[first:min(first+perPage, len(body))] {
			page = append(page, placedLine{56, 770 - 14*float64(i), text})
		}
		// The last page is short: its number sits right under its text.
		foot := min(40, 770-14*float64(len(page)-1)-28)
		page = append(page, placedLine{292, foot, n}, placedLine{200, 24, "CONFIDENTIAL TREATMENT REQUESTED"})
		pages = append(pages, page)
	}
	if len(pages) < 3 || len(body)%perPage == 0 {
		t.Fatalf("%d pages of %d lines: want a short last page of several", len(pages), len(body))
	}
	pdf := placedPDF(pages)
	doc := evidence.Document{ID: "alliance", Name: "alliance.pdf", Format: evidence.FormatPDF}
	ex, chunks, err := File(context.Background(), doc, bytes.NewReader(pdf), int64(len(pdf)), DefaultLimits(), DefaultChunkOptions())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := collapse(ex.Text), collapse(strings.Join(body, " ")); got != want {
		t.Errorf("the text flow is not the contract's text, word for word:\n got %.300q\nwant %.300q", got, want)
	}
	for _, furniture := range append(slices.Clone(numbers), "Execution Version", "CONFIDENTIAL") {
		re := regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(furniture) + `(\s|$)`)
		if loc := re.FindStringIndex(ex.Text); loc != nil {
			t.Errorf("%q is in the flow: %q", furniture, ex.Text[max(0, loc[0]-60):min(len(ex.Text), loc[1]+60)])
		}
		for _, c := range chunks {
			if re.MatchString(c.Text) {
				t.Errorf("chunk %d holds %q", c.Ordinal, furniture)
			}
		}
	}
	if !strings.Contains(collapse(ex.Text), "as set forth in the Strategic Plan attached") {
		t.Error("a clause lost its words")
	}
	for i, p := range ex.Pages {
		if !slices.Contains(p.Footer, numbers[i]) || !slices.Contains(p.Header, "Strategic Alliance Agreement - Execution Version") {
			t.Errorf("page %d keeps header %q, footer %q; want its running head and number %s", p.Page, p.Header, p.Footer, numbers[i])
		}
	}
}
