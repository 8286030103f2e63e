// Package pdfengine reads PDF files with PDFium, the engine Chrome ships,
// compiled to WebAssembly and run by wazero (github.com/klippa-app/go-pdfium):
// pure Go, no cgo, the same on every system. It owns the engine's lifetime
// (started lazily on the first PDF, its compiled code cached on disk), one
// sandboxed instance per open document, and the bounds that keep a hostile
// file from taking the process down: a memory cap per instance, no file
// system inside the sandbox, and a kill switch on cancellation and on a page
// that takes too long. backend/ingest/PDF.md says why this engine.
package pdfengine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/webassembly"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// Options configure the engine. Set them with Configure before the first
// document is opened; zero fields take the defaults.
type Options struct {
	// CacheDir keeps the compiled engine across launches, so only the first
	// launch pays for compiling it (seconds, against a tenth of a second
	// from the cache). Empty: the user's cache folder.
	CacheDir string
	// Slots is how many documents may be open at once; default GOMAXPROCS
	// plus one, so a page view is not queued behind a busy ingestion.
	Slots int
	// MemoryLimit caps one instance's memory in bytes; default 1 GiB.
	MemoryLimit int64
}

var (
	mu      sync.Mutex
	options Options
	shared  *engine
)

// Configure sets the options used when the engine starts. It has no effect
// once the engine runs.
func Configure(o Options) {
	mu.Lock()
	defer mu.Unlock()
	if shared == nil {
		options = o
	}
}

type engine struct {
	once    sync.Once
	pool    pdfium.Pool
	slots   chan struct{} // one token per open document
	startup time.Duration
	err     error
}

func current() *engine {
	mu.Lock()
	defer mu.Unlock()
	if shared == nil {
		shared = &engine{}
	}
	return shared
}

// Start starts the engine if it is not running yet and returns how long the
// start took. Callers need not call it: Open does. It lets a program pay the
// one-time cost in the background, away from a user's first PDF.
func Start() (time.Duration, error) {
	e := current()
	e.once.Do(func() {
		mu.Lock()
		o := options
		mu.Unlock()
		begin := time.Now()
		if o.Slots <= 0 {
			o.Slots = runtime.GOMAXPROCS(0) + 1
		}
		e.slots = make(chan struct{}, o.Slots)
		e.pool, e.err = startPool(o)
		e.startup = time.Since(begin)
	})
	return e.startup, e.err
}

func startPool(o Options) (pdfium.Pool, error) {
	if o.MemoryLimit <= 0 {
		o.MemoryLimit = 1 << 30
	}
	rc := wazero.NewRuntimeConfig().
		// The bundled module lowers setjmp/longjmp to exception handling.
		WithCoreFeatures(api.CoreFeaturesV2 | experimental.CoreFeaturesExceptionHandling).
		WithMemoryLimitPages(uint32(o.MemoryLimit / 65536))
	if o.CacheDir == "" {
		if dir, err := os.UserCacheDir(); err == nil {
			o.CacheDir = filepath.Join(dir, "lexflow", "pdfengine")
		}
	}
	if o.CacheDir != "" {
		// wazero names its cache "dev" when built from a module, so two
		// versions of it could share compiled code: keep them apart.
		if cache, err := wazero.NewCompilationCacheWithDir(filepath.Join(o.CacheDir, wazeroVersion())); err == nil {
			rc = rc.WithCompilationCache(cache)
		}
	}
	wasm, err := pdfiumModule()
	if err != nil {
		return nil, err
	}
	// InitWithWASM, unlike Init, leaves go-pdfium's uncompressed copy of
	// the module out of the binary.
	pool, err := webassembly.InitWithWASM(webassembly.Config{
		WASM:          wasm,
		MinIdle:       0,
		MaxIdle:       o.Slots,
		MaxTotal:      o.Slots,
		RuntimeConfig: rc,
		// No mounts: documents come in as readers, and nothing in the
		// sandbox may touch the user's files.
		FSConfig: wazero.NewFSConfig(),
		Stdout:   io.Discard,
		Stderr:   io.Discard,
	})
	if err != nil {
		return nil, fmt.Errorf("start the PDF engine: %w", err)
	}
	return pool, nil
}

// instance takes a fresh engine instance, waiting for a free slot; release
// gives the slot back after the instance is closed. A fresh instance per
// document means a document's memory is given back when it closes.
func instance(ctx context.Context) (inst pdfium.Pdfium, release func(), err error) {
	if _, err := Start(); err != nil {
		return nil, nil, err
	}
	e := current()
	select {
	case e.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
	release = func() { <-e.slots }
	inst, err = e.pool.GetInstanceWithContext(ctx)
	if err != nil {
		release()
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, nil, ctxErr
		}
		return nil, nil, fmt.Errorf("PDF engine: %w", err)
	}
	return inst, release, nil
}

// ErrKilled is returned by every call on a document whose instance was
// stopped: its context ended or a page ran over its time.
var ErrKilled = errors.New("the PDF engine was stopped")

func wazeroVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, m := range info.Deps {
			if m.Path == "github.com/tetratelabs/wazero" {
				return "wazero-" + m.Version
			}
		}
	}
	return "wazero-unknown"
}
