package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"lexflow/backend/api"
)

// maxBody bounds JSON request bodies; uploads have their own routes and limits.
const maxBody = 1 << 20

// handle adapts a function returning (value, error) to JSON over HTTP:
// 200 with the value, 204 when it is nil, or the mapped error.
func handle(fn func(*http.Request) (any, error)) http.Handler {
	return respondWith(http.StatusOK, fn)
}

func created(fn func(*http.Request) (any, error)) http.Handler {
	return respondWith(http.StatusCreated, fn)
}

func accepted(fn func(*http.Request) (any, error)) http.Handler {
	return respondWith(http.StatusAccepted, fn)
}

type respondHandler struct {
	status int
	fn     func(*http.Request) (any, error)
}

func respondWith(status int, fn func(*http.Request) (any, error)) http.Handler {
	return respondHandler{status: status, fn: fn}
}

func (h respondHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	v, err := h.fn(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if v == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, h.status, v)
}

// withBody adapts a service method taking a decoded JSON body.
func withBody[In, Out any](fn func(context.Context, In) (Out, error)) http.Handler {
	return handle(withBodyFunc(fn))
}

func withBodyFunc[In, Out any](fn func(context.Context, In) (Out, error)) func(*http.Request) (any, error) {
	return func(r *http.Request) (any, error) {
		var in In
		if err := decode(r, &in); err != nil {
			return nil, err
		}
		return fn(r.Context(), in)
	}
}

// withID adapts a service method taking the {id} path value.
func withID[Out any](fn func(context.Context, string) (Out, error)) func(*http.Request) (any, error) {
	return func(r *http.Request) (any, error) { return fn(r.Context(), r.PathValue("id")) }
}

// withIDBody adapts a service method taking the {id} path value and a decoded JSON body.
func withIDBody[In, Out any](fn func(context.Context, string, In) (Out, error)) func(*http.Request) (any, error) {
	return func(r *http.Request) (any, error) {
		var in In
		if err := decode(r, &in); err != nil {
			return nil, err
		}
		return fn(r.Context(), r.PathValue("id"), in)
	}
}

// noValue adapts a method that returns only an error, answered with 204.
func noValue[In any](fn func(context.Context, In) error) func(context.Context, In) (any, error) {
	return func(ctx context.Context, in In) (any, error) { return nil, fn(ctx, in) }
}

func decode(r *http.Request, v any) error {
	body := http.MaxBytesReader(nil, r.Body, maxBody)
	err := json.NewDecoder(body).Decode(v)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return &api.Error{Status: http.StatusRequestEntityTooLarge, Body: api.ErrorBody{Code: "too_large", Message: fmt.Sprintf("request body over %d bytes", maxBody)}}
	case errors.Is(err, io.EOF):
		return &api.Error{Status: http.StatusBadRequest, Body: api.ErrorBody{Code: "bad_request", Message: "request body is empty; JSON expected"}}
	case err != nil:
		return &api.Error{Status: http.StatusBadRequest, Body: api.ErrorBody{Code: "bad_request", Message: "request body is not valid JSON: " + err.Error()}}
	}
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.Debug("write response", "err", err)
	}
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	status, body := api.ErrorOf(err)
	if status >= 500 && status != http.StatusBadGateway {
		slog.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	writeJSON(w, status, map[string]api.ErrorBody{"error": body})
}
