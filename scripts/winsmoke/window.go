package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// windowWithoutWebView2 starts the window build where no WebView2 runtime is
// installed (Wine has none, so the window itself cannot be shown here) and
// wants it to say so rather than end in silence: first the offer to install
// the runtime; once that is declined, Lexflow's own error box, then exit 1.
// It needs an X display (make runs it under xvfb-run) and xdotool.
func windowWithoutWebView2(w *wine, gui string) error {
	cmd := w.command(gui)
	cmd.Env = append(cmd.Env, "DISPLAY="+os.Getenv("DISPLAY")) // the last DISPLAY wins
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer func() { _ = cmd.Process.Kill() }()

	if err := pressIn("^Lexflow needs the WebView2 Runtime$", "Escape"); err != nil { // Cancel
		return fmt.Errorf("no offer to install WebView2: %w", err)
	}
	if err := pressIn("^Lexflow$", "Return"); err != nil {
		return fmt.Errorf("no error box after declining WebView2: %w (stderr: %s)", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), webView2Link) {
		return fmt.Errorf("the error does not say where to get WebView2: %s", stderr.String())
	}
	select {
	case err := <-done:
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			return fmt.Errorf("Lexflow.exe ended with %v, want exit status 1", err)
		}
		return nil
	case <-time.After(30 * time.Second):
		return errors.New("Lexflow.exe still running after its error box was closed")
	}
}

// webView2Link is where Lexflow tells the user to get the runtime.
const webView2Link = "https://go.microsoft.com/fwlink/p/?LinkId=2124703"

// pressIn waits for a shown top-level window whose title matches the regular
// expression and presses a key in it. The window Wails makes, also titled
// "Lexflow", is shown for a moment while the program gives up, so a window
// found may be gone by the time it is given the focus: then the search starts
// again, until the deadline.
func pressIn(title, key string) error {
	deadline := time.Now().Add(2 * time.Minute)
	var last error
	for time.Now().Before(deadline) {
		out, _ := exec.Command("xdotool", "search", "--onlyvisible", "--name", title).Output()
		for _, id := range strings.Fields(string(out)) {
			out, err := exec.Command("xdotool", "windowfocus", "--sync", id, "key", key).CombinedOutput()
			if err == nil {
				return nil
			}
			last = fmt.Errorf("press %s: %w: %s", key, err, out)
		}
		time.Sleep(500 * time.Millisecond)
	}
	if last != nil {
		return last
	}
	return fmt.Errorf("no window titled %s within 2 minutes", title)
}
