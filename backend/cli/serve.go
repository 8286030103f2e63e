package cli

import (
	"context"
	"fmt"
	"os/exec"
	"runtime"

	"lexflow/backend/api"
	"lexflow/backend/server"
)

// runServe serves the UI and API on loopback until ctx ends.
func runServe(ctx context.Context, args []string, dataDir string, env Env) error {
	fs := newFlags("serve", env)
	addr := fs.String("addr", "127.0.0.1:0", "loopback address to listen on (port 0 picks a free one)")
	open := fs.Bool("open", false, "open the URL in the default browser")
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("serve takes no arguments, got %q", rest)
	}
	return serve(ctx, dataDir, *addr, *open, env)
}

func serve(ctx context.Context, dataDir, addr string, open bool, env Env) error {
	ln, err := server.Listen(addr)
	if err != nil {
		return usageError{err.Error()}
	}
	defer ln.Close()
	a, err := openApp(ctx, dataDir, "serve", env)
	if err != nil {
		return err
	}
	defer a.Close()
	token := server.NewToken()
	handler := server.New(server.Options{API: server.Routes(a.services), UI: env.UI, Token: token})
	url := fmt.Sprintf("http://%s/#token=%s", ln.Addr(), token)
	fmt.Fprintf(env.Stdout, "Lexflow is running at %s\nData directory: %s\nPress Ctrl+C to stop.\n", url, a.dir)
	if open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(env.Stderr, "lexflow: open a browser: %v (open the URL above by hand)\n", err)
		}
	}
	go reportSelfTest(ctx, a, env)
	return server.Serve(ctx, ln, handler)
}

// reportSelfTest prints the UI's event-check verdict when a self-test was asked for.
func reportSelfTest(ctx context.Context, a *app, env Env) {
	if selfTestEvents(env) <= 0 {
		return
	}
	select {
	case r := <-a.services.Diagnostics.Results():
		fmt.Fprintln(env.Stdout, SelfTestVerdict(a.services.Diagnostics.Passed(r), r))
	case <-ctx.Done():
	}
}

// SelfTestVerdict is the one line a self-test run prints.
func SelfTestVerdict(passed bool, r api.SelfTestResult) string {
	verdict := "FAIL"
	if passed {
		verdict = "PASS"
	}
	return fmt.Sprintf("selftest %s: %+v", verdict, r)
}

func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	return cmd.Start()
}
