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
//
// The engine cannot be interrupted inside a call without slowing every call
// about fourfold (wazero's checks for closing on cancellation), so a call
// that runs over its budget, or whose context ends, is abandoned instead:
// the caller gets its error at once, every later call fails, and the
// instance and its slot are given back when the abandoned call returns.
type Doc struct {
	ctx      context.Context
	inst     pdfium.Pdfium
	doc      references.FPDF_DOCUMENT
	pages    int
	stop     func() bool
	free     func() // gives the engine slot back
	once     sync.Once
	killed   atomic.Bool
	inflight sync.WaitGroup // a call still running in the engine
	// CallBudget bounds opening the file, one page load or one render;
	// past it the call is abandoned. Zero means no bound.
	CallBudget time.Duration
}

// Open opens a document read through r, which must stay readable until
// Close. Cancelling ctx abandons the document, even inside a call.
func Open(ctx context.Context, r io.ReaderAt, size int64) (*Doc, error) {
	return OpenWithBudget(ctx, r, size, 0)
}

// OpenWithBudget is Open with CallBudget set from the start, so opening the
// file is bounded too.
func OpenWithBudget(ctx context.Context, r io.ReaderAt, size int64, budget time.Duration) (*Doc, error) {
	inst, free, err := instance(ctx)
	if err != nil {
		return nil, err
	}
	d := &Doc{ctx: ctx, inst: inst, free: free, CallBudget: budget}
	d.stop = context.AfterFunc(ctx, d.kill)
	req := openRequest(r, size)
	err = d.bounded("opening the file", func() error {
		res, err := inst.OpenDocument(req)
		forgetFile(req)
		if err != nil {
			return openError(err)
		}
		d.doc = res.Document
		count, err := inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: d.doc})
		if err != nil {
			return fmt.Errorf("%w: count pages: %v", ErrCorrupt, err)
		}
		d.pages = count.PageCount
		return nil
	})
	if err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// PageCount is the number of pages.
func (d *Doc) PageCount() int { return d.pages }

// PageSize is page i's width and height in points (0-based), without
// loading the page.
func (d *Doc) PageSize(i int) (width, height float64, err error) {
	if d.killed.Load() {
		return 0, 0, d.fail(ErrKilled)
	}
	res, err := d.inst.FPDF_GetPageSizeByIndexF(&requests.FPDF_GetPageSizeByIndexF{Document: d.doc, Index: i})
	if err != nil {
		return 0, 0, fmt.Errorf("%w: size of page %d: %v", ErrCorrupt, i+1, err)
	}
	return float64(res.Size.Width), float64(res.Size.Height), nil
}

// Meta returns a document information entry such as "Title", trimmed.
func (d *Doc) Meta(tag string) string {
	if d.killed.Load() {
		return ""
	}
	res, err := d.inst.FPDF_GetMetaText(&requests.FPDF_GetMetaText{Document: d.doc, Tag: tag})
	if err != nil {
		return ""
	}
	return strings.TrimSpace(strings.ToValidUTF8(res.Value, ""))
}

// Close releases the document and its instance. It is safe to call twice.
func (d *Doc) Close() {
	d.once.Do(func() {
		d.stop()
		if !d.killed.Load() {
			if d.doc != "" {
				d.inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: d.doc})
			}
			d.inst.Close()
			d.free()
			return
		}
		go func() {
			d.inflight.Wait()
			d.inst.Kill()
			d.free()
		}()
	})
}

// kill abandons the document: every later call fails.
func (d *Doc) kill() { d.killed.Store(true) }

// fail turns an error from an abandoned document into the reason.
func (d *Doc) fail(err error) error {
	if !d.killed.Load() {
		return err
	}
	if ctxErr := d.ctx.Err(); ctxErr != nil {
		return ctxErr
	}
	return ErrKilled
}

// bounded runs one engine call, abandoning it when it runs over CallBudget
// or the context ends.
func (d *Doc) bounded(what string, call func() error) error {
	if d.killed.Load() {
		return d.fail(ErrKilled)
	}
	done := make(chan error, 1)
	d.inflight.Add(1)
	go func() {
		defer d.inflight.Done()
		done <- call()
	}()
	var overrun <-chan time.Time
	if d.CallBudget > 0 {
		t := time.NewTimer(d.CallBudget)
		defer t.Stop()
		overrun = t.C
	}
	select {
	case err := <-done:
		if err != nil {
			return d.fail(err)
		}
		return nil
	case <-overrun:
		d.kill()
		return fmt.Errorf("%s took longer than %v: %w", what, d.CallBudget, ErrKilled)
	case <-d.ctx.Done():
		d.kill()
		return d.ctx.Err()
	}
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

// inMemory is the size up to which a file is handed to the engine whole:
// reading through callbacks costs a call back into Go for every read (13%
// slower over forty real contracts).
const inMemory = 64 << 20

func openRequest(r io.ReaderAt, size int64) *requests.OpenDocument {
	if size <= inMemory {
		data := make([]byte, size)
		if n, err := r.ReadAt(data, 0); err == nil || (err == io.EOF && int64(n) == size) {
			return &requests.OpenDocument{File: &data}
		}
	}
	return &requests.OpenDocument{FileReader: io.NewSectionReader(r, 0, size), FileReaderSize: size}
}

// forgetFile lets the garbage collector have a file handed over whole
// once it is open: the engine copied it into its own memory, but keeps the
// request's slice until the document closes, a second copy of the file for
// as long as it is read.
func forgetFile(req *requests.OpenDocument) {
	if req.File != nil {
		*req.File = nil
	}
}

func openError(err error) error {
	switch {
	case errors.Is(err, pdfiumerrors.ErrPassword), errors.Is(err, pdfiumerrors.ErrSecurity):
		return fmt.Errorf("%w (%v)", ErrEncrypted, err)
	}
	return fmt.Errorf("%w: %v", ErrCorrupt, err)
}
