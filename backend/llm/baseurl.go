package llm

import (
	"fmt"
	"net/url"
	"strings"
)

// DefaultOllamaURL is where a local Ollama listens unless told otherwise.
const DefaultOllamaURL = "http://127.0.0.1:11434"

// ParseBaseURL checks a provider base URL typed by a person and returns it
// normalised (spaces and trailing slashes trimmed). Failures are *Error of
// kind ErrBadRequest whose Message says what to fix; provider names the
// provider in that error.
func ParseBaseURL(provider, raw string) (*url.URL, error) {
	s := strings.TrimSpace(raw)
	if msg := baseURLProblem(s); msg != "" {
		return nil, &Error{Kind: ErrBadRequest, Provider: provider, Message: msg}
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, &Error{Kind: ErrBadRequest, Provider: provider, Message: "base URL is malformed: " + err.Error(), Err: err}
	}
	if msg := parsedURLProblem(u); msg != "" {
		return nil, &Error{Kind: ErrBadRequest, Provider: provider, Message: msg}
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = strings.TrimRight(u.RawPath, "/")
	return u, nil
}

func baseURLProblem(s string) string {
	switch {
	case s == "":
		return "base URL is empty"
	case !strings.Contains(s, "://"):
		return fmt.Sprintf("base URL must start with http:// or https:// (for example http://%s)", s)
	}
	return ""
}

func parsedURLProblem(u *url.URL) string {
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return "base URL must start with http:// or https://"
	case u.Host == "" || u.Hostname() == "":
		return "base URL has no host"
	case u.User != nil:
		return "base URL must not contain a user name or password; put the key in the API key field"
	case u.RawQuery != "" || u.Fragment != "":
		return "base URL must not have a query (?…) or fragment (#…)"
	}
	return ""
}
