package ingest

import (
	"strconv"
	"strings"
	"testing"

	"lexflow/backend/evidence"
)

// htmlCases are pages and the text of their content.
func htmlCases() []struct{ name, html, want string } {
	return []struct{ name, html, want string }{
		{"role=main wins over chrome", `<body><div role="navigation">Menu</div><div role="main"><h2>Article 1</h2><p>Body &amp; more&nbsp;text.</p></div><footer>Foot</footer></body>`,
			"Article 1\n\nBody & more text."},
		{"single article", `<body><header>Site</header><article><header><h1>Title</h1></header><p>One   two
three.</p></article><aside>Ads</aside></body>`, "Title\n\nOne two three."},
		{"body without chrome, hidden dropped", `<body><header>Top</header><p hidden>secret</p><p style="display: none">gone</p><p aria-hidden="true">x</p><p>Kept <b>bold</b> text<br>next line</p><script>var a;</script><form><input>Search</form></body>`,
			"Kept bold text\nnext line"},
		{"legacy charset", "<meta charset=\"windows-1252\"><main><p>Caf\xe9 \x80 5</p></main>", "Café € 5"},
		{"invalid UTF-8 sniffed as Windows-1252", "<p>na\xefve</p>", "naïve"},
		{"lists and tables", `<main><ol type="a" start="3"><li>third</li><li>fourth</li></ol><ol><li>one</li></ol><table><tr><th>Term</th><td>Meaning</td></tr><tr><td>A</td><td>B</td></tr></table><pre>  keep   this
 spacing</pre></main>`,
			"c. third\nd. fourth\n\n1. one\n\nTerm\tMeaning\nA\tB\n\n  keep   this\n spacing"},
	}
}

