package evidence

import "testing"

func TestSliceCountsCodePoints(t *testing.T) {
	text := "المادة 5 — Art. 5 👩‍⚖️ end"
	cases := []struct {
		start, end int
		want       string
	}{
		{0, 6, "المادة"},
		{7, 8, "5"},
		{11, 17, "Art. 5"},
		{18, 22, "👩‍⚖️"}, // a ZWJ sequence is 4 code points
		{23, 100, "end"},
		{100, 200, ""},
		{-5, 1, "ا"},
	}
	for _, c := range cases {
		if got := Slice(text, c.start, c.end); got != c.want {
			t.Errorf("Slice(%d, %d) = %q, want %q", c.start, c.end, got, c.want)
		}
	}
}

func TestLocatorDisplay(t *testing.T) {
	l := Locator{PageStart: 4, PageEnd: 5, HeadingPath: []string{"Chapter 2", "Article 12"}}
	if l.Pages() != "pp. 4–5" || l.Heading() != "Chapter 2 › Article 12" {
		t.Errorf("%q %q", l.Pages(), l.Heading())
	}
	if (Locator{PageStart: 3, PageEnd: 3}).Pages() != "p. 3" || (Locator{}).Pages() != "" {
		t.Error("single page / no page")
	}
	scan := Locator{DocName: "scan.pdf", PageStart: 2, PageEnd: 2, OCR: true}
	if got := scan.Label(); got != "scan.pdf, p. 2, read by OCR" {
		t.Errorf("OCR label = %q", got)
	}
}

func TestFoldDigits(t *testing.T) {
	if got := FoldDigits("المادة ١٢ و۳"); got != "المادة 12 و3" {
		t.Errorf("FoldDigits = %q", got)
	}
}
