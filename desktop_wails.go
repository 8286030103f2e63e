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
	"github.com/wailsapp/wails/v2/pkg/runtime"

	"lexflow/backend/cli"
)

// desktop returns the function that opens the Wails window over ui.
func desktop(ui fs.FS) func(context.Context, cli.DesktopApp) error {
	return func(ctx context.Context, d cli.DesktopApp) error {
		app := NewApp(d, os.Stdout)
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
			Linux: &linux.Options{ProgramName: "lexflow"},
		})
		if err != nil {
			return err
		}
		return app.Verdict()
	}
}
