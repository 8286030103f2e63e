package library

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"math"
	"os"
	"slices"
	"sort"
	"time"
	"unicode"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest"
	"lexflow/backend/pdfengine"
	"lexflow/backend/store"
)

// Errors the page view branches on.
var (
	ErrNotPDF     = errors.New("only PDF documents have pages to show")
	ErrNoPage     = errors.New("no such page")
	ErrUnreadable = errors.New("the PDF cannot be read")
)

// pageTime bounds drawing or reading one page for the page view.
const pageTime = 30 * time.Second

// Box is a highlight box as fractions (0..1) of the page, origin top left.
type Box struct {
	Left, Top, Width, Height float64
}

// Highlight is where a text span lies on one page of a PDF.
type Highlight struct {
	Page, PageCount int
	Width, Height   float64 // the page in points
	Boxes           []Box   // top to bottom, left to right; empty when the span could not be placed
	OCR             bool    // the page's text was read by OCR from its image
}

// openPDF opens a PDF document's original file on the engine, checking
// that it has a page n (1-based): one engine instance per request, never
// shared. The caller closes it.
func (l *Library) openPDF(ctx context.Context, d store.Document, n int) (*pdfengine.Doc, func(), error) {
	if evidence.Format(d.Format) != evidence.FormatPDF {
		return nil, nil, fmt.Errorf("%w: %q is a %s file", ErrNotPDF, d.Name, d.Format)
	}
	f, size, err := l.openFile(d.FilePath)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, fmt.Errorf("the file of %q: %w", d.Name, store.ErrNotFound)
	}
	if err != nil {
		return nil, nil, err
	}
	doc, err := pdfengine.OpenWithBudget(ctx, f, size, pageTime)
	if err != nil {
		f.Close()
		if errors.Is(err, pdfengine.ErrCorrupt) || errors.Is(err, pdfengine.ErrEncrypted) {
			err = fmt.Errorf("%w: %v", ErrUnreadable, err)
		}
		return nil, nil, fmt.Errorf("open %q: %w", d.Name, err)
	}
	closeAll := func() { doc.Close(); f.Close() }
	if n < 1 || n > doc.PageCount() {
		closeAll()
		return nil, nil, fmt.Errorf("%w: %q has %d pages, not a page %d", ErrNoPage, d.Name, doc.PageCount(), n)
	}
	return doc, closeAll, nil
}

// PageImage draws page n (1-based) of a PDF document about width pixels
// wide and returns it as PNG.
func (l *Library) PageImage(ctx context.Context, docID string, n, width int) ([]byte, error) {
	d, err := l.opts.DB.GetDocument(ctx, docID)
	if err != nil {
		return nil, err
	}
	doc, closeDoc, err := l.openPDF(ctx, d, n)
	if err != nil {
		return nil, err
	}
	defer closeDoc()
	points, _, err := doc.PageSize(n - 1)
	if err != nil {
		return nil, fmt.Errorf("draw page %d of %q: %w", n, d.Name, err)
	}
	img, err := doc.Render(n-1, dpiFor(width, points))
	if err != nil {
		return nil, fmt.Errorf("draw page %d of %q: %w", n, d.Name, err)
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode page %d: %w", n, err)
	}
	return buf.Bytes(), nil
}

// dpiFor is the resolution that draws a page of the given width in points
// about px pixels wide.
func dpiFor(px int, points float64) int {
	if points <= 0 {
		points = 612 // US Letter
	}
	return min(max(int(math.Round(float64(px)*72/points)), 10), 1200)
}

