package api

import (
	"context"
	"errors"
	"net/http"

	"lexflow/backend/library"
)

// Widths, in pixels, a page image may be drawn at.
const (
	MinPageWidth     = 200
	MaxPageWidth     = 2400
	DefaultPageWidth = 1200
)

// maxHighlightSpan bounds the code points one highlight request may name.
const maxHighlightSpan = 1 << 20

// PageImage draws page n (1-based) of a PDF document about width pixels wide
// (0: the default; otherwise held to MinPageWidth..MaxPageWidth) as PNG.
func (s *LibraryService) PageImage(ctx context.Context, id string, n, width int) ([]byte, error) {
	if width == 0 {
		width = DefaultPageWidth
	}
	width = min(max(width, MinPageWidth), MaxPageWidth)
	png, err := s.lib.PageImage(ctx, id, n, width)
	return png, pageError(err)
}

// PageHighlight places code points [start, end) of a document's text on page
// n (1-based) of its PDF.
func (s *LibraryService) PageHighlight(ctx context.Context, id string, n, start, end int) (PageHighlight, error) {
	switch {
	case start < 0 || end < start:
		return PageHighlight{}, invalid("end", "start and end must be character offsets with start ≤ end")
	case end-start > maxHighlightSpan:
		return PageHighlight{}, invalid("end", "the span is too long to highlight")
	}
	h, err := s.lib.PageHighlight(ctx, id, n, start, end)
	if err != nil {
		return PageHighlight{}, pageError(err)
	}
	out := PageHighlight{Page: h.Page, PageCount: h.PageCount, Width: h.Width, Height: h.Height, OCR: h.OCR,
		Boxes: make([]HighlightBox, len(h.Boxes))}
	for i, b := range h.Boxes {
		out.Boxes[i] = HighlightBox(b)
	}
	return out, nil
}

// pageError gives the page view's failures the status and code the UI shows.
func pageError(err error) error {
	status, code, field := 0, "", ""
	switch {
	case err == nil:
		return nil
	case errors.Is(err, library.ErrNotPDF):
		status, code = http.StatusBadRequest, "not_pdf"
	case errors.Is(err, library.ErrNoPage):
		status, code, field = http.StatusNotFound, "not_found", "page"
	case errors.Is(err, library.ErrUnreadable):
		status, code = http.StatusUnprocessableEntity, "unreadable"
	default:
		return err
	}
	return &Error{Status: status, Body: ErrorBody{Code: code, Message: err.Error(), Field: field}}
}
