package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"time"
)

// ErrNotLoopback is returned for a listen address off this machine.
var ErrNotLoopback = errors.New("serve listens on loopback only (127.0.0.1, ::1 or localhost)")

// Options configures the `serve` face.
type Options struct {
	API   http.Handler // Routes(services)
	UI    fs.FS        // the built frontend: index.html and assets/
	Token string       // required on every /api/ call; KeepToken keeps one
}

// New returns the `serve` handler: Host and Origin checks and security headers
// on everything, the token (or its session cookie) on /api/, the UI for every
// other path.
func New(opts Options) http.Handler {
	mux := http.NewServeMux()
	a := newAccess(opts.Token)
	mux.Handle("/api/", a.require(opts.API))
	mux.Handle("POST /api/session", a.require(http.HandlerFunc(a.startSession)))
	mux.Handle("/", ui(opts.UI))
	return guardHost(secureHeaders(mux))
}

// ui serves the single-page app: real files as they are (hashed assets cached
// for good), any other path the index so client-side routes survive a reload.
func ui(files fs.FS) http.Handler {
	static := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			deny(w, r, http.StatusMethodNotAllowed, "method_not_allowed", "the UI is read-only")
			return
		}
		if !exists(files, "index.html") {
			http.Error(w, "This lexflow binary was built without its UI. Build it with `make build` (or `make run`).", http.StatusNotFound)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" || !exists(files, name) {
			w.Header().Set("Cache-Control", "no-cache")
			http.ServeFileFS(w, r, files, "index.html")
			return
		}
		if strings.HasPrefix(name, "assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		}
		static.ServeHTTP(w, r)
	})
}

func exists(files fs.FS, name string) bool {
	st, err := fs.Stat(files, name)
	return err == nil && !st.IsDir()
}

// Listen opens a loopback listener on addr ("127.0.0.1:0" picks a free port).
func Listen(addr string) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("listen address %q: %w", addr, err)
	}
	if !loopbackHost(host) {
		return nil, fmt.Errorf("listen address %q: %w", addr, ErrNotLoopback)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	return ln, nil
}

// Serve runs handler on ln until ctx ends, then drains in-flight requests.
func Serve(ctx context.Context, ln net.Listener, handler http.Handler) error {
	srv := boundSlowClients(&http.Server{Handler: handler}, DefaultPace)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	// SSE streams never finish on their own; after the grace period they are cut.
	if err := srv.Shutdown(shutdown); err != nil {
		srv.Close()
	}
	return nil
}
