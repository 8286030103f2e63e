package ingest

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"lexflow/backend/ingest/pdfgen"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"lexflow/backend/evidence"
)

func extractBytes(format evidence.Format, data []byte, limits Limits) (Extracted, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return Extract(ctx, format, bytes.NewReader(data), int64(len(data)), limits)
}

func TestBadCorpusFiles(t *testing.T) {
	tests := []struct {
		file string
		want error
		msg  string
	}{
		{"empty.pdf", ErrEmpty, "file is empty"},
		{"truncated.pdf", ErrCorrupt, "damaged"},
		{"encrypted.pdf", ErrEncrypted, "encrypted"},
		{"binary.txt", ErrCorrupt, "binary data"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			_, err := extractFile(t, filepath.Join(corpusDir, "bad", tt.file))
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("err = %v, want %v containing %q", err, tt.want, tt.msg)
			}
		})
	}
}

func TestOwnerPasswordOnlyPDFOpens(t *testing.T) {
	ex, err := extractFile(t, filepath.Join(corpusDir, "bad", "owner-password-only.pdf"))
	if err != nil || !strings.Contains(ex.Text, "We the People") {
		t.Fatalf("err = %v, text %d bytes", err, len(ex.Text))
	}
}

func TestWindows1252Text(t *testing.T) {
	ex, err := extractFile(t, filepath.Join(corpusDir, "bad", "windows-1252.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if ex.Encoding != "windows-1252" || !strings.Contains(ex.Text, "Café owners") || !strings.Contains(ex.Text, "€ (euro) – see") {
		t.Fatalf("encoding %q, text %q", ex.Encoding, ex.Text)
	}
}

func TestUTF16Text(t *testing.T) {
	data := []byte{0xFF, 0xFE, 'A', 0, 'r', 0, 't', 0, 0x27, 0x06, '\n', 0}
	ex, err := extractBytes(evidence.FormatText, data, Limits{})
	if err != nil || ex.Text != "Artا\n" || ex.Encoding != "utf-16" {
		t.Fatalf("err %v text %q enc %q", err, ex.Text, ex.Encoding)
	}
}

func TestSizeLimit(t *testing.T) {
	err := Limits{}.CheckSize(2_147_483_648)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "file is 2.1 GB; the limit is 200 MB") {
		t.Fatalf("err = %v", err)
	}
	// Extract refuses before reading: the reader is never touched.
	_, err = Extract(context.Background(), evidence.FormatPDF, nil, 2_147_483_648, Limits{})
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v", err)
	}
	_, err = extractBytes(evidence.FormatText, []byte("twelve bytes"), Limits{MaxBytes: 10})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "file is 12 bytes; the limit is 10 bytes") {
		t.Fatalf("err = %v", err)
	}
}