// PageHighlight places code points [start, end) of a document's text on
// page n (1-based) of its PDF: the part of the span that lies on that page,
// found again in the page's text layer. A span that cannot be placed (not
// on this page, or read too differently) gives no boxes, not an error.
func (l *Library) PageHighlight(ctx context.Context, docID string, n, start, end int) (Highlight, error) {
	d, err := l.opts.DB.GetDocument(ctx, docID)
	if err != nil {
		return Highlight{}, err
	}
	quote, want, ocr, err := l.quoteOnPage(ctx, docID, n, start, end)
	if err != nil {
		return Highlight{}, err
	}
	doc, closeDoc, err := l.openPDF(ctx, d, n)
	if err != nil {
		return Highlight{}, err
	}
	defer closeDoc()
	tp, err := doc.TextPage(n-1, ingest.DefaultLimits().MaxPageGlyphs)
	if err != nil {
		return Highlight{}, fmt.Errorf("read page %d of %q: %w", n, d.Name, err)
	}
	defer tp.Close()
	h := Highlight{Page: n, PageCount: doc.PageCount(), Width: tp.Width, Height: tp.Height, Boxes: []Box{}, OCR: ocr}
	text, order := glyphOrder(tp)
	if first, last, ok := locate(text, quote, want); ok {
		first, last = spanOf(order[first : last+1])
		h.Boxes = boxes(tp.Rects(first, last-first+1), tp.Width, tp.Height)
	}
	return h, ctx.Err()
}

// glyphOrder is the page's text with the chars of each right-to-left
// ligature (lam-alef) put back in logical order: the engine gives them
// reversed when it reverses the line. order[i] is the engine's index of
// char i of the text returned.
func glyphOrder(tp *pdfengine.TextPage) (text []rune, order []int) {
	text = append([]rune(nil), tp.Text...)
	order = make([]int, len(text))
	for i := range order {
		order[i] = i
	}
	var prev pdfengine.Rect
	run := -1 // start of the current glyph's chars
	for i, r := range tp.Text {
		box, ok := pdfengine.Rect{}, false
		if unicode.In(r, unicode.Arabic, unicode.Hebrew) {
			box, ok = tp.Box(i)
		}
		if ok && run >= 0 && box == prev {
			continue
		}
		reverse(text[max(run, 0):i], order[max(run, 0):i], run)
		run, prev = -1, box
		if ok {
			run = i
		}
	}
	reverse(text[max(run, 0):], order[max(run, 0):], run)
	return text, order
}

// reverse reverses one glyph's chars, when there is a glyph (run >= 0).
func reverse(text []rune, order []int, run int) {
	if run < 0 {
		return
	}
	slices.Reverse(text)
	slices.Reverse(order)
}

// spanOf is the lowest and highest of a set of char indexes.
func spanOf(idx []int) (first, last int) {
	return slices.Min(idx), slices.Max(idx)
}

// quoteOnPage is the part of span [start, end) that lies on page n, and where
// on the page it should start (a fraction of the page's text). A document
// ingested before pages were kept has no page rows: the whole span is then
// looked for, anywhere on the page.
func (l *Library) quoteOnPage(ctx context.Context, docID string, n, start, end int) (quote string, want float64, ocr bool, err error) {
	page, err := l.opts.DB.DocumentPage(ctx, docID, n)
	if errors.Is(err, store.ErrNotFound) {
		quote, err = l.opts.DB.DocumentTextSpan(ctx, docID, start, end)
		return quote, -1, false, err
	}
	if err != nil {
		return "", 0, false, err
	}
	from, to := max(start, page.Start), min(end, page.End)
	if to <= from {
		return "", 0, page.OCR, nil
	}
	quote, err = l.opts.DB.DocumentTextSpan(ctx, docID, from, to)
	return quote, float64(from-page.Start) / float64(max(page.End-page.Start, 1)), page.OCR, err
}

// boxes turns the engine's rectangles (points, origin bottom left) into
// fractions of the page (origin top left), top to bottom, then left to right
// within a line.
func boxes(rects []pdfengine.Rect, width, height float64) []Box {
	out := make([]Box, 0, len(rects))
	if width <= 0 || height <= 0 {
		return out
	}
	for _, r := range rects {
		left, right := clamp01(r.Left/width), clamp01(r.Right/width)
		top, bottom := clamp01((height-r.Top)/height), clamp01((height-r.Bottom)/height)
		if right > left && bottom > top {
			out = append(out, Box{Left: left, Top: top, Width: right - left, Height: bottom - top})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if sameLine(a, b) {
			return a.Left < b.Left
		}
		return a.Top < b.Top
	})
	return out
}

// sameLine: two boxes share a line when their middles are within half the
// lower one's height.
func sameLine(a, b Box) bool {
	return math.Abs((a.Top+a.Height/2)-(b.Top+b.Height/2)) < min(a.Height, b.Height)/2
}

func clamp01(v float64) float64 { return min(max(v, 0), 1) }
