// Package providers builds the configured llm.Provider. It is the one place
// that knows every provider kind, so nothing above it needs to.
package providers

import (
	"fmt"
	"strings"

	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
	"lexflow/backend/llm/ollama"
	"lexflow/backend/llm/openai"
)

// New returns the provider cfg.Kind names. Configuration errors, an unknown
// kind included, are *llm.Error values of kind llm.ErrBadRequest.
func New(cfg llm.Config) (llm.Provider, error) {
	switch cfg.Kind {
	case llm.KindOllama:
		p, err := ollama.New(cfg)
		if err != nil {
			return nil, err
		}
		return p, nil
	case llm.KindOpenAI:
		p, err := openai.New(cfg)
		if err != nil {
			return nil, err
		}
		return p, nil
	case llm.KindExtractive:
		return extractive.New(extractive.Options{}), nil
	}
	return nil, unknownKind(cfg.Kind)
}

// ValidateBaseURL checks a base URL typed by a person for a provider kind and
// returns it normalised (spaces and trailing slashes trimmed). An empty URL
// means the default for Ollama, is an error for OpenAI-compatible servers
// (there is no safe default for a server that may be remote), and is what
// the extractive provider, which needs none, always gets. Errors are
// *llm.Error values of kind llm.ErrBadRequest whose Message says what to fix.
func ValidateBaseURL(kind llm.Kind, raw string) (string, error) {
	switch kind {
	case llm.KindExtractive:
		return "", nil
	case llm.KindOllama:
		if strings.TrimSpace(raw) == "" {
			return llm.DefaultOllamaURL, nil
		}
	case llm.KindOpenAI:
	default:
		return "", unknownKind(kind)
	}
	u, err := llm.ParseBaseURL(string(kind), raw)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

func unknownKind(kind llm.Kind) *llm.Error {
	msg := fmt.Sprintf("unknown provider kind %q; use %q, %q or %q", kind, llm.KindOllama, llm.KindOpenAI, llm.KindExtractive)
	return &llm.Error{Kind: llm.ErrBadRequest, Provider: string(kind), Message: msg}
}
