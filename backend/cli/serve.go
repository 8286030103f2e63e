package cli

import (
	"context"
	"fmt"
	"net"
	"os/exec"
	"runtime"

	"lexflow/backend/api"
	"lexflow/backend/server"
)

// DefaultAddr is where serve listens unless told otherwise: the same port at
// every launch, so a bookmark keeps working.
const DefaultAddr = "127.0.0.1:41414"

// serveOptions are what `serve` was asked for.
type serveOptions struct {
	addr     string
	open     bool // open the URL in the default browser
	newToken bool // replace the kept access token
}

// runServe serves the UI and API on loopback until ctx ends.
func runServe(ctx context.Context, args []string, dataDir string, env Env) error {
	fs := newFlags("serve", env)
	var opts serveOptions
	fs.StringVar(&opts.addr, "addr", DefaultAddr, "loopback address to listen on (port 0 picks a free one)")
	fs.BoolVar(&opts.open, "open", false, "open the URL in the default browser")
	fs.BoolVar(&opts.newToken, "new-token", false, "replace the access token: earlier links and sessions stop working")
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("serve takes no arguments, got %q", rest)
	}
	return serve(ctx, dataDir, opts, env)
}

func serve(ctx context.Context, dataDir string, opts serveOptions, env Env) error {
	ln, err := listen(opts.addr, env)
	if err != nil {
		return usageError{err.Error()}
	}
	defer ln.Close()
	a, err := openApp(ctx, dataDir, "serve", env)
	if err != nil {
		return err
	}
	defer a.Close()
	token, err := server.KeepToken(a.dir, opts.newToken)
	if err != nil {
		return err
	}
	handler := server.New(server.Options{API: server.Routes(a.services), UI: env.UI, Token: token})
	release, err := server.RecordAddress(a.dir, ln.Addr().String())
	if err != nil {
		return fmt.Errorf("record the serve address: %w", err)
	}
	defer release()
	url := fmt.Sprintf("http://%s/#token=%s", ln.Addr(), token)
	fmt.Fprintf(env.Stdout, "Lexflow is running at %s\nData directory: %s\n%s\nPress Ctrl+C to stop.\n", url, a.dir, tokenNote(opts.newToken))
	if opts.open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(env.Stderr, "lexflow: open a browser: %v (open the URL above by hand)\n", err)
		}
	}
	go reportSelfTest(ctx, a, env)
	return server.Serve(ctx, ln, handler)
}

// listen opens addr; when the default port is taken it takes a free one
// instead and says so (an address asked for by name is not second-guessed).
func listen(addr string, env Env) (net.Listener, error) {
	ln, err := server.Listen(addr)
	if err == nil || addr != DefaultAddr {
		return ln, err
	}
	ln, fallbackErr := server.Listen("127.0.0.1:0")
	if fallbackErr != nil {
		return nil, err
	}
	fmt.Fprintf(env.Stderr, "lexflow: cannot use the usual address (%v; is another Lexflow running?); serving on %s instead, so bookmarks made for %s will not reach this one.\n", err, ln.Addr(), addr)
	return ln, nil
}

func tokenNote(renewed bool) string {
	if renewed {
		return "The access token was replaced: earlier links and sessions no longer work; this link stays valid across restarts."
	}
	return "The link stays valid across restarts; `lexflow serve --new-token` replaces it."
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

// openBrowser hands url to the OS's opener; serve never fails because of it.
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
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() // reap the opener; its exit says nothing about the browser
	return nil
}
