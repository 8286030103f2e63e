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
	doc, err := pdfengine.OpenWithBudget(ctx, r, size, limits.PageTime)
	if err != nil {
		return Extracted{}, classifyPDF(err)
	}
	defer doc.Close()
	switch n := doc.PageCount(); {
	case n == 0:
		return Extracted{}, fmt.Errorf("%w: the PDF has no pages", ErrCorrupt)
	case n > limits.MaxPages:
		return Extracted{}, fmt.Errorf("%w: the PDF has %d pages; the limit is %d", ErrLimit, n, limits.MaxPages)
	}
	pages, err := readPages(ctx, doc, limits)
	if err != nil {
		return Extracted{}, err
	}
	if err := ocrPages(ctx, doc, pages); err != nil {
		return Extracted{}, classifyPDF(err)
	}
	ex := assemblePages(pages)
	if !hasLetters(ex.Text) {
		return Extracted{}, ErrNoTextLayer
	}
	if int64(len(ex.Text)) > limits.MaxTextBytes {
		return Extracted{}, fmt.Errorf("%w: text passes %s", ErrLimit, HumanBytes(limits.MaxTextBytes))
	}
	ex.Title = doc.Meta("Title")
	return ex, nil
}

// readPages lays out every page. A damaged page is left empty; a document
// whose pages all fail is damaged.
func readPages(ctx context.Context, doc *pdfengine.Doc, limits Limits) ([]pdfPage, error) {
	pages := make([]pdfPage, doc.PageCount())
	var failed, textBytes int
	var lastErr error
	for i := range pages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if i%10 == 0 {
			report(ctx, i, len(pages), fmt.Sprintf("reading page %d of %d", i+1, len(pages)))
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
