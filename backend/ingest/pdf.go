package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"lexflow/backend/ingest/internal/pdfread"
)

// extractPDF reads the text layer page by page. See PDF.md for the choice of
// reader and how it is bounded.
func extractPDF(ctx context.Context, r io.ReaderAt, size int64, limits Limits) (ex Extracted, err error) {
	defer recoverPDF(&err)
	rd, err := pdfread.NewReaderContext(ctx, r, size, pdfread.Limits{
		MaxStreamBytes: limits.MaxStreamBytes,
		MaxTotalBytes:  limits.MaxInflateBytes,
		MaxPageGlyphs:  limits.MaxPageGlyphs,
	})
	if err != nil {
		return Extracted{}, classifyPDF(err)
	}
	pages, err := rd.Pages(limits.MaxPages)
	if err != nil {
		return Extracted{}, classifyPDF(err)
	}
	if len(pages) == 0 {
		return Extracted{}, fmt.Errorf("%w: the PDF has no pages", ErrCorrupt)
	}
	ex, err = readPages(ctx, pages, limits)
	if err != nil {
		return Extracted{}, err
	}
	ex.Title = pdfTitle(rd)
	return ex, nil
}

func readPages(ctx context.Context, pages []pdfread.Page, limits Limits) (Extracted, error) {
	var t textBuilder
	var ex Extracted
	var failed int
	var lastErr error
	for i, p := range pages {
		if err := ctx.Err(); err != nil {
			return Extracted{}, err
		}
		text, err := pageText(p)
		if err != nil {
			if fatalPDF(err) {
				return Extracted{}, fmt.Errorf("read page %d: %w", i+1, classifyPDF(err))
			}
			failed, lastErr = failed+1, err
		}
		if int64(t.len()+len(text)) > limits.MaxTextBytes {
			return Extracted{}, fmt.Errorf("%w: text passes %s by page %d", ErrLimit, humanBytes(limits.MaxTextBytes), i+1)
		}
		ex.Pages = append(ex.Pages, writePage(&t, text, i+1))
	}
	if failed == len(pages) {
		return Extracted{}, fmt.Errorf("%w: no page could be read: %v", ErrCorrupt, lastErr)
	}
	ex.Text = t.String()
	if !hasLetters(ex.Text) {
		return Extracted{}, ErrNoTextLayer
	}
	return ex, nil
}

// writePage appends one page's text, separated from the previous page by a
// blank line, and returns its span.
func writePage(t *textBuilder, text string, page int) PageSpan {
	if text != "" {
		t.ensureBreak(2)
	}
	start := t.runes
	t.write(text)
	return PageSpan{Page: page, Start: start, End: t.runes}
}

// pageText lays out one page, turning a parser panic into an error.
func pageText(p pdfread.Page) (text string, err error) {
	defer recoverPDF(&err)
	return layoutPage(p.Content().Text), nil
}

func recoverPDF(err *error) {
	if x := recover(); x != nil {
		switch v := x.(type) {
		case error:
			*err = classifyPDF(v)
		default:
			*err = fmt.Errorf("%w: %v", ErrCorrupt, v)
		}
	}
}

// fatalPDF tells errors that end the document (limits, cancellation) from a
// damaged page, which is skipped.
func fatalPDF(err error) bool {
	return errors.Is(err, ErrLimit) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

func classifyPDF(err error) error {
	var lim *pdfread.LimitError
	switch {
	case errors.Is(err, ErrLimit), errors.Is(err, ErrCorrupt), errors.Is(err, ErrEncrypted):
		return err
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	case errors.As(err, &lim):
		return fmt.Errorf("%w: %s", ErrLimit, lim.What)
	case errors.Is(err, pdfread.ErrEncrypted):
		return fmt.Errorf("%w: %v", ErrEncrypted, err)
	}
	return fmt.Errorf("%w: %v", ErrCorrupt, err)
}

func pdfTitle(rd *pdfread.Reader) (title string) {
	defer func() {
		if recover() != nil {
			title = ""
		}
	}()
	title = rd.Trailer().Key("Info").Key("Title").Text()
	return strings.TrimSpace(title)
}
