package llm

import (
	"cmp"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
)

// Call describes one provider call so that its failure can be put in words a
// person can act on. Providers fill one per call and pass every failure
// through Status or Classify; this is the only place failures are sorted.
type Call struct {
	Provider string // Error.Provider
	BaseURL  string
	Model    string
	// Timeout is the overall bound the provider applied, zero when the
	// caller's own deadline ruled.
	Timeout time.Duration
	Connect time.Duration // ConnectTimeout, quoted in messages
	// Headers is the bound on the wait for response headers, when it is
	// not Connect.
	Headers time.Duration
	// Unreachable and ModelMissing replace the generic wording of those two
	// failures, e.g. "Ollama is not running at …".
	Unreachable  string
	ModelMissing string
}

// Fail builds an *Error of kind for this call.
func (c Call) Fail(kind error, msg string, cause error) *Error {
	return &Error{Kind: kind, Provider: c.Provider, Message: msg, Err: cause}
}

// Status sorts an HTTP error status, with the message the server put in its
// body, into a kind. Status 0 is an error the server sent inside a stream.
func (c Call) Status(status int, body string) *Error {
	msg := cleanMessage(body)
	e := c.statusError(status, msg)
	e.Status = status
	return e
}

func (c Call) statusError(status int, msg string) *Error {
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return c.Fail(ErrUnauthorized, quoteServer("bad API key, or the key has no access", msg), nil)
	case MentionsMissingModel(msg) || (status == http.StatusNotFound && c.Model != ""):
		return c.Fail(ErrModelNotFound, quoteServer(c.modelMissing(), msg), nil)
	case status == http.StatusNotFound:
		what := fmt.Sprintf("no such endpoint at %s; check the base URL", c.BaseURL)
		return c.Fail(ErrBadRequest, quoteServer(what, msg), nil)
	case status == http.StatusTooManyRequests:
		return c.Fail(ErrRateLimited, quoteServer("too many requests; wait a moment and try again", msg), nil)
	case status >= 400 && status < 500:
		return c.Fail(ErrBadRequest, orText(msg, status), nil)
	default:
		return c.Fail(ErrProvider, orText(msg, status), nil)
	}
}

// Classify sorts a failure that is not an HTTP status: network, timeout,
// cancellation, broken stream, malformed JSON. ctx is the call's context, whose
// state tells a deadline from a cancellation. An *Error passes through.
func (c Call) Classify(ctx context.Context, err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var idle *IdleError
	if errors.As(err, &idle) {
		msg := fmt.Sprintf("the model sent nothing for %s; the server may be stuck or overloaded", idle.After)
		return c.Fail(ErrTimeout, msg, err)
	}
	if ctx.Err() != nil {
		return c.contextError(ctx.Err(), err)
	}
	if errors.Is(err, context.Canceled) {
		return c.contextError(err, err)
	}
	// net/http's header timeout also claims to be DeadlineExceeded, so the
	// network sort comes before a last look for a deadline from elsewhere.
	if e := c.networkError(err); e != nil {
		return e
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return c.contextError(err, err)
	}
	return c.dataError(err)
}

func (c Call) contextError(ctxErr, cause error) *Error {
	if !errors.Is(ctxErr, context.DeadlineExceeded) {
		return c.Fail(ErrCanceled, "the call was canceled", cause)
	}
	if c.Timeout > 0 {
		return c.Fail(ErrTimeout, fmt.Sprintf("no complete reply within %s", c.Timeout), cause)
	}
	return c.Fail(ErrTimeout, "the deadline passed before the reply was complete", cause)
}

// networkError sorts failures to reach the server or to keep talking to it.
func (c Call) networkError(err error) *Error {
	var dns *net.DNSError
	var op *net.OpError
	var cert *tls.CertificateVerificationError
	var netErr net.Error
	switch {
	case errors.As(err, &dns):
		return c.unreachable(fmt.Sprintf("cannot resolve host %q", dns.Name), err)
	case errors.As(err, &op) && op.Op == "dial":
		return c.unreachable(c.dialProblem(op), err)
	case errors.Is(err, syscall.ECONNREFUSED):
		return c.unreachable("connection refused", err)
	case errors.As(err, &cert):
		return c.unreachable("the server's TLS certificate is not trusted", err)
	case errors.As(err, &netErr) && netErr.Timeout():
		msg := fmt.Sprintf("the server did not start answering within %s", cmp.Or(c.Headers, c.Connect))
		return c.Fail(ErrTimeout, msg, err)
	case isBrokenConnection(err):
		msg := "the connection broke before the reply was complete"
		return c.Fail(ErrStreamInterrupted, msg, err)
	}
	return nil
}

func (c Call) dialProblem(op *net.OpError) string {
	switch {
	case op.Timeout():
		return fmt.Sprintf("no answer within %s", c.Connect)
	case errors.Is(op, syscall.ECONNREFUSED):
		return "connection refused"
	default:
		return op.Err.Error()
	}
}

func (c Call) unreachable(detail string, cause error) *Error {
	what := c.Unreachable
	if what == "" {
		what = fmt.Sprintf("cannot reach the server at %s", c.BaseURL)
	}
	return c.Fail(ErrUnreachable, what+": "+detail, cause)
}

// dataError sorts what is left: malformed replies, and anything unknown.
func (c Call) dataError(err error) *Error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	if errors.As(err, &syntax) || errors.As(err, &typ) {
		return c.Fail(ErrBadResponse, "the server sent a reply that is not valid JSON: "+err.Error(), err)
	}
	return c.Fail(ErrProvider, cleanMessage(err.Error()), err)
}

func (c Call) modelMissing() string {
	switch {
	case c.ModelMissing != "":
		return c.ModelMissing
	case c.Model != "":
		return fmt.Sprintf("model %q not found", c.Model)
	default:
		return "model not found"
	}
}

func isBrokenConnection(err error) bool {
	targets := []error{io.ErrUnexpectedEOF, io.EOF, syscall.ECONNRESET, syscall.EPIPE, syscall.ECONNABORTED}
	for _, target := range append(targets, brokenConnectionErrnos...) {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// MentionsMissingModel reports whether a server's error message says the
// requested model does not exist; servers disagree on the status they use.
func MentionsMissingModel(msg string) bool {
	m := strings.ToLower(msg)
	if !strings.Contains(m, "model") {
		return false
	}
	for _, phrase := range []string{"not found", "does not exist", "no such model", "unknown model", "not installed"} {
		if strings.Contains(m, phrase) {
			return true
		}
	}
	return false
}

func quoteServer(ours, server string) string {
	if server == "" {
		return ours
	}
	return ours + " (server said: " + server + ")"
}

func orText(msg string, status int) string {
	if msg != "" {
		return msg
	}
	if text := http.StatusText(status); text != "" {
		return strings.ToLower(text)
	}
	return "the server reported an error without a message"
}

// maxMessage bounds how much of a server's error body ends up in a message.
const maxMessage = 500

func cleanMessage(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= maxMessage {
		return s
	}
	r := []rune(s)
	return string(r[:maxMessage]) + "…"
}
