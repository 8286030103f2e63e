package pdfengine

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klippa-app/go-pdfium"
	pdfiumerrors "github.com/klippa-app/go-pdfium/errors"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
)

// Errors a caller branches on; the engine's detail is wrapped.
var (
	ErrEncrypted = errors.New("the PDF is encrypted and needs a password")
	ErrCorrupt   = errors.New("the PDF is damaged or not a PDF")
)

// Doc is one open document, on its own engine instance. It is not safe for
// concurrent use; open the file twice to read it from two goroutines.
type Doc struct {
	ctx    context.Context
	inst   pdfium.Pdfium
	doc    references.FPDF_DOCUMENT
	pages  int
	stop   func() bool
	free   func() // gives the engine slot back
	once   sync.Once
	killed atomic.Bool
	// CallBudget bounds one page load or render; past it the instance is
	// killed and the call fails. Zero means no bound.
	CallBudget time.Duration
}

// Open opens a document read through r, which must stay readable until
// Close. The file is read on demand, not loaded whole. Cancelling ctx stops
// the engine at once, even inside a call.
func Open(ctx context.Context, r io.ReaderAt, size int64) (*Doc, error) {
	inst, free, err := instance(ctx)
	if err != nil {
		return nil, err
	}
	d := &Doc{ctx: ctx, inst: inst, free: free}
	d.stop = context.AfterFunc(ctx, d.kill)
	res, err := inst.OpenDocument(&requests.OpenDocument{FileReader: io.NewSectionReader(r, 0, size), FileReaderSize: size})
	if err != nil {
		err = d.fail(openError(err))
		d.release()
		return nil, err
	}
	d.doc = res.Document
	count, err := inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: d.doc})
	if err != nil {
		err = d.fail(fmt.Errorf("%w: count pages: %v", ErrCorrupt, err))
		d.Close()
		return nil, err
	}
	d.pages = count.PageCount
	return d, nil
}

func openError(err error) error {
	switch {
	case errors.Is(err, pdfiumerrors.ErrPassword), errors.Is(err, pdfiumerrors.ErrSecurity):
		return fmt.Errorf("%w (%v)", ErrEncrypted, err)
	}
	return fmt.Errorf("%w: %v", ErrCorrupt, err)
}

// PageCount is the number of pages.
func (d *Doc) PageCount() int { return d.pages }

// Meta returns a document information entry such as "Title", trimmed.
func (d *Doc) Meta(tag string) string {
	res, err := d.inst.FPDF_GetMetaText(&requests.FPDF_GetMetaText{Document: d.doc, Tag: tag})
	if err != nil {
		return ""
	}
	return strings.TrimSpace(strings.ToValidUTF8(res.Value, ""))
}

// Close releases the document and its instance. It is safe to call twice.
func (d *Doc) Close() {
	d.once.Do(func() {
		if !d.killed.Load() && d.doc != "" {
			d.inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: d.doc})
		}
		d.release()
	})
}

func (d *Doc) release() {
	d.stop()
	if !d.killed.Load() {
		d.inst.Close()
	}
	d.free()
}

// kill stops the instance, even in the middle of a call. Every later call
// fails.
func (d *Doc) kill() {
	if d.killed.CompareAndSwap(false, true) {
		d.inst.Kill()
	}
}

// fail turns an error from a killed instance into the reason it was killed.
func (d *Doc) fail(err error) error {
	if !d.killed.Load() {
		return err
	}
	if ctxErr := d.ctx.Err(); ctxErr != nil {
		return ctxErr
	}
	return ErrKilled
}

// bounded runs one engine call under CallBudget.
func (d *Doc) bounded(what string, call func() error) error {
	if d.killed.Load() {
		return d.fail(ErrKilled)
	}
	if d.CallBudget > 0 {
		t := time.AfterFunc(d.CallBudget, d.kill)
		defer t.Stop()
	}
	err := call()
	if err == nil {
		return nil
	}
	err = d.fail(err)
	if errors.Is(err, ErrKilled) {
		return fmt.Errorf("%s took longer than %v: %w", what, d.CallBudget, err)
	}
	return err
}

// Render draws page i (0-based) at dpi dots per inch.
func (d *Doc) Render(i int, dpi int) (*image.RGBA, error) {
	var img *image.RGBA
	err := d.bounded(fmt.Sprintf("drawing page %d", i+1), func() error {
		res, err := d.inst.RenderPageInDPI(&requests.RenderPageInDPI{
			Page: requests.Page{ByIndex: &requests.PageByIndex{Document: d.doc, Index: i}},
			DPI:  dpi,
		})
		if err != nil {
			return fmt.Errorf("%w: draw page %d: %v", ErrCorrupt, i+1, err)
		}
		defer res.Cleanup()
		// The pixels live in the instance's memory until Cleanup: copy them.
		src := res.Result.Image
		img = &image.RGBA{Pix: append([]byte(nil), src.Pix...), Stride: src.Stride, Rect: src.Rect}
		return nil
	})
	return img, err
}
