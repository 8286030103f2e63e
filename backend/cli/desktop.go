package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"lexflow/backend/index"
	"lexflow/backend/server"
)

// runDesktop opens the window, or falls back to serve (with a note saying why)
// when this build has no window or there is no display to show one on. Paths
// to open go to the window already showing the same library, if there is one:
// the second window could not open the library anyway, which the first holds.
func runDesktop(ctx context.Context, dataDir string, open []string, env Env) error {
	switch {
	case env.Desktop == nil && len(open) > 0:
		return usagef("this build has no desktop window to open files in: add them with `lexflow ingest --collection NAME PATH...`")
	case env.Desktop == nil:
		fmt.Fprintln(env.Stderr, "lexflow: this build has no desktop window (build with `make desktop`); serving the UI for a browser instead.")
		return serve(ctx, dataDir, serveOptions{addr: DefaultAddr}, env)
	case env.HasDisplay != nil && !env.HasDisplay():
		fmt.Fprintln(env.Stderr, "lexflow: no display found; serving the UI for a browser instead.")
		return serve(ctx, dataDir, serveOptions{addr: DefaultAddr}, env)
	}
	dir, err := DataDir(dataDir, env.Getenv)
	if err != nil {
		return err
	}
	instance := instanceID(dir)
	if env.HandOff != nil && env.HandOff(instance, open) {
		return nil
	}
	a, err := openApp(ctx, dir, "desktop", env)
	// serve holds the library: no window will come to take the paths, and
	// the error says where the library is in use.
	if errors.Is(err, index.ErrLocked) && !errors.Is(err, errServeHolds) && handOffOnceStarted(ctx, env, instance, open) {
		return nil
	}
	if err != nil {
		return err
	}
	defer a.Close()
	return env.Desktop(ctx, DesktopApp{Services: a.services, API: server.DesktopRoutes(a.services), Open: open, Instance: instance})
}

// handOffWait is how long a launch that finds the library in use waits for
// the window holding it to take paths: Explorer starts one Lexflow per file
// when several are opened at once, and all but the first find it starting.
const (
	handOffWait  = 15 * time.Second
	handOffRetry = 250 * time.Millisecond
)

// handOffOnceStarted tries the hand-off again until the window that holds
// the library is up to take it, or handOffWait has passed.
func handOffOnceStarted(ctx context.Context, env Env, instance string, open []string) bool {
	if env.HandOff == nil {
		return false
	}
	deadline := time.Now().Add(handOffWait)
	for time.Now().Before(deadline) {
		if env.HandOff(instance, open) {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(handOffRetry):
		}
	}
	return false
}

// instanceID names the window of the library in dir: the same for every
// spelling of the folder (Windows file names ignore case), plain ASCII for
// the names of the window's single-instance lock.
func instanceID(dir string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(filepath.Clean(dir))))
	return "lexflow-" + hex.EncodeToString(sum[:8])
}
