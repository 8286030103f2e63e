package openai

import (
	"context"
	"errors"

	goopenai "github.com/sashabaranov/go-openai"

	"lexflow/backend/llm"
)

// classify sorts a failure of the go-openai client. A RequestError (an error
// status whose body is not OpenAI's error shape) is checked before an
// APIError because it may wrap one that lacks the status.
func classify(ctx context.Context, call llm.Call, err error, haveKey bool) *llm.Error {
	var reqErr *goopenai.RequestError
	var apiErr *goopenai.APIError
	switch {
	case errors.As(err, &reqErr):
		return statusError(call, reqErr.HTTPStatusCode, requestErrorText(reqErr), err, haveKey)
	case errors.As(err, &apiErr):
		// status 0: an {"error": …} event inside a stream that had started
		return statusError(call, apiErr.HTTPStatusCode, apiErr.Message, err, haveKey)
	case refusedByClient(err):
		return call.Fail(llm.ErrBadRequest, err.Error(), err)
	case errors.Is(err, goopenai.ErrTooManyEmptyStreamMessages):
		msg := "the server sent a stream of empty events; is the base URL an OpenAI-compatible endpoint?"
		return call.Fail(llm.ErrBadResponse, msg, err)
	}
	return call.Classify(ctx, err)
}

func statusError(call llm.Call, status int, msg string, cause error, haveKey bool) *llm.Error {
	e := call.Status(status, msg)
	e.Err = cause
	if errors.Is(e, llm.ErrUnauthorized) && !haveKey {
		e.Message = "the server wants an API key and none is set"
	}
	return e
}

func requestErrorText(r *goopenai.RequestError) string {
	if len(r.Body) > 0 {
		return string(r.Body)
	}
	if r.Err != nil {
		return r.Err.Error()
	}
	return ""
}

// refusedByClient reports the checks go-openai makes before sending: a model
// it knows cannot chat, or parameters OpenAI's reasoning models reject.
func refusedByClient(err error) bool {
	for _, target := range []error{
		goopenai.ErrChatCompletionInvalidModel,
		goopenai.ErrReasoningModelMaxTokensDeprecated,
		goopenai.ErrReasoningModelLimitationsLogprobs,
		goopenai.ErrReasoningModelLimitationsOther,
		goopenai.ErrReasoningEffortUnsupported,
		goopenai.ErrReasoningToolsRequireResponses,
		goopenai.ErrReasoningSamplingUnsupported,
	} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}
