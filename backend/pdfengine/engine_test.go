package pdfengine

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"
)

const samples = "../../examples/corpus"

func openSample(t *testing.T, ctx context.Context, name string) *Doc {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(samples, name))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Open(ctx, bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	return d
}

// TestEngineStarts also fills the compiled-code cache, so the test runs
// that follow (the race detector's among them) start in a fraction of a
// second.
func TestEngineStarts(t *testing.T) {
	took, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("engine start-up: %v", took)
}

func TestTextPageCharsAndBoxes(t *testing.T) {
	d := openSample(t, context.Background(), "us-constitution-excerpt.pdf")
	if d.PageCount() != 5 {
		t.Fatalf("pages = %d", d.PageCount())
	}
	p, err := d.TextPage(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	text := string(p.Text)
	const phrase = "We the People"
	at := strings.Index(text, phrase)
	if at < 0 {
		t.Fatalf("page 1 lacks %q: %.200q", phrase, text)
	}
	at = len([]rune(text[:at]))
	box, ok := p.Box(at)
	if !ok || box.Left <= 0 || box.Right <= box.Left || box.Top <= box.Bottom || box.Top > p.Height {
		t.Fatalf("box of %q = %+v, %v (page %vx%v)", phrase, box, ok, p.Width, p.Height)
	}
	rects := p.Rects(at, len(phrase))
	if len(rects) == 0 || rects[0].Left > box.Left+0.5 || rects[len(rects)-1].Right <= box.Right {
		t.Fatalf("rects of %q = %+v, first box %+v", phrase, rects, box)
	}
}

func TestTextPageLimit(t *testing.T) {
	d := openSample(t, context.Background(), "us-constitution-excerpt.pdf")
	_, err := d.TextPage(0, 10)
	var lim *LimitError
	if !errors.As(err, &lim) {
		t.Fatalf("err = %v, want a LimitError", err)
	}
}

func TestRender(t *testing.T) {
	d := openSample(t, context.Background(), "us-constitution-excerpt.pdf")
	img, err := d.Render(0, 72)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() < 500 || b.Dx() > 700 || b.Dy() < 700 {
		t.Fatalf("72 dpi page is %v", b)
	}
	dark := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] < 128 {
			dark++
		}
	}
	if dark == 0 {
		t.Fatal("the rendered page is blank")
	}
}

func TestEncryptedNeedsPassword(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(samples, "bad", "encrypted.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Open(context.Background(), bytes.NewReader(data), int64(len(data)))
	if !errors.Is(err, ErrEncrypted) {
		t.Fatalf("err = %v", err)
	}
}

func TestNotAPDF(t *testing.T) {
	data := []byte("hello, I am text")
	_, err := Open(context.Background(), bytes.NewReader(data), int64(len(data)))
	if !errors.Is(err, ErrCorrupt) {
		t.Fatalf("err = %v", err)
	}
}

// A cancelled context stops the document: every later call fails with the
// context's error, and the slot is given back.
func TestCancelStopsTheDocument(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	d := openSample(t, ctx, "us-constitution-excerpt.pdf")
	cancel()
	if _, err := d.TextPage(0, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	d.Close()
	// Every slot is free again: as many documents as slots open at once.
	var docs []*Doc
	for i := 0; i < 3; i++ {
		docs = append(docs, openSample(t, context.Background(), "us-constitution-excerpt.pdf"))
	}
	for _, d := range docs {
		d.Close()
	}
}

func TestOpenWaitsForASlotUntilCancelled(t *testing.T) {
	var docs []*Doc
	defer func() {
		for _, d := range docs {
			d.Close()
		}
	}()
	data, _ := os.ReadFile(filepath.Join(samples, "us-constitution-excerpt.pdf"))
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		d, err := Open(ctx, bytes.NewReader(data), int64(len(data)))
		cancel()
		if err != nil {
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("err = %v, want the deadline", err)
			}
			return
		}
		docs = append(docs, d)
		if len(docs) > 64 {
			t.Fatal("opened 64 documents at once: no slot bound")
		}
	}
}

// A call that runs over its budget is abandoned: the caller gets the error
// at once, every later call fails, and the slot waits for the call to end.
func TestCallOverBudgetIsAbandoned(t *testing.T) {
	d := &Doc{ctx: context.Background(), CallBudget: 20 * time.Millisecond}
	release := make(chan struct{})
	start := time.Now()
	err := d.bounded("reading page 1", func() error { <-release; return nil })
	if !errors.Is(err, ErrKilled) || !strings.Contains(err.Error(), "reading page 1 took longer than 20ms") {
		t.Fatalf("err = %v", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the caller waited %v", took)
	}
	if err := d.bounded("reading page 2", func() error { return nil }); !errors.Is(err, ErrKilled) {
		t.Errorf("a later call: err = %v", err)
	}
	waited := make(chan struct{})
	go func() { d.inflight.Wait(); close(waited) }()
	select {
	case <-waited:
		t.Fatal("the abandoned call was not waited for")
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	<-waited
}

// An open document does not keep the file a second time in Go memory: the
// engine holds its own copy, and the buffer it was read into is garbage
// once the document is open.
func TestOpenDocumentLetsGoOfTheFileItWasReadFrom(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(samples, "us-constitution-excerpt.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	r := &weakReader{r: bytes.NewReader(data)}
	d, err := Open(context.Background(), r, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if len(r.buffers) == 0 {
		t.Fatal("the file was not read")
	}
	runtime.GC()
	for i, b := range r.buffers {
		if b.Value() != nil {
			t.Errorf("buffer %d the file was read into is still held while the document is open", i)
		}
	}
	p, err := d.TextPage(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if !strings.Contains(string(p.Text), "We the People") {
		t.Errorf("page 1 no longer reads: %.100q", p.Text)
	}
}

// weakReader reads a file, remembering weakly each buffer it filled.
type weakReader struct {
	r       *bytes.Reader
	buffers []weak.Pointer[byte]
}

func (w *weakReader) ReadAt(p []byte, off int64) (int, error) {
	if len(p) > 0 {
		w.buffers = append(w.buffers, weak.Make(&p[0]))
	}
	return w.r.ReadAt(p, off)
}
