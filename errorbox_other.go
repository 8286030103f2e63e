//go:build !(desktop && (production || dev) && windows)

package main

import (
	"io"
	"os"
)

// errorOutput is stderr itself wherever errors can be read there (see
// errorbox_windows.go for the Windows window).
func errorOutput() (stderr io.Writer, showErrors func(code int)) {
	return os.Stderr, func(int) {}
}
