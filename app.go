package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"lexflow/backend/api"
	"lexflow/backend/cli"
)

// wailsEvent is the one Wails event name the UI listens to; each carries an api.Event.
const wailsEvent = "lexflow:event"

// App is the desktop window's side of the backend: it forwards every event the
// services publish to the window, in order, and reports a self-test verdict.
// Request/response calls need nothing here: the window's asset server routes
// /api/ to the same HTTP handlers the browser face uses.
type App struct {
	services *api.Services
	stdout   io.Writer
	events   *queue[api.Event]

	mu      sync.Mutex
	verdict error
}

// NewApp builds the window's backend side.
func NewApp(d cli.DesktopApp, stdout io.Writer) *App {
	return &App{services: d.Services, stdout: stdout, events: newQueue[api.Event]()}
}

// startup runs once the window exists; ctx is the Wails runtime's context.
func (a *App) startup(ctx context.Context) {
	// The publisher's goroutine only queues each event: forward sends them.
	cancel := a.services.Events.Watch(func(ev api.Event) { a.events.push(ev) })
	go func() {
		<-ctx.Done()
		cancel()
	}()
	go a.forward(ctx)
	go a.awaitSelfTest(ctx)
}

// forward hands queued events to the window in publish order.
func (a *App) forward(ctx context.Context) {
	a.events.drain(ctx, func(batch []api.Event) {
		for _, ev := range batch {
			runtime.EventsEmit(ctx, wailsEvent, ev)
		}
	})
}

// awaitSelfTest closes the window with the verdict once the UI has reported
// its self-test (only when one was asked for), printing the stages it
// reaches on the way.
func (a *App) awaitSelfTest(ctx context.Context) {
	d := a.services.Diagnostics
	if st, _ := d.SelfTest(ctx); !st.Enabled {
		return
	}
	var r api.SelfTestResult
	for waiting := true; waiting; {
		select {
		case stage := <-d.Stages():
			// The desktop test waits for such a line before it drags files in.
			fmt.Fprintln(a.stdout, "selftest stage", stage)
		case r = <-d.Results():
			waiting = false
		case <-ctx.Done():
			return
		}
	}
	fmt.Fprintln(a.stdout, cli.SelfTestVerdict(d.Passed(r), r))
	if !d.Passed(r) {
		a.mu.Lock()
		a.verdict = fmt.Errorf("desktop self-test failed: %+v", r)
		a.mu.Unlock()
	}
	// Hold the window a moment so the test can take its screenshot.
	time.Sleep(4 * time.Second)
	runtime.Quit(ctx)
}

// Verdict is the self-test's failure, if one ran and failed.
func (a *App) Verdict() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.verdict
}
