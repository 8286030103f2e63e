package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"

	"lexflow/backend/pdfengine"
)

// extractPDF reads the text layer page by page with the PDF engine. See
// PDF.md for the choice of engine and how it is bounded.
func extractPDF(ctx context.Context, r io.ReaderAt, size int64, limits Limits) (Extracted, error) {
	pdf := &windowedPDF{open: func() (*pdfengine.Doc, error) { return pdfengine.OpenWithBudget(ctx, r, size, limits.PageTime) }}
	doc, err := pdf.at(0)
	if err != nil {
		return Extracted{}, classifyPDF(err)
	}
	defer pdf.Close()
	switch n := doc.PageCount(); {
	case n == 0:
		return Extracted{}, fmt.Errorf("%w: the PDF has no pages", ErrCorrupt)
	case n > limits.MaxPages:
		return Extracted{}, fmt.Errorf("%w: the PDF has %d pages; the limit is %d", ErrLimit, n, limits.MaxPages)
	}
	pages, err := readPages(ctx, pdf, doc.PageCount(), limits)
	if err != nil {
		return Extracted{}, err
	}
	if err := ocrPages(ctx, pdf.doc, pages); err != nil {
		return Extracted{}, classifyPDF(err)
	}
	ex := assemblePages(pages)
	if !hasLetters(ex.Text) {
		return Extracted{}, ErrNoTextLayer
	}
	if int64(len(ex.Text)) > limits.MaxTextBytes {
		return Extracted{}, fmt.Errorf("%w: text passes %s", ErrLimit, HumanBytes(limits.MaxTextBytes))
	}
	ex.Title = pdf.doc.Meta("Title")
	return ex, nil
}

// pdfWindow is how many pages are read from one opening of a PDF. The
// engine keeps what it parsed of every page read until the document
// closes, about 8 MB per 1,000 pages of a statute in its memory, which
// only grows; opened again every pdfWindow pages, a 5,000-page document
// holds at most a window's worth (opening again takes milliseconds).
const pdfWindow = 500

// windowedPDF is a PDF opened again for every pdfWindow pages read.
type windowedPDF struct {
	open  func() (*pdfengine.Doc, error)
	doc   *pdfengine.Doc // open, or nil
	first int            // the first page read from doc
}

// at returns the document open for reading page i (0-based), pages being
// read in order.
func (w *windowedPDF) at(i int) (*pdfengine.Doc, error) {
	if w.doc != nil && i-w.first < pdfWindow {
		return w.doc, nil
	}
	w.Close()
	doc, err := w.open()
	if err != nil {
		return nil, err
	}
	w.doc, w.first = doc, i
	return doc, nil
}

// Close closes the document open, if any.
func (w *windowedPDF) Close() {
	if w.doc != nil {
		w.doc.Close()
		w.doc = nil
	}
}

// readPages lays out every page. A damaged page is left empty; a document
// whose pages all fail is damaged.
func readPages(ctx context.Context, pdf *windowedPDF, n int, limits Limits) ([]pdfPage, error) {
	pages := make([]pdfPage, n)
	var failed, textBytes int
	var lastErr error
	for i := range pages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if i%10 == 0 {
			report(ctx, i, len(pages), fmt.Sprintf("reading page %d of %d", i+1, len(pages)))
		}
		doc, err := pdf.at(i)
		if err != nil {
			return nil, fmt.Errorf("open the PDF again at page %d: %w", i+1, classifyPDF(err))
		}
		p, err := readPage(doc, i, limits)
		if err != nil {
			if fatalPDF(err) {
				return nil, fmt.Errorf("read page %d: %w", i+1, classifyPDF(err))
			}
			failed, lastErr = failed+1, err
			continue
		}
		pages[i] = p
		if textBytes += p.textBytes(); int64(textBytes) > limits.MaxTextBytes {
			return nil, fmt.Errorf("%w: text passes %s by page %d", ErrLimit, HumanBytes(limits.MaxTextBytes), i+1)
		}
	}
	if failed == len(pages) {
		return nil, fmt.Errorf("%w: no page could be read: %v", ErrCorrupt, lastErr)
	}
	return pages, nil
}

func readPage(doc *pdfengine.Doc, i int, limits Limits) (pdfPage, error) {
	tp, err := doc.TextPage(i, limits.MaxPageGlyphs)
	if err != nil {
		return pdfPage{}, err
	}
	defer tp.Close()
	return layoutPage(tp), nil
}

// fatalPDF tells errors that end the document (limits, cancellation, a
// stopped engine) from a damaged page, which is skipped.
func fatalPDF(err error) bool {
	var lim *pdfengine.LimitError
	return errors.As(err, &lim) || errors.Is(err, ErrLimit) || errors.Is(err, pdfengine.ErrKilled) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

func classifyPDF(err error) error {
	var lim *pdfengine.LimitError
	switch {
	case errors.Is(err, ErrLimit), errors.Is(err, ErrCorrupt), errors.Is(err, ErrEncrypted), errors.Is(err, ErrNeedsOCR), errors.Is(err, ErrOCR):
		return err
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	case errors.As(err, &lim):
		return fmt.Errorf("%w: %s", ErrLimit, lim.What)
	case errors.Is(err, pdfengine.ErrKilled):
		return fmt.Errorf("%w: %v", ErrLimit, err)
	case errors.Is(err, pdfengine.ErrEncrypted):
		return fmt.Errorf("%w: %v", ErrEncrypted, err)
	}
	return fmt.Errorf("%w: %v", ErrCorrupt, err)
}
