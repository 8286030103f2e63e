//go:build desktop && (production || dev) && !windows

package main

import "github.com/wailsapp/wails/v2/pkg/options"

// singleInstance is Windows's alone: macOS hands files to the running app
// itself (Finder's "Open With" arrives as Mac.OnFileOpen), and on Linux a
// second launch on the same library is told that the first one holds it.
func singleInstance(string, *opener) *options.SingleInstanceLock { return nil }
