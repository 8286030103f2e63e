//go:build desktop && (production || dev)

package main

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"lexflow/backend/api"
	"lexflow/backend/openfiles"
)

// opener adds to the library the files the operating system hands the window
// — the launch's own arguments, Finder's "Open With" (one call per file, from
// before the window exists), a second launch's — and shows them. Paths wait
// until the page is up; those that arrive together are opened as one batch.
type opener struct {
	lib     *api.LibraryService
	pending *queue[string]
	started sync.Once
}

func newOpener(lib *api.LibraryService, paths []string) *opener {
	o := &opener{lib: lib, pending: newQueue[string]()}
	if len(paths) > 0 {
		o.add(paths...)
	}
	return o
}

// add queues paths to open, or with none only brings the window forward;
// safe from any goroutine, at any time.
func (o *opener) add(paths ...string) { o.pending.push(paths...) }

// start opens queued paths from now on: ctx is the Wails runtime's, once the
// page can follow a route. Only the first call counts (the page may reload).
func (o *opener) start(ctx context.Context) {
	o.started.Do(func() {
		go o.pending.drain(ctx, func(paths []string) { o.open(ctx, paths) })
	})
}

// open adds one batch, brings the window forward on the page that shows it,
// and says in a message box what could not be added.
func (o *opener) open(ctx context.Context, paths []string) {
	var out openfiles.Outcome
	if len(paths) > 0 {
		var err error
		if out, err = openfiles.Open(ctx, o.lib, paths); err != nil {
			out.Problems = append(out.Problems, err.Error())
		}
	}
	if out.Route != "" {
		route, _ := json.Marshal(out.Route) // a JavaScript string
		runtime.WindowExecJS(ctx, "window.location.hash = "+string(route)+";")
	}
	runtime.WindowUnminimise(ctx)
	runtime.WindowShow(ctx)
	if msg := out.Message(); msg != "" {
		_, _ = runtime.MessageDialog(ctx, runtime.MessageDialogOptions{Type: runtime.WarningDialog, Title: "Lexflow", Message: msg})
	}
}
