//go:build desktop && (production || dev)

package main

import (
	"context"
	"io/fs"
	"os"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/options/linux"
	"github.com/wailsapp/wails/v2/pkg/options/mac"
	"github.com/wailsapp/wails/v2/pkg/options/windows"
	"github.com/wailsapp/wails/v2/pkg/runtime"

	"lexflow/backend/cli"
)

// desktop returns the function that opens the Wails window over ui.
func desktop(ui fs.FS) func(context.Context, cli.DesktopApp) error {
	return func(ctx context.Context, d cli.DesktopApp) error {
		app := NewApp(d, os.Stdout)
		files := newOpener(d.Services.Library, d.Open)
		err := wails.Run(&options.App{
			Title:     "Lexflow",
			Width:     1280,
			Height:    820,
			MinWidth:  960,
			MinHeight: 600,
			// The asset server answers /api/ from the same handlers as `serve`.
			AssetServer:      &assetserver.Options{Assets: ui, Handler: d.API},
			BackgroundColour: &options.RGBA{R: 247, G: 248, B: 250, A: 255},
			// Files dropped on the window arrive as paths (library/nativeDrop.ts), so
			// the backend reads them in place and walks folders itself.
			DragAndDrop: &options.DragAndDrop{EnableFileDrop: true},
			OnStartup: func(wctx context.Context) {
				keepDropsInTheApp()
				app.startup(wctx)
				go func() {
					select {
					case <-ctx.Done(): // Ctrl+C or SIGTERM closes the window
						runtime.Quit(wctx)
					case <-wctx.Done():
					}
				}()
			},
			// Files handed over by the system open once the page can show them.
			OnDomReady: files.start,
			// Another launch on the same library (a double-click in Explorer while
			// the window is open) hands its files here: see backend/handoff.
			SingleInstanceLock: singleInstance(d.Instance, files),
			Mac:                &mac.Options{OnFileOpen: func(path string) { files.add(path) }},
			Linux:              &linux.Options{ProgramName: "lexflow"},
			Windows:            &windows.Options{Messages: webView2Messages()},
		})
		if err != nil {
			return err
		}
		return app.Verdict()
	}
}

// webView2Download is Microsoft's link to the WebView2 Runtime's Evergreen Bootstrapper.
const webView2Download = "https://go.microsoft.com/fwlink/p/?LinkId=2124703"

// webView2Messages say what Lexflow.exe needs when the WebView2 runtime is
// missing or too old, and where to get it; the one that ends the program is
// shown again in Lexflow's own error box (errorbox_windows.go).
func webView2Messages() *windows.Messages {
	m := windows.DefaultMessages()
	m.MissingRequirements = "Lexflow needs the WebView2 Runtime"
	m.InstallationRequired = "Lexflow's window needs the Microsoft Edge WebView2 Runtime, which is not installed on this computer.\n\n" +
		"Press OK to download and install it now (it installs silently; this takes a minute), " +
		"or Cancel to get it yourself from " + webView2Download + "."
	m.UpdateRequired = "Lexflow's window needs a newer Microsoft Edge WebView2 Runtime.\n\nPress OK to download and install it now, or Cancel to get it from " + webView2Download + "."
	m.Webview2NotInstalled = "the Microsoft Edge WebView2 Runtime is not installed: get it from " + webView2Download + " and start Lexflow again"
	return m
}