func TestHTMLMainContent(t *testing.T) {
	for _, tt := range htmlCases() {
		t.Run(tt.name, func(t *testing.T) {
			ex, err := extractBytes(evidence.FormatHTML, []byte(tt.html), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if ex.Text != tt.want {
				t.Errorf("text = %q, want %q", ex.Text, tt.want)
			}
			for _, m := range ex.Marks {
				if got := evidence.Slice(ex.Text, m.Start, m.End); strings.TrimSpace(got) == "" {
					t.Errorf("mark %+v is empty", m)
				}
			}
		})
	}
}

func docxOf(t *testing.T, body, numbering, styles string) []byte {
	const ns = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"`
	entries := []string{"word/document.xml", `<w:document ` + ns + `><w:body>` + body + `</w:body></w:document>`}
	if numbering != "" {
		entries = append(entries, "word/numbering.xml", `<w:numbering `+ns+`>`+numbering+`</w:numbering>`)
	}
	if styles != "" {
		entries = append(entries, "word/styles.xml", `<w:styles `+ns+`>`+styles+`</w:styles>`)
	}
	return zipOf(t, entries...)
}

func TestDOCXStructure(t *testing.T) {
	numbering := `<w:abstractNum w:abstractNumId="7"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>` +
		`<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>` +
		`<w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="(%3)"/></w:lvl></w:abstractNum>` +
		`<w:num w:numId="3"><w:abstractNumId w:val="7"/></w:num>`
	styles := `<w:style w:type="paragraph" w:styleId="Kop1"><w:name w:val="heading 1"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Clause"><w:basedOn w:val="Kop1"/></w:style>`
	p := func(style, num, ilvl, runs string) string {
		ppr := ""
		if style != "" {
			ppr += `<w:pStyle w:val="` + style + `"/>`
		}
		if num != "" {
			ppr += `<w:numPr><w:ilvl w:val="` + ilvl + `"/><w:numId w:val="` + num + `"/></w:numPr>`
		}
		return `<w:p><w:pPr>` + ppr + `</w:pPr>` + runs + `</w:p>`
	}
	r := func(s string) string { return `<w:r><w:t xml:space="preserve">` + s + `</w:t></w:r>` }
	body := p("Kop1", "3", "0", r("DEFINITIONS")) +
		p("", "3", "1", r("In this Agreement")+`<w:r><w:tab/><w:t>words</w:t></w:r>`) +
		p("", "3", "2", r("first")+`<w:del><w:r><w:delText>deleted</w:delText></w:r></w:del>`) +
		p("", "3", "2", `<w:r><w:fldChar/><w:instrText>PAGEREF x</w:instrText></w:r>`+r("second")) +
		`<w:p><w:r><w:lastRenderedPageBreak/><w:t>Page two starts.</w:t></w:r></w:p>` +
		p("Clause", "3", "0", r("TERMINATION")) +
		`<w:tbl><w:tr><w:tc><w:p>` + r("Term") + `</w:p></w:tc><w:tc><w:p>` + r("Meaning") + `</w:p><w:p>` + r("more") + `</w:p></w:tc></w:tr>` +
		`<w:tr><w:tc><w:p>` + r("A") + `</w:p></w:tc><w:tc><w:p>` + r("B") + `</w:p></w:tc></w:tr></w:tbl>` +
		`<mc:AlternateContent><mc:Choice><w:p>` + r("Text box") + `</w:p></mc:Choice><mc:Fallback><w:p>` + r("Text box") + `</w:p></mc:Fallback></mc:AlternateContent>`
	ex, err := extractBytes(evidence.FormatDOCX, docxOf(t, body, numbering, styles), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := "1. DEFINITIONS\n\n1.1 In this Agreement\twords\n\n(a) first\n\n(b) second\n\nPage two starts.\n\n2. TERMINATION\n\nTerm\tMeaning more\nA\tB\n\nText box"
	if ex.Text != want {
		t.Errorf("text = %q\nwant   %q", ex.Text, want)
	}
	if len(ex.Marks) != 2 || evidence.Slice(ex.Text, ex.Marks[1].Start, ex.Marks[1].End) != "2. TERMINATION" {
		t.Errorf("marks = %+v", ex.Marks)
	}
	if len(ex.Pages) != 2 || !strings.HasPrefix(evidence.Slice(ex.Text, ex.Pages[1].Start, ex.Pages[1].End), "Page two") {
		t.Errorf("pages = %+v", ex.Pages)
	}
	hs := Structure(ex.Text, ex.Marks)
	if got := labels(hs); !contains(got, "1. DEFINITIONS") || !contains(got, "2. TERMINATION") || len(got) != 2 {
		t.Errorf("headings = %q", got)
	}
}

func TestMarkdownMarks(t *testing.T) {
	text := "---\ntitle: x\n---\n# Title\r\n\nSetext\n======\n\n```\n# not a heading\n```\n#hashtag\n    # code\n## Article 2 ##\n"
	var got []string
	for _, m := range markdownMarks(text) {
		got = append(got, evidence.Slice(text, m.Start, m.End)+"/"+strconv.Itoa(m.Level))
	}
	want := []string{"# Title/1", "Setext/1", "## Article 2 ##/2"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("marks = %q, want %q", got, want)
	}
}

func TestDetectLanguage(t *testing.T) {
	tests := map[string]string{
		"The Supplier shall provide the Services in accordance with this Agreement.":         "en",
		"العقد شريعة المتعاقدين، فلا يجوز نقضه ولا تعديله إلا باتفاق الطرفين":                "ar",
		"Le contrat est la loi des parties et ne peut être révoqué que de leur consentement": "other",
		"12.3 — 45": "other",
		"Article 1 مادة ١ العقد شريعة المتعاقدين، فلا يجوز نقضه": "ar",
		"第五十四条　自然人从事工商业经营，经依法登记，为个体工商户。":                         "zh",
		"第3条 本法所称PRC Civil Code（民法典）适用于中华人民共和国境内的民事活动。":          "zh",
		"この法律は、民法の特例を定めるものとする。":                                  "other", // Japanese: Han with kana
	}
	for text, want := range tests {
		if got := DetectLanguage(text); got != want {
			t.Errorf("DetectLanguage(%q) = %q, want %q", text, got, want)
		}
	}
}
