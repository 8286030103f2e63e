package ingest

import (
	"bytes"
	"context"
	"errors"
	"image"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest/pdfgen"
	"lexflow/backend/internal/ocrtest"
	"lexflow/backend/pdfengine"
)

func TestScannedPageReadByOCR(t *testing.T) {
	ocrtest.Require(t)
	ex, err := extractFile(t, filepath.Join(corpusDir, "bad", "scanned.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Article 1. This page is a scan: pixels only, no text layer."; ex.Text != want {
		t.Errorf("text = %q, want %q", ex.Text, want)
	}
	if len(ex.Pages) != 1 || !ex.Pages[0].OCR {
		t.Errorf("pages = %+v, want one page marked OCR", ex.Pages)
	}
	for _, c := range Chunks(evidenceDoc("scanned.pdf"), ex, ChunkOptions{}) {
		if !c.Locator.OCR {
			t.Errorf("chunk %s is not marked OCR", c.ID)
		}
	}
}

// TestOCRWordAccuracy draws a real PDF's pages, makes an image-only PDF of
// them as a scanner would, and reads it back: at least 95% of the words of
// the text layer must come back, in order.
func TestOCRWordAccuracy(t *testing.T) {
	ocrtest.Require(t)
	original := readFile(t, filepath.Join(corpusDir, "us-constitution-excerpt.pdf"))
	want, err := extractBytes(evidence.FormatPDF, []byte(original), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	scan := scanOf(t, []byte(original), 2)
	var steps []string
	var mu sync.Mutex
	ctx := WithProgress(context.Background(), func(done, total int, step string) {
		mu.Lock()
		steps = append(steps, step)
		mu.Unlock()
	})
	got, err := Extract(ctx, evidence.FormatPDF, bytes.NewReader(scan), int64(len(scan)), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	wantWords := words(evidence.Slice(want.Text, want.Pages[0].Start, want.Pages[1].End))
	acc := wordRatio(words(got.Text), wantWords)
	t.Logf("OCR word accuracy over %d words: %.3f", len(wantWords), acc)
	if acc < 0.95 {
		t.Errorf("word accuracy %.3f < 0.95\ngot:  %.300q\nwant: %.300q", acc, got.Text, want.Text)
	}
	if !got.Pages[0].OCR || !got.Pages[1].OCR {
		t.Error("pages not marked as read by OCR")
	}
	if !strings.Contains(strings.Join(steps, "|"), "OCR, page 2 of 2") {
		t.Errorf("progress steps = %q", steps)
	}
}

func TestScanWithoutTesseractSaysHowToInstallIt(t *testing.T) {
	defer func(orig func() (ocrTool, bool)) { tesseract = orig }(tesseract)
	tesseract = func() (ocrTool, bool) { return ocrTool{}, false }
	_, err := extractFile(t, filepath.Join(corpusDir, "bad", "scanned.pdf"))
	if !errors.Is(err, ErrNeedsOCR) || !strings.Contains(err.Error(), ocrInstallHint()) {
		t.Fatalf("err = %v, want ErrNeedsOCR with %q", err, ocrInstallHint())
	}
}

func TestBlankPDFHasNoText(t *testing.T) {
	blank := pdfgen.Scan([]*image.Gray{whitePage(200, 280)}, 595, 842)
	_, err := extractBytes(evidence.FormatPDF, blank, Limits{})
	if !errors.Is(err, ErrNoTextLayer) {
		t.Fatalf("err = %v, want ErrNoTextLayer", err)
	}
}

func TestOCRCancels(t *testing.T) {
	ocrtest.Require(t)
	scan := scanOf(t, []byte(readFile(t, filepath.Join(corpusDir, "us-constitution-excerpt.pdf"))), 5)
	ctx, cancel := context.WithCancel(context.Background())
	ctx = WithProgress(ctx, func(done, total int, step string) {
		if done == 1 {
			cancel()
		}
	})
	_, err := Extract(ctx, evidence.FormatPDF, bytes.NewReader(scan), int64(len(scan)), Limits{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// scanOf draws the first n pages of a PDF at 300 dpi in grey and puts them
// into an image-only PDF.
func scanOf(t *testing.T, pdf []byte, n int) []byte {
	t.Helper()
	doc, err := pdfengine.Open(context.Background(), bytes.NewReader(pdf), int64(len(pdf)))
	if err != nil {
		t.Fatal(err)
	}
	defer doc.Close()
	var pages []*image.Gray
	for i := 0; i < n && i < doc.PageCount(); i++ {
		img, err := doc.Render(i, 300)
		if err != nil {
			t.Fatal(err)
		}
		g := image.NewGray(img.Bounds())
		for p := 0; p < len(g.Pix); p++ {
			g.Pix[p] = byte((int(img.Pix[4*p]) + int(img.Pix[4*p+1]) + int(img.Pix[4*p+2])) / 3)
		}
		pages = append(pages, g)
	}
	return pdfgen.Scan(pages, 595, 842)
}

func whitePage(w, h int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	return g
}

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// wordRatio is 2·LCS/(|a|+|b|) over two word lists.
func wordRatio(a, b []string) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return 2 * float64(prev[len(b)]) / float64(len(a)+len(b))
}

// A collection's OCR language is used; one that is not installed is a clear
// error that names what is.
func TestOCRLanguageFromTheCollection(t *testing.T) {
	ocrtest.Require(t)
	data := []byte(readFile(t, filepath.Join(corpusDir, "bad", "scanned.pdf")))
	ctx := WithOCRLanguage(context.Background(), "eng")
	ex, err := Extract(ctx, evidence.FormatPDF, bytes.NewReader(data), int64(len(data)), Limits{})
	if err != nil || !strings.Contains(ex.Text, "This page is a scan") {
		t.Fatalf("eng: %q, %v", ex.Text, err)
	}
	ctx = WithOCRLanguage(context.Background(), "klingon")
	_, err = Extract(ctx, evidence.FormatPDF, bytes.NewReader(data), int64(len(data)), Limits{})
	if !errors.Is(err, ErrOCR) || !strings.Contains(err.Error(), `"klingon" is not installed`) || !strings.Contains(err.Error(), "eng") {
		t.Fatalf("err = %v", err)
	}
}

func TestOCRInfo(t *testing.T) {
	ocrtest.Require(t)
	info := OCR()
	if !info.Installed || !slices.Contains(info.Languages, "eng") || slices.Contains(info.Languages, "osd") || info.Install == "" {
		t.Fatalf("OCR() = %+v", info)
	}
}
