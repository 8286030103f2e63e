package ollama

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/ollama/ollama/api"

	"lexflow/backend/llm"
)

// classify sorts a failure of Ollama's client. The client reports a line it
// cannot parse as a plain error carrying the line, exactly like an error the
// server sent inside the stream; bad (the first non-JSON line the watch saw)
// tells the two apart.
func classify(ctx context.Context, call llm.Call, err error, bad []byte) *llm.Error {
	var status api.StatusError
	var auth api.AuthorizationError
	switch {
	case errors.As(err, &auth):
		return call.Status(auth.StatusCode, "")
	case errors.As(err, &status):
		return statusError(call, status)
	case bad != nil:
		return call.Fail(llm.ErrBadResponse, fmt.Sprintf("Ollama sent a line that is not JSON: %.200q", bad), err)
	}
	var typed *llm.Error
	e := call.Classify(ctx, err)
	if e.Kind == llm.ErrProvider && !errors.As(err, &typed) {
		// an {"error": …} line in a stream that had started fine
		return call.Status(0, err.Error())
	}
	return e
}

// statusError maps an HTTP error. Ollama answers an unknown model with 404
// and a message naming it; a 404 without that message means the base URL
// points at something that is not Ollama.
func statusError(call llm.Call, s api.StatusError) *llm.Error {
	if s.StatusCode == http.StatusNotFound && !llm.MentionsMissingModel(s.ErrorMessage) {
		call.Model = ""
	}
	return call.Status(s.StatusCode, s.ErrorMessage)
}

// lineCheck remembers the first body line that is not a JSON object.
type lineCheck struct{ bad []byte }

func (l *lineCheck) observe(line []byte) {
	line = bytes.TrimSpace(line)
	if l.bad != nil || len(line) == 0 {
		return
	}
	if line[0] != '{' || !json.Valid(line) {
		l.bad = bytes.Clone(line)
	}
}