func TestPDFBombs(t *testing.T) {
	spaces := bytes.Repeat([]byte(" "), 8<<20)
	glyphs := strings.Repeat("(aaaaaaaaaa) Tj ", 5000)
	cycle := pdfgen.Build(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
		"<< /Type /Pages /Kids [2 0 R] /Count 1 >>",
	)
	selfStream := pdfgen.Build(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>",
		"<< /Length 4 0 R >>\nstream\nBT ET\nendstream",
	)
	tests := []struct {
		name   string
		pdf    []byte
		limits Limits
		want   error
	}{
		{"inflates to many megabytes of nothing", pdfgen.Build(
			"<< /Type /Catalog /Pages 2 0 R >>",
			"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
			"<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>",
			pdfgen.Stream("/Filter /FlateDecode", deflate(spaces)),
		), Limits{}, ErrNoTextLayer},
		{"too many glyphs on a page", onePagePDF("BT /F1 12 Tf 10 10 Td " + glyphs + " ET"), Limits{MaxPageGlyphs: 10_000}, ErrLimit},
		{"deeply nested arrays", onePagePDF("BT /F1 12 Tf " + strings.Repeat("[", 200_000) + " ET"), Limits{}, ErrNoTextLayer},
		{"deep nesting in an object", pdfgen.Build(
			"<< /Type /Catalog /Pages 2 0 R /X "+strings.Repeat("[", 100_000)+" >>",
			"<< /Type /Pages /Kids [] /Count 0 >>",
		), Limits{}, ErrCorrupt},
		{"page tree cycle", cycle, Limits{}, ErrCorrupt},
		{"stream length refers to itself", selfStream, Limits{}, ErrNoTextLayer},
		{"unterminated hex string", onePagePDF("BT /F1 12 Tf <41424"), Limits{}, ErrNoTextLayer},
		{"one page within the page limit", onePagePDF("BT /F1 12 Tf (Hello) Tj ET"), Limits{MaxPages: 1}, nil},
		{"too many pages", pdfgen.Build(
			"<< /Type /Catalog /Pages 2 0 R >>",
			"<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
			"<< /Type /Page /Parent 2 0 R >>",
			"<< /Type /Page /Parent 2 0 R >>",
		), Limits{MaxPages: 1}, ErrLimit},
		{"not a pdf", []byte("hello, I am text"), Limits{}, ErrCorrupt},
		{"a form that draws itself", formPDF("BT /F1 12 Tf 72 700 Td (Article 1) Tj ET /Fm1 Do"), Limits{}, nil},
		// Seven megabytes of path operators take the engine far longer than 1 ms.
		{"a document over its time", onePagePDF(strings.Repeat("0 0 m 1 1 l S ", 500_000) + "BT /F1 12 Tf (Hello) Tj ET"), Limits{PageTime: time.Millisecond}, ErrLimit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, err := extractBytes(evidence.FormatPDF, tt.pdf, tt.limits)
			if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

func TestPDFMaxPages(t *testing.T) {
	pdf := pdfgen.Build(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>",
		"<< /Type /Page /Parent 2 0 R >>",
	)
	_, err := extractBytes(evidence.FormatPDF, pdf, Limits{MaxPages: 1})
	if !errors.Is(err, ErrLimit) { // the engine counts a repeated page twice
		t.Fatalf("err = %v", err)
	}
}

func TestPDFCancel(t *testing.T) {
	data := []byte(readFile(t, filepath.Join(corpusDir, "us-constitution-excerpt.pdf")))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Extract(ctx, evidence.FormatPDF, bytes.NewReader(data), int64(len(data)), Limits{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

// zipOf builds a zip archive of the given entries (name, content).
func zipOf(t testing.TB, entries ...string) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for i := 0; i+1 < len(entries); i += 2 {
		f, err := w.Create(entries[i])
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(entries[i+1]))
	}
	w.Close()
	return b.Bytes()
}

const minimalDocument = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Article 1</w:t></w:r></w:p></w:body></w:document>`

func TestDOCXBombsAndDamage(t *testing.T) {
	bomb := `<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>` + strings.Repeat(" ", 30<<20) + `</w:t></w:r></w:p></w:body></w:document>`
	many := []string{}
	for i := 0; i < 30; i++ {
		many = append(many, "word/media/"+strconv.Itoa(i)+".xml", "x")
	}
	tests := []struct {
		name   string
		data   []byte
		limits Limits
		want   error
		msg    string
	}{
		{"zip bomb (ratio)", zipOf(t, "word/document.xml", bomb), Limits{}, ErrLimit, "zip bomb"},
		{"entry too large", zipOf(t, "word/document.xml", bomb), Limits{MaxZipEntryBytes: 1 << 20, MaxZipRatio: 1 << 30}, ErrLimit, "unpacks to"},
		{"total too large", zipOf(t, "word/styles.xml", strings.Repeat("<a/>", 1<<18), "word/document.xml", minimalDocument), Limits{MaxZipTotalBytes: 1 << 19, MaxZipRatio: 1 << 30}, ErrLimit, "unpacks to more than"},
		{"too many entries", zipOf(t, many...), Limits{MaxZipEntries: 10}, ErrLimit, "entries"},
		{"path traversal", zipOf(t, "../../evil.xml", "x", "word/document.xml", minimalDocument), Limits{}, ErrCorrupt, "escapes"},
		{"not a zip", []byte("plain text named .docx"), Limits{}, ErrCorrupt, "not a zip"},
		{"no document part", zipOf(t, "hello.txt", "hi"), Limits{}, ErrCorrupt, "word/document.xml"},
		{"broken xml", zipOf(t, "word/document.xml", "<w:document><w:body><w:p>"), Limits{}, ErrCorrupt, "read word/document.xml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := extractBytes(evidence.FormatDOCX, tt.data, tt.limits)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("err = %v, want %v with %q", err, tt.want, tt.msg)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		head string
		want evidence.Format
		err  string
	}{
		{"a.pdf", "%PDF-1.7\n", evidence.FormatPDF, ""},
		{"renamed.bin", "%PDF-1.4\n", evidence.FormatPDF, ""},
		{"contract.docx", "PK\x03\x04", evidence.FormatDOCX, ""},
		{"page.HTM", "<p>hi", evidence.FormatHTML, ""},
		{"page", "<!DOCTYPE html><html>", evidence.FormatHTML, ""},
		{"notes.md", "# Title", evidence.FormatMarkdown, ""},
		{"notes.txt", "plain", evidence.FormatText, ""},
		{"README", "plain words", evidence.FormatText, ""},
		{"empty.pdf", "", evidence.FormatPDF, ""},
		{"scan.png", "\x89PNG\r\n", "", "scan.png is a PNG image; OCR is not supported; supported are PDF, DOCX"},
		{"old.doc", "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", "", "legacy Office"},
		{"book.xlsx", "PK\x03\x04", "", "book.xlsx is a spreadsheet; supported are PDF, DOCX, HTML, TXT and Markdown"},
		{"bundle.zip", "PK\x03\x04", "", "bundle.zip is a zip archive (not a .docx); supported are"},
		{"data.bin", "\x00\x01", "", "data.bin (.bin files)"},
	}
	for _, tt := range tests {
		got, err := Detect(tt.name, []byte(tt.head))
		if tt.err != "" {
			if !errors.Is(err, ErrUnsupportedFormat) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Detect(%q) err = %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Detect(%q) = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

// EDGAR's converters draw each page inside a Form XObject.
func TestPDFTextInsideAFormXObject(t *testing.T) {
	ex, err := extractBytes(evidence.FormatPDF, formPDF("BT /F1 12 Tf 72 700 Td (8. Insurance.) Tj 0 -14 Td (The Supplier shall insure.) Tj ET"), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "8. Insurance.\nThe Supplier shall insure."; ex.Text != want {
		t.Fatalf("text = %q, want %q", ex.Text, want)
	}
}

// A 5,000-page PDF, the most a document may have, reads in bounded time,
// every page to its text, and leaves nothing behind but its text; one more
// page is refused before any is read.
func TestPDFFiveThousandPages(t *testing.T) {
	pages := make([][]string, 5000)
	for i := range pages {
		pages[i] = []string{"Article " + strconv.Itoa(i+1), "Article " + strconv.Itoa(i+1) + " is one line long."}
	}
	pdf := pdfgen.Pages(pages)
	// The engine starts (and may compile) on the first PDF of the process:
	// start it first, so the measure is the document's cost alone.
	if _, err := extractBytes(evidence.FormatPDF, pdfgen.Pages(pages[:1]), Limits{}); err != nil {
		t.Fatal(err)
	}
	// Heap in use is read after a collection both times: what the document
	// keeps, not the garbage the collector has yet to reach, whose amount
	// follows its pacing (it differs with the platform and the load; make
	// bench measures the peak of a whole ingestion).
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	ex, err := extractBytes(evidence.FormatPDF, pdf, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("5,000 pages in %v", time.Since(start))
	if len(ex.Pages) != 5000 {
		t.Fatalf("pages = %d", len(ex.Pages))
	}
	// Read in windows of pdfWindow pages, every page is still its own.
	for i, p := range ex.Pages {
		want := "Article " + strconv.Itoa(i+1) + " is one line long."
		if got := evidence.Slice(ex.Text, p.Start, p.End); !strings.HasSuffix(got, want) || p.Page != i+1 {
			t.Fatalf("page %d (span of page %d) reads %q, want it to end %q", i+1, p.Page, got, want)
		}
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapInuse) - int64(before.HeapInuse); grew > 64<<20 {
		t.Errorf("heap grew by %d MB", grew>>20)
	}
	_, err = extractBytes(evidence.FormatPDF, pdfgen.Pages(append(pages, []string{"one more"})), Limits{})
	if !errors.Is(err, ErrLimit) {
		t.Fatalf("5,001 pages: err = %v, want ErrLimit", err)
	}
}
