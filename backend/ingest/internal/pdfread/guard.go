// Lexflow hardening of the upstream reader (not part of upstream).
//
// The upstream package reads whatever a file asks for: a stream that inflates
// to gigabytes, an object stream that extends itself, a content stream cut
// off inside a hex string. A guard bounds all of it. Every stream read goes
// through a guardedReader that counts inflated bytes and checks the context,
// so cancellation and the limits reach into every decompression the parser
// does; exceeding a limit panics with a *LimitError, which the caller's
// recover turns into an ordinary error.

package pdfread

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// Limits bound the work one document may cause.
type Limits struct {
	MaxStreamBytes int64 // inflated bytes of any one stream
	MaxTotalBytes  int64 // inflated bytes of all streams read, together
	MaxPageGlyphs  int   // glyphs shown on one page
}

// LimitError reports which bound a document exceeded.
type LimitError struct{ What string }

func (e *LimitError) Error() string { return e.What }

type guard struct {
	ctx    context.Context
	limits Limits
	total  int64
	depth  int // nesting of resolve calls
}

func (g *guard) check() {
	if g == nil || g.ctx == nil {
		return
	}
	if err := g.ctx.Err(); err != nil {
		panic(err)
	}
}

func (g *guard) wrap(r io.Reader) io.Reader {
	if g == nil {
		return r
	}
	return &guardedReader{r: r, g: g}
}

type guardedReader struct {
	r io.Reader
	g *guard
	n int64
}

func (gr *guardedReader) Read(p []byte) (int, error) {
	gr.g.check()
	n, err := gr.r.Read(p)
	gr.n += int64(n)
	gr.g.total += int64(n)
	lim := gr.g.limits
	if lim.MaxStreamBytes > 0 && gr.n > lim.MaxStreamBytes {
		panic(&LimitError{fmt.Sprintf("a stream inflates past %d bytes (a PDF bomb?)", lim.MaxStreamBytes)})
	}
	if lim.MaxTotalBytes > 0 && gr.g.total > lim.MaxTotalBytes {
		panic(&LimitError{fmt.Sprintf("the document's streams inflate past %d bytes", lim.MaxTotalBytes)})
	}
	return n, err
}

// enterResolve bounds the recursion of resolve (an object stream that lives
// in itself, an Extends chain that loops).
func (g *guard) enterResolve() {
	if g == nil {
		return
	}
	g.depth++
	if g.depth > 64 {
		panic(&LimitError{"object references nest too deeply (a reference cycle?)"})
	}
}

func (g *guard) leaveResolve() {
	if g != nil {
		g.depth--
	}
}

// NewReaderContext opens a PDF like NewReader, with limits and a context that
// bound everything later read through the returned Reader.
func NewReaderContext(ctx context.Context, f io.ReaderAt, size int64, lim Limits) (*Reader, error) {
	r, err := NewReader(f, size)
	if err != nil {
		return nil, err
	}
	r.guard = &guard{ctx: ctx, limits: lim}
	return r, nil
}

// Pages walks the page tree once, in order, and returns at most max pages.
// Unlike Page(n), it visits each node once, so it is linear and survives
// cycles in a corrupt tree.
func (r *Reader) Pages(max int) ([]Page, error) {
	var out []Page
	seen := map[objptr]bool{}
	var walk func(v Value, depth int) error
	walk = func(v Value, depth int) error {
		if depth > 64 {
			return fmt.Errorf("page tree nests too deeply")
		}
		if v.ptr != (objptr{}) {
			if seen[v.ptr] {
				return nil
			}
			seen[v.ptr] = true
		}
		if v.Key("Type").Name() != "Pages" && v.Key("Kids").Kind() != Array {
			if len(out) >= max {
				return &LimitError{fmt.Sprintf("the document has more than %d pages", max)}
			}
			out = append(out, Page{v})
			return nil
		}
		kids := v.Key("Kids")
		for i := 0; i < kids.Len(); i++ {
			r.guard.check()
			if err := walk(kids.Index(i), depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	err := walk(r.Trailer().Key("Root").Key("Pages"), 0)
	return out, err
}

// isFatal tells the panics that must end a document from parse errors that
// Interpret may skip: limits and cancellation.
func isFatal(r any) bool {
	switch r.(type) {
	case *LimitError:
		return true
	case error:
		return r == context.Canceled || r == context.DeadlineExceeded
	}
	return false
}

// splitCodes cuts a shown string into character codes: by the ToUnicode
// codespace ranges when the font has them, else one byte a code.
func splitCodes(enc TextEncoding, raw string) []string {
	m, ok := enc.(*cmap)
	codes := make([]string, 0, len(raw))
	for len(raw) > 0 {
		n := 1
		if ok {
			n = m.codeLen(raw)
		}
		codes = append(codes, raw[:n])
		raw = raw[n:]
	}
	return codes
}

func (m *cmap) codeLen(raw string) int {
	for n := 1; n <= 4 && n <= len(raw); n++ {
		for _, space := range m.space[n-1] {
			if space.low <= raw[:n] && raw[:n] <= space.high {
				return n
			}
		}
	}
	return 1
}

// ErrEncrypted reports a file that cannot be decrypted without a password
// or with an encryption this reader does not implement.
var ErrEncrypted = errors.New("encrypted PDF")

// encoder returns the font's encoding, parsed once per font object for the
// whole document (upstream parsed a ToUnicode CMap at every Tf operator).
func (r *Reader) encoder(f *Font) TextEncoding {
	if r == nil || f.V.ptr == (objptr{}) {
		return f.Encoder()
	}
	if enc, ok := r.encoders[f.V.ptr]; ok {
		return enc
	}
	if r.encoders == nil {
		r.encoders = map[objptr]TextEncoding{}
	}
	enc := f.Encoder()
	r.encoders[f.V.ptr] = enc
	return enc
}
