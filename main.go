// Command lexflow is a local legal research workbench: one binary with two
// faces over the same backend — a desktop window (built with the desktop tag)
// and `lexflow serve` for a browser on loopback — plus a scriptable CLI.
package main

import (
	"context"
	"embed"
	"io/fs"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"lexflow/backend/api"
	"lexflow/backend/cli"
	"lexflow/backend/gzfs"
	"lexflow/backend/handoff"
	"lexflow/backend/llm/providers"
)

// The built UI; `make` builds it before the binary, its assets gzipped
// (frontend/vite.config.ts). all: keeps files whose names start with a dot
// or underscore, which Vite may emit.
//
//go:embed all:frontend/dist
var dist embed.FS

// Set by the linker: -X main.version=... -X main.commit=...
var (
	version = "dev"
	commit  = "unknown"
)

func main() {
	sub, err := fs.Sub(dist, "frontend/dist")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory
	}
	ui := gzfs.New(sub)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	stderr, showErrors := errorOutput()
	var handOff func(string, []string) bool
	if handoff.Available {
		handOff = handoff.Send
	}
	code := cli.Run(ctx, os.Args[1:], cli.Env{
		Stdout:     os.Stdout,
		Stderr:     stderr,
		Getenv:     os.Getenv,
		Build:      api.Build{Version: version, Commit: commit},
		UI:         ui,
		Connect:    providers.New,
		Desktop:    desktop(ui),
		HasDisplay: hasDisplay,
		HandOff:    handOff,
	})
	stop()
	showErrors(code)
	os.Exit(code)
}

// hasDisplay reports whether a window could be shown; on Linux GTK panics
// without an X11 or Wayland display.
func hasDisplay() bool {
	if runtime.GOOS != "linux" {
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}
