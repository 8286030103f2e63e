package llm

import (
	"errors"
	"fmt"
)

// Sentinels callers branch on; every provider error unwraps to exactly one of them.
var (
	ErrUnreachable       = errors.New("provider unreachable")
	ErrModelNotFound     = errors.New("model not found")
	ErrUnauthorized      = errors.New("unauthorized")
	ErrTimeout           = errors.New("timed out")
	ErrRateLimited       = errors.New("rate limited")
	ErrStreamInterrupted = errors.New("stream interrupted")
	ErrBadResponse       = errors.New("malformed response")
	ErrBadRequest        = errors.New("bad request")
	ErrProvider          = errors.New("provider error")
	ErrCanceled          = errors.New("canceled")
)

// Error is a provider failure with enough detail for a person to act on.
type Error struct {
	Kind     error  // one of the sentinels above
	Provider string // provider kind or name
	Status   int    // HTTP status when there was one
	Message  string // what the provider said, or what we saw
	Err      error  // underlying cause, if any
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("%s: %s", e.Provider, e.Kind)
	if e.Status != 0 {
		msg += fmt.Sprintf(" (HTTP %d)", e.Status)
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// Unwrap exposes both the sentinel kind and the cause to errors.Is and errors.As.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}

// Code is a stable machine-readable name for an error's kind, used by the API and UI.
func Code(err error) string {
	for _, c := range codes {
		if errors.Is(err, c.kind) {
			return c.code
		}
	}
	return "provider_error"
}

var codes = []struct {
	kind error
	code string
}{
	{ErrUnreachable, "unreachable"},
	{ErrModelNotFound, "model_not_found"},
	{ErrUnauthorized, "unauthorized"},
	{ErrTimeout, "timeout"},
	{ErrRateLimited, "rate_limited"},
	{ErrStreamInterrupted, "stream_interrupted"},
	{ErrBadResponse, "bad_response"},
	{ErrBadRequest, "bad_request"},
	{ErrCanceled, "canceled"},
}
