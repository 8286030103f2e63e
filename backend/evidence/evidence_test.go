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
	titled := Locator{DocName: "ea-2025.pdf", DocTitle: "Employment Act 2025", HeadingPath: []string{"Part 2"}}
	if got := titled.Label(); got != "Employment Act 2025 (ea-2025.pdf), Part 2" || titled.Document() != "Employment Act 2025" {
		t.Errorf("titled label = %q, document %q", got, titled.Document())
	}
	if scan.Document() != "scan.pdf" {
		t.Errorf("untitled document = %q", scan.Document())
	}
}

func TestFoldDigits(t *testing.T) {
	if got := FoldDigits("المادة ١٢ و۳"); got != "المادة 12 و3" {
		t.Errorf("FoldDigits = %q", got)
	}
}

func TestChineseNumber(t *testing.T) {
	for in, want := range map[string]int{
		"一": 1, "十": 10, "十二": 12, "二十": 20, "五十四": 54, "一百": 100, "一百零五": 105,
		"一百二十三": 123, "二百零五": 205, "一千二百六十": 1260, "两千": 2000, "零": 0, "54": 54, "５４": 54,
	} {
		if got, ok := ChineseNumber(in); !ok || got != want {
			t.Errorf("ChineseNumber(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "条", "五四", "十a", "12a", "一万", "99999"} {
		if got, ok := ChineseNumber(in); ok {
			t.Errorf("ChineseNumber(%q) = %d, true; want not a number", in, got)
		}
	}
}

// rentChapter is a chunk holding two short articles, as the chunker merges them.
func rentChapter() Locator {
	chapter := "Chapter 3 — Rent and Deposits"
	return Locator{DocName: "Tenancy Act.txt", HeadingPath: []string{chapter}, Start: 100, End: 300, Units: []Unit{
		{Start: 100, End: 190, HeadingPath: []string{chapter, "Article 5 Rent increases"}, Number: "5"},
		{Start: 192, End: 300, HeadingPath: []string{chapter, "Article 6 Security deposit"}, Number: "6", Follows: true},
	}}
}

func TestNarrowNamesTheUnitOfTheQuote(t *testing.T) {
	l := rentChapter()
	if got := l.Label(); got != "Tenancy Act.txt, Chapter 3 — Rent and Deposits › Articles 5–6" {
		t.Errorf("the passage reads %q", got)
	}
	cases := []struct {
		name       string
		start, end int
		want       string
	}{
		{"a quote in the second article", 230, 260, "Chapter 3 — Rent and Deposits › Article 6 Security deposit"},
		{"a quote in the first article", 120, 150, "Chapter 3 — Rent and Deposits › Article 5 Rent increases"},
		{"a quote across both", 180, 200, "Chapter 3 — Rent and Deposits › Articles 5–6"},
		{"an empty span at an article's start", 192, 192, "Chapter 3 — Rent and Deposits › Article 6 Security deposit"},
		{"a span outside every article", 400, 420, "Chapter 3 — Rent and Deposits › Articles 5–6"},
	}
	for _, c := range cases {
		n := l.Narrow(c.start, c.end)
		if got := n.Heading(); got != c.want {
			t.Errorf("%s: heading %q, want %q", c.name, got, c.want)
		}
		if n.Start != l.Start || n.End != l.End {
			t.Errorf("%s: the passage's span changed to %d–%d", c.name, n.Start, n.End)
		}
	}
	if n := l.Narrow(230, 260); n.Units != nil || len(n.HeadingPath) != 2 {
		t.Errorf("narrowed to one article: %+v", n)
	}
	if l.Units == nil || len(l.HeadingPath) != 1 {
		t.Errorf("Narrow changed the locator it was called on: %+v", l)
	}
	plain := Locator{HeadingPath: []string{"Article 1"}, Start: 0, End: 50}
	if got := plain.Narrow(10, 20); got.Heading() != "Article 1" {
		t.Errorf("a locator without units narrows to itself, got %q", got.Heading())
	}
}

func TestUnitsLabel(t *testing.T) {
	unit := func(heading, number string, follows bool) Unit {
		return Unit{HeadingPath: []string{"Part 2", heading}, Number: number, Follows: follows}
	}
	cases := []struct {
		units []Unit
		want  string
	}{
		{[]Unit{unit("Article 5", "5", false), unit("Article 7", "7", false)}, "Articles 5, 7"},
		{[]Unit{unit("Section 4.1 Fees", "4.1", false), unit("Section 4.2", "4.2", true), unit("Section 4.3", "4.3", true)}, "Sections 4.1–4.3"},
		{[]Unit{unit("8.2", "8.2", false), unit("8.3", "8.3", true)}, "8.2–8.3"},
		{[]Unit{unit("ARTICLE V — RENT", "V", false), unit("ARTICLE VI — DEPOSIT", "VI", true)}, "ARTICLES V–VI"},
		{[]Unit{unit("Art. 12", "12", false), unit("Art. 13", "13", true)}, "Arts. 12–13"},
		{[]Unit{unit("Section. 1.", "1", false), unit("Section. 2.", "2", true)}, "Sections 1–2"},
		{[]Unit{unit("§ 5", "5", false), unit("§ 6", "6", true)}, "§§ 5–6"},
		{[]Unit{unit("Annex 1", "1", false), unit("Annex 2", "2", true)}, "Annexes 1–2"},
		{[]Unit{unit("Appendix 1", "1", false), unit("Appendix 3", "3", false)}, "Appendices 1, 3"},
		// Other kinds and scripts are listed by their headings, as written.
		{[]Unit{unit("المادة ١٤٧ — العقد شريعة المتعاقدين", "١٤٧", false), unit("المادة ١٤٨", "١٤٨", true)}, "المادة ١٤٧ — العقد شريعة المتعاقدين؛ المادة ١٤٨"},
		{[]Unit{unit("第五十四条", "54", false), unit("第五十六条", "56", false)}, "第五十四条、第五十六条"},
		{[]Unit{unit("Schedule 1", "1", false), unit("Annex 2", "2", false)}, "Schedule 1; Annex 2"},
		{[]Unit{unit("DEFINITIONS", "", false), unit("INTERPRETATION", "", false)}, "DEFINITIONS; INTERPRETATION"},
	}
	for _, c := range cases {
		l := Locator{HeadingPath: []string{"Part 2"}, Units: c.units}
		if got := l.Heading(); got != "Part 2 › "+c.want {
			t.Errorf("Heading() = %q, want %q", got, "Part 2 › "+c.want)
		}
	}
}
