package ingest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"

	"lexflow/backend/evidence"
)

// Seeds beyond these live in testdata/fuzz/<FuzzName>/.

func FuzzStructure(f *testing.F) {
	for _, s := range []string{
		"PART 1\nGENERAL\n\nArticle 12 — Termination\nText as provided in\nArticle 7 of this Act.",
		"الباب الأول\nأحكام عامة\nالمادة ١٤٧\nنص.\nالمادة ٥ من هذا القانون",
		"1. DEFINITIONS\n1.1 Text\n12.3\tEither party\n(a) item\nSCHEDULE 1\n§ 5.\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n := utf8.RuneCountInString(text)
		hs := Structure(text, markdownMarks(text))
		for i, h := range hs {
			if h.Start < 0 || h.Start > h.End || h.End > n || i > 0 && h.Start < hs[i-1].Start {
				t.Fatalf("heading %d span %d-%d (text %d code points)", i, h.Start, h.End, n)
			}
			if len(h.Path) != h.Level+1 || h.Path[h.Level] != shortLabel(h.Label) {
				t.Fatalf("heading %d: level %d path %q label %q", i, h.Level, h.Path, h.Label)
			}
		}
	})
}

func FuzzChunks(f *testing.F) {
	f.Add("Preamble.\n\nArticle 1\nBody.\n\nArticle 2\n"+string(bytes.Repeat([]byte("Long sentence here. "), 200)), uint16(300), uint16(500), uint16(50))
	f.Add("ا\r\n\r\nمادة ١\r\nنص", uint16(1), uint16(1), uint16(0))
	f.Fuzz(func(t *testing.T, text string, target, max, overlap uint16) {
		opts := ChunkOptions{Target: int(target), Max: int(max), Overlap: int(overlap) - 100, Min: int(target) / 3}
		ex := Extracted{Text: text, Marks: markdownMarks(text)}
		checkChunks(t, ex, Chunks(evidence.Document{ID: "doc"}, ex, opts), opts)
	})
}

// fuzzLimits are tight limits for fuzzing extraction.
var fuzzLimits = Limits{MaxPages: 50, MaxPageGlyphs: 50_000, PageTime: 2 * time.Second,
	MaxZipEntryBytes: 8 << 20, MaxZipTotalBytes: 16 << 20, MaxTextBytes: 8 << 20, MaxHTMLTreeBytes: 8 << 20}

// fuzzExtract runs Extract on arbitrary bytes with tight limits: it must
// return (an error or text) quickly and never panic; text it returns must
// chunk with the invariants.
func fuzzExtract(f *testing.F, format evidence.Format, seeds ...string) {
	fuzzExtractUnder(f, format, []Limits{fuzzLimits}, seeds...)
}

// fuzzExtractUnder is fuzzExtract under each of several limits.
func fuzzExtractUnder(f *testing.F, format evidence.Format, variants []Limits, seeds ...string) {
	for _, s := range seeds {
		if data, err := os.ReadFile(filepath.Join(corpusDir, s)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, limits := range variants {
			checkExtract(t, format, data, limits)
		}
	})
}

func checkExtract(t *testing.T, format evidence.Format, data []byte, limits Limits) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ex, err := Extract(ctx, format, bytes.NewReader(data), int64(len(data)), limits)
	if err != nil {
		return
	}
	if !utf8.ValidString(ex.Text) && format != evidence.FormatText && format != evidence.FormatMarkdown {
		t.Fatalf("extracted text is not UTF-8")
	}
	for _, p := range ex.Pages {
		if p.Start > p.End || p.End > utf8.RuneCountInString(ex.Text) {
			t.Fatalf("page span %+v out of range", p)
		}
	}
	checkChunks(t, ex, Chunks(evidence.Document{ID: "doc"}, ex, ChunkOptions{}), ChunkOptions{})
}

func FuzzExtractPDF(f *testing.F) {
	// The engine is fuzzed, not Tesseract: a page drawn as an image would
	// take a second of OCR per input.
	orig := tesseract
	tesseract = func() (ocrTool, bool) { return ocrTool{}, false }
	f.Cleanup(func() { tesseract = orig })
	f.Add(onePagePDF("BT /F1 12 Tf 72 700 Td (Article 1) Tj 0 -14 Td (Text.) Tj ET"))
	f.Add(formPDF("BT /F1 12 Tf 72 700 Td (Article 1) Tj ET /Fm1 Do"))
	fuzzExtract(f, evidence.FormatPDF, "bad/scanned.pdf", "bad/truncated.pdf")
}

func FuzzExtractDOCX(f *testing.F) {
	f.Add(zipOf(f, "word/document.xml", minimalDocument))
	fuzzExtract(f, evidence.FormatDOCX, "sample-services-agreement.docx")
}

func FuzzExtractHTML(f *testing.F) {
	f.Add([]byte(`<main><h2>Article 1</h2><ol><li>a<table><tr><td>x</table></ol></main>`))
	f.Add(issue22Page(2000))
	// Read from its tree, and from its tokens as a page too big for a tree is.
	streamed := fuzzLimits
	streamed.MaxHTMLTreeBytes = 1
	fuzzExtractUnder(f, evidence.FormatHTML, []Limits{fuzzLimits, streamed}, "eu-gdpr-excerpt.html")
}

func FuzzExtractText(f *testing.F) {
	f.Add([]byte("\xef\xbb\xbfTITLE 9\r\n\r\nArticle 1\r\nCaf\xe9"))
	f.Add([]byte{0xFE, 0xFF, 0, 'A', 0xD8})
	fuzzExtract(f, evidence.FormatText, "us-9usc-arbitration-excerpt.txt")
}

func FuzzExtractMarkdown(f *testing.F) {
	f.Add([]byte("\xef\xbb\xbf# Title\r\n\r\nArticle 1\r\nCaf\xe9"))
	f.Add([]byte("---\ntitle: 'Act'\n---\nPart 1\n======\n```\n## not a heading\n```\n## Article 2\n"))
	fuzzExtract(f, evidence.FormatMarkdown, "sample-services-agreement.md")
}
