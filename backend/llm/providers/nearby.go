package providers

import (
	"slices"
	"strings"

	"lexflow/backend/llm"
)

// NearbyBaseURLs are the base URLs a person most likely meant when the one
// they typed answers 404: the OpenAI-compatible API under /v1 (LM Studio,
// vLLM, llama.cpp), an endpoint's address cut back to its base, or Ollama's
// own API at the root rather than its OpenAI-compatible /v1. Best first.
func NearbyBaseURLs(kind llm.Kind, base string) []string {
	base = strings.TrimRight(base, "/")
	var out []string
	add := func(u string) {
		if u != base && u != "" && !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	switch kind {
	case llm.KindOpenAI:
		trimmed := trimAnySuffix(base, "/chat/completions", "/completions", "/models", "/embeddings")
		add(trimmed)
		if !strings.HasSuffix(trimmed, "/v1") {
			add(trimmed + "/v1")
		}
	case llm.KindOllama:
		add(trimAnySuffix(base, "/api/tags", "/api/chat", "/api", "/v1"))
	}
	return out
}

func trimAnySuffix(s string, suffixes ...string) string {
	for _, suffix := range suffixes {
		if strings.HasSuffix(s, suffix) {
			return strings.TrimSuffix(s, suffix)
		}
	}
	return s
}
