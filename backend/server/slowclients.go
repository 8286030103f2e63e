package server

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Pace bounds how slowly a client may talk to `serve`. A request body may
// stream for as long as it keeps moving (a large upload on a slow link is
// fine), but one that stalls, or dribbles below MinBytes per Window of time
// spent waiting on the network, is cut. Only time waiting for the client
// counts: a slow disk on our side never cuts an upload.
type Pace struct {
	Header   time.Duration // to send the request line and headers
	Idle     time.Duration // a kept-alive connection may sit unused
	Stall    time.Duration // longest wait for the next body bytes
	Window   time.Duration // network wait over which MinBytes must arrive
	MinBytes int64
}

// DefaultPace lets a body arrive as slowly as 8 KiB per 10 s of waiting
// (about 6.5 kbit/s, far under any real link) and stall at most 30 s.
var DefaultPace = Pace{Header: 10 * time.Second, Idle: 2 * time.Minute, Stall: 30 * time.Second,
	Window: 10 * time.Second, MinBytes: 8 << 10}

// ErrSlowBody is a request body that stalled or dribbled below the pace.
var ErrSlowBody = errors.New("request body too slow")

// boundSlowClients sets the server's header and idle timeouts and paces every
// request body read through its handler.
func boundSlowClients(srv *http.Server, p Pace) *http.Server {
	srv.ReadHeaderTimeout = p.Header
	srv.IdleTimeout = p.Idle
	next := srv.Handler
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		body := &pacedBody{ReadCloser: r.Body, rc: rc, pace: p}
		r.Body = body
		next.ServeHTTP(w, r)
		if body.err != nil {
			// Leave the deadline passed: the server then drops the connection
			// instead of draining the rest of a dribbled body.
			_ = rc.SetReadDeadline(time.Now())
			return
		}
		_ = rc.SetReadDeadline(time.Time{})
	})
	return srv
}

// pacedBody sets a read deadline before each read and checks the rate over
// the time spent waiting in reads.
type pacedBody struct {
	io.ReadCloser
	rc       *http.ResponseController
	pace     Pace
	waited   time.Duration // in reads since the window began
	received int64         // in the window
	done     bool          // the body was read to its end
	err      error         // the body was cut as too slow
}

func (b *pacedBody) Read(p []byte) (int, error) {
	if b.done {
		return b.ReadCloser.Read(p)
	}
	if b.err != nil {
		return 0, b.err
	}
	_ = b.rc.SetReadDeadline(time.Now().Add(b.pace.Stall))
	start := time.Now()
	n, err := b.ReadCloser.Read(p)
	b.waited += time.Since(start)
	b.received += int64(n)
	switch {
	case errors.Is(err, io.EOF):
		b.done = true // the whole body is in: a long handler may run on undisturbed
		_ = b.rc.SetReadDeadline(time.Time{})
	case isTimeout(err):
		b.err = fmt.Errorf("%w: no bytes for %s", ErrSlowBody, b.pace.Stall)
		return n, b.err
	case b.waited >= b.pace.Window:
		if b.received < b.pace.MinBytes {
			b.err = fmt.Errorf("%w: %d bytes in %s of waiting", ErrSlowBody, b.received, b.waited.Round(time.Millisecond))
			return n, b.err
		}
		b.waited, b.received = 0, 0
	}
	return n, err
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}
