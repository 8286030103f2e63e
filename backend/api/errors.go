package api

import (
	"errors"
	"net/http"

	"lexflow/backend/llm"
	"lexflow/backend/store"
)

// Error is an API failure with the HTTP status and body to answer with.
type Error struct {
	Status int
	Body   ErrorBody
}

func (e *Error) Error() string { return e.Body.Message }

// invalid reports bad input in one field.
func invalid(field, message string) error {
	return &Error{Status: http.StatusBadRequest, Body: ErrorBody{Code: "bad_request", Message: message, Field: field}}
}

// ErrorOf maps any error from a service to an HTTP status and a body the UI can
// act on: typed provider errors keep their code, store sentinels become 404/409.
func ErrorOf(err error) (int, ErrorBody) {
	var apiErr *Error
	var llmErr *llm.Error
	switch {
	case errors.As(err, &apiErr):
		return apiErr.Status, apiErr.Body
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, ErrorBody{Code: "not_found", Message: err.Error()}
	case errors.Is(err, store.ErrAmbiguous):
		return http.StatusConflict, ErrorBody{Code: "ambiguous", Message: err.Error()}
	case errors.Is(err, store.ErrStale):
		return http.StatusConflict, ErrorBody{Code: "stale", Message: err.Error()}
	case errors.Is(err, store.ErrConflict):
		return http.StatusConflict, ErrorBody{Code: "conflict", Message: err.Error(), Field: "name"}
	case errors.As(err, &llmErr):
		return http.StatusBadGateway, ErrorBody{Code: llm.Code(err), Message: errorText(err)}
	default:
		return http.StatusInternalServerError, ErrorBody{Code: "internal", Message: err.Error()}
	}
}

// errorText is what a person needs from a provider error: the provider's own
// sentence, without the chain of wrapping prefixes.
func errorText(err error) string {
	var e *llm.Error
	if errors.As(err, &e) && e.Message != "" {
		return e.Message
	}
	return err.Error()
}
