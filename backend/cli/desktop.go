package cli

import (
	"context"
	"fmt"

	"lexflow/backend/server"
)

// runDesktop opens the window, or falls back to serve (with a note saying why)
// when this build has no window or there is no display to show one on.
func runDesktop(ctx context.Context, dataDir string, env Env) error {
	switch {
	case env.Desktop == nil:
		fmt.Fprintln(env.Stderr, "lexflow: this build has no desktop window (build with `make desktop`); serving the UI for a browser instead.")
		return serve(ctx, dataDir, serveOptions{addr: DefaultAddr}, env)
	case env.HasDisplay != nil && !env.HasDisplay():
		fmt.Fprintln(env.Stderr, "lexflow: no display found; serving the UI for a browser instead.")
		return serve(ctx, dataDir, serveOptions{addr: DefaultAddr}, env)
	}
	a, err := openApp(ctx, dataDir, "desktop", env)
	if err != nil {
		return err
	}
	defer a.Close()
	return env.Desktop(ctx, DesktopApp{Services: a.services, API: server.DesktopRoutes(a.services)})
}
