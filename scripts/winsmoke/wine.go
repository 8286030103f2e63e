package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// wine runs Windows programs in one Wine prefix (a C: drive and a registry).
type wine struct {
	loader string // Debian's wine64 loader
	prefix string
}

// wineLoaders are where Debian's wine64 package and a plain wine install put the loader.
var wineLoaders = []string{"/usr/lib/wine/wine64", "/usr/bin/wine64", "/usr/bin/wine"}

// newWine finds the loader for a prefix made by scripts/wine-prefix.sh.
func newWine(prefix string) (*wine, error) {
	abs, err := filepath.Abs(prefix) // Wine takes no relative prefix
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(abs, "system.reg")); err != nil {
		return nil, fmt.Errorf("no Wine prefix at %s: make it with scripts/wine-prefix.sh", abs)
	}
	w := &wine{prefix: abs}
	for _, l := range wineLoaders {
		if _, err := os.Stat(l); err == nil {
			w.loader = l
			return w, nil
		}
	}
	return nil, fmt.Errorf("find wine64: none of %s (install Debian's wine64)", strings.Join(wineLoaders, ", "))
}

// command runs a Windows program (or a Wine builtin such as wineboot) in the prefix.
// Gecko and Mono are not wanted: Lexflow needs neither, and their install prompt would block.
func (w *wine) command(program string, args ...string) *exec.Cmd {
	cmd := exec.Command(w.loader, append([]string{program}, args...)...)
	cmd.Env = append(os.Environ(), "WINEPREFIX="+w.prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=", "DISPLAY=")
	return cmd
}

// run runs a program to its end and returns its standard output, or an error
// holding both outputs.
func (w *wine) run(program string, args ...string) (string, error) {
	cmd := w.command(program, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("%s %s: %w\nstdout:\n%s\nstderr:\n%s", filepath.Base(program), strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String(), nil
}

// waitIdle waits until the prefix's wineserver has ended, so every program
// started in it (and every file it held) is gone.
func (w *wine) waitIdle() error {
	server := filepath.Join(filepath.Dir(w.loader), "wineserver")
	if _, err := os.Stat(server); err != nil {
		server = "wineserver"
	}
	cmd := exec.Command(server, "-w")
	cmd.Env = append(os.Environ(), "WINEPREFIX="+w.prefix)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("wait for wineserver: %w\n%s", err, out)
	}
	return nil
}

// drive is the Unix path of a C: path ("C:\Lexflow smoke" → PREFIX/drive_c/Lexflow smoke).
func (w *wine) drive(windowsPath string) string {
	rest, ok := strings.CutPrefix(windowsPath, `C:\`)
	if !ok {
		rest, _ = strings.CutPrefix(windowsPath, `c:\`)
	}
	return filepath.Join(w.prefix, "drive_c", filepath.FromSlash(strings.ReplaceAll(rest, `\`, "/")))
}
