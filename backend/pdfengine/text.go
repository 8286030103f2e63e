package pdfengine

import (
	"fmt"

	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
)

// Rect is a box on the page in PDF points, origin at the bottom left.
type Rect struct {
	Left, Bottom, Right, Top float64
}

// TextPage is the text layer of one page as the engine reads it: its chars
// in reading order, with the spaces and line breaks ("\r\n") the engine
// infers from the layout. Text[i] is char i, the index the box calls take.
type TextPage struct {
	doc           *Doc
	page          references.FPDF_PAGE
	text          references.FPDF_TEXTPAGE
	Width, Height float64
	Text          []rune
}

// TextPage loads page i (0-based). maxChars bounds the chars read: a page
// with more fails with a *LimitError before its text is copied out of the
// engine. Close the page when done.
func (d *Doc) TextPage(i, maxChars int) (*TextPage, error) {
	p := &TextPage{doc: d}
	err := d.bounded(fmt.Sprintf("reading page %d", i+1), func() error { return p.load(i, maxChars) })
	if err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// LimitError says which bound a page passed.
type LimitError struct{ What string }

func (e *LimitError) Error() string { return e.What }

func (p *TextPage) load(i, maxChars int) error {
	inst := p.doc.inst
	page, err := inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: p.doc.doc, Index: i})
	if err != nil {
		return fmt.Errorf("%w: page %d: %v", ErrCorrupt, i+1, err)
	}
	p.page = page.Page
	ref := requests.Page{ByReference: &p.page}
	if w, err := inst.FPDF_GetPageWidthF(&requests.FPDF_GetPageWidthF{Page: ref}); err == nil {
		p.Width = float64(w.PageWidth)
	}
	if h, err := inst.FPDF_GetPageHeightF(&requests.FPDF_GetPageHeightF{Page: ref}); err == nil {
		p.Height = float64(h.PageHeight)
	}
	text, err := inst.FPDFText_LoadPage(&requests.FPDFText_LoadPage{Page: ref})
	if err != nil {
		return fmt.Errorf("%w: text of page %d: %v", ErrCorrupt, i+1, err)
	}
	p.text = text.TextPage
	count, err := inst.FPDFText_CountChars(&requests.FPDFText_CountChars{TextPage: p.text})
	if err != nil {
		return fmt.Errorf("%w: text of page %d: %v", ErrCorrupt, i+1, err)
	}
	if maxChars > 0 && count.Count > maxChars {
		return &LimitError{What: fmt.Sprintf("page %d has %d characters; the limit is %d", i+1, count.Count, maxChars)}
	}
	if count.Count <= 0 {
		return nil
	}
	got, err := inst.FPDFText_GetText(&requests.FPDFText_GetText{TextPage: p.text, StartIndex: 0, Count: count.Count})
	if err != nil {
		return fmt.Errorf("%w: text of page %d: %v", ErrCorrupt, i+1, err)
	}
	// The engine keeps one char per code point, and its text is UTF-16 of
	// those chars, so the decoded runes line up with char indexes.
	p.Text = []rune(got.Text)
	return nil
}

// Box is the tight box of char i's glyph; false for a char the engine made
// up (a space or line break) or when the call fails.
func (p *TextPage) Box(i int) (Rect, bool) {
	if p.doc.killed.Load() {
		return Rect{}, false
	}
	res, err := p.doc.inst.FPDFText_GetCharBox(&requests.FPDFText_GetCharBox{TextPage: p.text, Index: i})
	if err != nil || (res.Left == res.Right && res.Top == res.Bottom) {
		return Rect{}, false
	}
	return Rect{Left: res.Left, Bottom: res.Bottom, Right: res.Right, Top: res.Top}, true
}

// LooseBox is char i's box by its font's ascent and descent, the same height
// for every glyph of a line: what a line's position and height are read from.
func (p *TextPage) LooseBox(i int) (Rect, bool) {
	if p.doc.killed.Load() {
		return Rect{}, false
	}
	res, err := p.doc.inst.FPDFText_GetLooseCharBox(&requests.FPDFText_GetLooseCharBox{TextPage: p.text, Index: i})
	if err != nil || (res.Rect.Left == res.Rect.Right && res.Rect.Top == res.Rect.Bottom) {
		return Rect{}, false
	}
	r := res.Rect
	return Rect{Left: float64(r.Left), Bottom: float64(r.Bottom), Right: float64(r.Right), Top: float64(r.Top)}, true
}

// Rects covers chars [start, start+count) with one box per run of a line:
// the highlight of a quote.
func (p *TextPage) Rects(start, count int) []Rect {
	inst := p.doc.inst
	if p.doc.killed.Load() {
		return nil
	}
	n, err := inst.FPDFText_CountRects(&requests.FPDFText_CountRects{TextPage: p.text, StartIndex: start, Count: count})
	if err != nil || n.Count <= 0 {
		return nil
	}
	rects := make([]Rect, 0, n.Count)
	for i := 0; i < n.Count; i++ {
		r, err := inst.FPDFText_GetRect(&requests.FPDFText_GetRect{TextPage: p.text, Index: i})
		if err != nil {
			break
		}
		rects = append(rects, Rect{Left: r.Left, Bottom: r.Bottom, Right: r.Right, Top: r.Top})
	}
	return rects
}

// Close releases the page. It is safe to call twice and after a failed load.
func (p *TextPage) Close() {
	if p.doc.killed.Load() {
		return
	}
	if p.text != "" {
		p.doc.inst.FPDFText_ClosePage(&requests.FPDFText_ClosePage{TextPage: p.text})
		p.text = ""
	}
	if p.page != "" {
		p.doc.inst.FPDF_ClosePage(&requests.FPDF_ClosePage{Page: p.page})
		p.page = ""
	}
}
