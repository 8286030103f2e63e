package ingest

import (
	"path/filepath"
	"strings"
	"testing"

	"lexflow/backend/evidence"
)

// TestCorpus extracts every sample file and checks what a reader of it
// would: pages, language, the headings (and the cross-references that are
// not headings), main content only for HTML, and the chunk invariants.
func TestCorpus(t *testing.T) {
	tests := []struct {
		file     string
		pages    int
		lang     string
		headings []string // labels that must be found
		paths    []string // heading paths (joined) some chunk's path must end with
		has      []string // text that must be extracted
		hasNot   []string // text that must not be (navigation, scripts, ...)
	}{
		{
			file: "us-constitution-excerpt.pdf", pages: 5, lang: "en",
			headings: []string{"Article. I", "Section. 8", "Article. V", "Amendment IV"},
			paths:    []string{"Article. I › Section. 8", "Amendment IV"},
			has:      []string{"We the People of the United States, in Order to form a more perfect Union,", "the Ninth Section of the first Article"},
		},
		{
			file: "uk-consumer-rights-act-2015-excerpt.pdf", pages: 4, lang: "en",
			headings: []string{"PART 1 — CONSUMER CONTRACTS FOR GOODS, DIGITAL CONTENT AND SERVICES", "CHAPTER 4 — SERVICES", "49 Service to be performed with reasonable care and skill"},
			has:      []string{"must perform the service with reasonable care and skill"},
		},
		{
			file: "uk-consumer-rights-act-2015-excerpt.docx", pages: 2, lang: "en",
			headings: []string{"CHAPTER 1 — INTRODUCTION", "52 Service to be performed within a reasonable time"},
			paths:    []string{"PART 1 — CONSUMER CONTRACTS FOR GOODS, DIGITAL CONTENT AND SERVICES › CHAPTER 4 — SERVICES › 51 Reasonable price to be paid for a service"},
			has:      []string{"(1) This Part applies where", "(8) “Goods” means", "(a) the consumer has not paid"},
		},
		{
			file: "eu-gdpr-excerpt.html", lang: "en",
			headings: []string{"CHAPTER I — General provisions", "Article 5 — Principles relating to processing of personal data", "Section 3 — Rectification and erasure"},
			paths:    []string{"CHAPTER III — Rights of the data subject › Section 3 — Rectification and erasure › Article 17 — Right to erasure (‘right to be forgotten’)"},
			has:      []string{"in accordance with Article 89(1), not be considered", "‘personal data’ means"},
			hasNot:   []string{"NAVIGATION-SCRIPT-TEXT", "HEADER-CHROME-TEXT", "NAV-CHROME-TEXT", "ASIDE-CHROME-TEXT", "FOOTER-CHROME-TEXT", "NOSCRIPT-CHROME-TEXT", "font-family"},
		},
		{
			file: "eu-gdpr-excerpt.pdf", pages: 5, lang: "en",
			headings: []string{"Article 4 — Definitions", "Article 6 — Lawfulness of processing"},
			has:      []string{"point (a) of Article 6(1), or point (a) of Article 9(2)"},
		},
		{
			file: "eg-civil-code-excerpt-ar.pdf", pages: 2, lang: "ar",
			headings: []string{"الباب التمهيدي — أحكام عامة", "الفصل الأول — القانون وتطبيقه", "المادة ١٤٧", "الفصل الثالث — العمل غير المشروع"},
			paths:    []string{"القسم الأول — الالتزامات أو الحقوق الشخصية › الكتاب الأول — الالتزامات بوجه عام › الباب الأول — مصادر الالتزام › الفصل الثالث — العمل غير المشروع › المادة ١٦٣"},
			has:      []string{"العقد شريعة المتعاقدين", "مبادئ الشريعة الإسلامية", "(القانون رقم", "٢٠٠٢.", "\n[…]\n"},
			hasNot:   []string{"]…[", "األول", ")مقتطفات("}, // the engine's own order mirrors brackets and splits lam-alef
		},
		{
			file: "eg-civil-code-excerpt-ar.docx", lang: "ar",
			headings: []string{"المادة ١", "المادة ١٦٣", "الكتاب الأول — الالتزامات بوجه عام"},
			has:      []string{"كل خطأ سبب ضرراً للغير يلزم من ارتكبه بالتعويض."},
		},
		{
			file: "eg-civil-code-excerpt-ar.html", lang: "ar",
			headings: []string{"المادة ٨٩", "الفصل الأول — العقد"},
			hasNot:   []string{"NAV-CHROME-TEXT", "FOOTER-CHROME-TEXT"},
		},
		{
			file: "sample-services-agreement.md", lang: "en",
			headings: []string{"MASTER SERVICES AGREEMENT", "12. TERM AND TERMINATION", "12.3", "SCHEDULE 2 — FEES"},
			paths:    []string{"MASTER SERVICES AGREEMENT › 12. TERM AND TERMINATION"},
			has:      []string{"title: \"Master Services Agreement (sample)\""}, // the file's own text, front matter included
		},
		{
			file: "sample-services-agreement.docx", lang: "en",
			headings: []string{"8. CONFIDENTIALITY", "8.2", "14. NOTICES"},
		},
		{
			file: "us-9usc-arbitration-excerpt.txt", lang: "en",
			headings: []string{"TITLE 9—ARBITRATION", "CHAPTER 1—GENERAL PROVISIONS", "§ 2. Validity, irrevocability, and enforcement of agreements to arbitrate"},
			has:      []string{"\r\n"},
		},
		{
			file: "cn-civil-code-excerpt-zh.txt", lang: "zh",
			headings: []string{"第一编 总则", "第一章 基本规定", "第六条", "第二节 监护", "第一分编 通则", "第四百七十条"},
			has:      []string{"第五十四条\u3000自然人从事工商业经营，经依法登记，为个体工商户。"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			ex, err := extractFile(t, filepath.Join(corpusDir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if len(ex.Pages) != tt.pages {
				t.Errorf("pages = %d, want %d", len(ex.Pages), tt.pages)
			}
			if ex.Language != tt.lang {
				t.Errorf("language = %q, want %q", ex.Language, tt.lang)
			}
			for _, s := range tt.has {
				if !strings.Contains(ex.Text, s) && !strings.Contains(collapse(ex.Text), s) {
					t.Errorf("text lacks %q", s)
				}
			}
			for _, s := range tt.hasNot {
				if strings.Contains(ex.Text, s) {
					t.Errorf("text has %q", s)
				}
			}
			hs := Structure(ex.Text, ex.Marks)
			for _, want := range tt.headings {
				if !contains(labels(hs), want) {
					t.Errorf("heading %q not found in %q", want, labels(hs))
				}
			}
			chunks := Chunks(evidenceDoc(tt.file), ex, ChunkOptions{})
			checkChunks(t, ex, chunks, ChunkOptions{})
			var paths []string
			for _, c := range chunks {
				paths = append(paths, strings.Join(c.Locator.HeadingPath, evidence.HeadingSeparator))
			}
			for _, p := range tt.paths {
				if !hasSuffix(paths, p) {
					t.Errorf("no chunk with heading path %q in %q", p, paths)
				}
			}
		})
	}
}

// TestPDFPageNumbers checks that each page span holds that page's text.
func TestPDFPageNumbers(t *testing.T) {
	ex, err := extractFile(t, filepath.Join(corpusDir, "us-constitution-excerpt.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{1: "We the People", 5: "Amendment IV"}
	for page, s := range want {
		p := ex.Pages[page-1]
		if got := evidence.Slice(ex.Text, p.Start, p.End); !strings.Contains(got, s) {
			t.Errorf("page %d lacks %q", page, s)
		}
	}
	for i := 1; i < len(ex.Pages); i++ {
		if ex.Pages[i].Start < ex.Pages[i-1].End || ex.Pages[i].Page != i+1 {
			t.Errorf("page spans out of order: %+v", ex.Pages)
		}
	}
	chunks := Chunks(evidenceDoc("c.pdf"), ex, ChunkOptions{})
	last := chunks[len(chunks)-1].Locator
	if last.PageEnd != 5 {
		t.Errorf("last chunk ends on page %d, want 5", last.PageEnd)
	}
}

// TestTextOffsetsPointIntoFile: for TXT the extracted text is the file
// after its BOM, so offsets are offsets into the file.
func TestTextOffsetsPointIntoFile(t *testing.T) {
	path := filepath.Join(corpusDir, "us-9usc-arbitration-excerpt.txt")
	ex, err := extractFile(t, path)
	if err != nil {
		t.Fatal(err)
	}
	raw := readFile(t, path)
	if !strings.HasPrefix(raw, "\ufeff") || raw[3:] != ex.Text || ex.Encoding != "utf-8" {
		t.Fatalf("extracted text is not the file without its BOM (encoding %q)", ex.Encoding)
	}
}
