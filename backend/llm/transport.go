package llm

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// Defaults for the Config timeouts, as documented on Config.
const (
	DefaultTimeout        = 5 * time.Minute
	DefaultConnectTimeout = 10 * time.Second
	DefaultIdleTimeout    = 60 * time.Second
)

// WithDefaults returns c with zero (or negative) timeouts replaced by the defaults.
func (c Config) WithDefaults() Config {
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.ConnectTimeout <= 0 {
		c.ConnectTimeout = DefaultConnectTimeout
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = DefaultIdleTimeout
	}
	return c
}

// Resolve readies c for a provider of kind: default timeouts, the kind as the
// name when none is given, and the base URL (fallback when it is blank)
// checked and normalised by ParseBaseURL, which is also returned parsed.
func (c Config) Resolve(kind Kind, fallbackURL string) (Config, *url.URL, error) {
	c = c.WithDefaults()
	c.Name = cmp.Or(c.Name, string(kind))
	base, err := ParseBaseURL(c.Name, cmp.Or(strings.TrimSpace(c.BaseURL), fallbackURL))
	if err != nil {
		return c, nil, err
	}
	c.BaseURL = base.String()
	return c, base, nil
}

// Call describes a call to model under c (see Resolve); the provider adds
// its own wording for the failures it knows better.
func (c Config) Call(model string) Call {
	return Call{Provider: c.Name, BaseURL: c.BaseURL, Model: model, Connect: c.ConnectTimeout}
}

// NewTransport returns the connection pool a provider keeps for its lifetime.
// ConnectTimeout bounds dialing, the TLS handshake and the wait for response
// headers, so a server that accepts but never answers cannot hold a call.
func NewTransport(cfg Config) *http.Transport {
	cfg = cfg.WithDefaults()
	dialer := &net.Dialer{Timeout: cfg.ConnectTimeout, KeepAlive: 30 * time.Second}
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           dialer.DialContext,
		ForceAttemptHTTP2:     true,
		TLSHandshakeTimeout:   cfg.ConnectTimeout,
		ResponseHeaderTimeout: cfg.ConnectTimeout,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       90 * time.Second,
	}
}

// CallContext bounds ctx by timeout unless the caller already set a deadline.
// It reports the bound it applied (zero when the caller's deadline rules), which
// the error messages quote.
func CallContext(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc, time.Duration) {
	if _, ok := ctx.Deadline(); ok || timeout <= 0 {
		ctx, cancel := context.WithCancel(ctx)
		return ctx, cancel, 0
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	return ctx, cancel, timeout
}

// Bound is CallContext for this call: it records the bound it applied in
// c.Timeout, which the error messages quote.
func (c *Call) Bound(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel, applied := CallContext(ctx, timeout)
	c.Timeout = applied
	return ctx, cancel
}

// IdleError is what a watched response body returns once it has been silent
// for longer than the idle bound.
type IdleError struct{ After time.Duration }

func (e *IdleError) Error() string { return fmt.Sprintf("no data received for %s", e.After) }

// Timeout marks IdleError as a timeout for code that checks net.Error.
func (e *IdleError) Timeout() bool { return true }

// Watch is a per-call RoundTripper. It cancels a response whose body stays
// silent longer than the idle bound (the libraries we build on block in Read
// forever otherwise), remembers the response status, and hands every complete
// body line to an optional observer so a provider can notice end markers and
// malformed frames the library hides from it.
type Watch struct {
	base   http.RoundTripper
	idle   time.Duration
	onLine func(line []byte)
	fired  atomic.Bool
	status atomic.Int32
}

// NewWatch wraps base. onLine may be nil; it runs on the goroutine reading the
// body, without the line's newline, and must not keep the slice.
func NewWatch(base http.RoundTripper, idle time.Duration, onLine func(line []byte)) *Watch {
	return &Watch{base: base, idle: idle, onLine: onLine}
}

// Client returns an http.Client that sends through the watch. It has no
// overall Timeout: calls are bounded by their context (see CallContext).
func (w *Watch) Client() *http.Client { return &http.Client{Transport: w} }

// Status is the HTTP status of the last response, zero before one arrived.
func (w *Watch) Status() int { return int(w.status.Load()) }

// Idled reports whether the idle bound cut a response short.
func (w *Watch) Idled() bool { return w.fired.Load() }

// RoundTrip sends req and arms the idle watchdog once headers have arrived;
// the wait for headers is the transport's ResponseHeaderTimeout.
func (w *Watch) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithCancel(req.Context())
	resp, err := w.base.RoundTrip(req.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, err
	}
	w.status.Store(int32(resp.StatusCode))
	body := &watchedBody{rc: resp.Body, w: w, cancel: cancel}
	if w.idle > 0 {
		body.timer = time.AfterFunc(w.idle, func() {
			w.fired.Store(true)
			cancel()
		})
	}
	resp.Body = body
	return resp, nil
}

// watchedBody resets the idle timer on every read that returns data.
type watchedBody struct {
	rc     io.ReadCloser
	w      *Watch
	timer  *time.Timer
	cancel context.CancelFunc
	line   []byte
}

// maxObservedLine bounds the memory the line observer may hold for one line.
const maxObservedLine = 16 << 20

func (b *watchedBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if n > 0 && b.timer != nil {
		b.timer.Reset(b.w.idle)
	}
	b.observe(p[:n], err == io.EOF)
	if err != nil && b.w.fired.Load() {
		err = &IdleError{After: b.w.idle}
	}
	return n, err
}

func (b *watchedBody) Close() error {
	if b.timer != nil {
		b.timer.Stop()
	}
	defer b.cancel()
	return b.rc.Close()
}

// observe splits the body into lines for the observer. A last unterminated
// line is reported only at a clean end of body: after a broken connection it is
// a fragment, not a line. The observer must not keep the slice.
func (b *watchedBody) observe(p []byte, end bool) {
	if b.w.onLine == nil {
		return
	}
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			if len(b.line)+len(p) <= maxObservedLine {
				b.line = append(b.line, p...)
			}
			break
		}
		b.line = append(b.line, p[:i]...)
		b.w.onLine(b.line)
		b.line = b.line[:0]
		p = p[i+1:]
	}
	if end && len(b.line) > 0 {
		b.w.onLine(b.line)
		b.line = b.line[:0]
	}
}
