//go:build desktop && (production || dev) && windows

package main

import (
	"bytes"
	"io"
	"os"
	"strings"

	"golang.org/x/sys/windows"
)

// errorOutput keeps what Lexflow.exe says on stderr: a window program on
// Windows has no console, so an error that stops it (no WebView2 runtime, a
// data directory it cannot write) would otherwise end it without a word.
// showErrors puts that text in a message box when the program fails.
func errorOutput() (stderr io.Writer, showErrors func(code int)) {
	var kept bytes.Buffer
	return io.MultiWriter(&kept, os.Stderr), func(code int) {
		if code == 0 || kept.Len() == 0 {
			return
		}
		text := "Lexflow could not start.\n\n" + strings.TrimSpace(kept.String())
		if strings.Contains(strings.ToLower(text), "webview2") && !strings.Contains(text, webView2Download) {
			text += "\n\nGet the Microsoft Edge WebView2 Runtime from " + webView2Download + " and start Lexflow again."
		}
		_, _ = windows.MessageBox(0, windows.StringToUTF16Ptr(text), windows.StringToUTF16Ptr("Lexflow"),
			windows.MB_OK|windows.MB_ICONERROR)
	}
}
