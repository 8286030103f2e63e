//go:build !(desktop && (production || dev))

package main

import (
	"context"
	"io/fs"

	"lexflow/backend/cli"
)

// desktop is nil in a build without the window: `lexflow` then serves the UI
// for a browser instead. `make desktop` builds the window.
func desktop(fs.FS) func(context.Context, cli.DesktopApp) error { return nil }
