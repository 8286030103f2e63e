// Package llmtest is a fake model server on loopback that speaks the Ollama
// and the OpenAI wire protocols for real (NDJSON and SSE streams, error
// bodies, model lists), so the real provider clients can be tested against it,
// here, in every package above, and in browser end-to-end tests through the
// fakellm command.
//
// Replies are scripted per model (Script, Respond) and may carry a Fault:
// an HTTP error, a stream cut mid-way, a stream that ends without its done
// marker, a malformed frame, silence after some frames, or a hang before any
// header. A closed server (Close, RefusedURL) refuses connections. Unscripted
// models echo the last user message. Every request is recorded (Requests).
// A request that asks for a JSON Schema gets only replies that conform to it,
// and the server can reject schemas or JSON mode like an older server
// (schema.go).
//
// Target holds the checks every provider must pass against the server
// (RunStreams, RunFaults, CheckCallbackStop), run from each provider's tests
// with that provider's own tables of expectations.
package llmtest

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"lexflow/backend/llm"
)

// Server is a running fake model server. Its methods are safe for concurrent use.
type Server struct {
	hs        *httptest.Server
	quit      chan struct{}
	closeOnce sync.Once

	mu         sync.Mutex
	models     []string
	apiKey     string
	scripts    map[string][]Reply
	responders map[string]Responder
	requests   []Request
	refused    []llm.Format // reply formats rejected like an older server (RefuseFormats)
	violations []string     // replies withheld for breaking their request's schema
}

// Responder builds a reply from the request; it runs for every request to its
// model once that model's scripted queue is empty.
type Responder func(Request) Reply

// Options configure Start.
type Options struct {
	// Addr is the listen address; empty means 127.0.0.1 on a free port.
	Addr string
	// APIKey, when set, makes the OpenAI endpoints require "Bearer <APIKey>".
	APIKey string
}

// Start serves a fake model server until Close. It does not need a test.
func Start(opts Options) (*Server, error) {
	addr := opts.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	s := &Server{
		quit:       make(chan struct{}),
		apiKey:     opts.APIKey,
		scripts:    map[string][]Reply{},
		responders: map[string]Responder{},
	}
	s.hs = httptest.NewUnstartedServer(s.routes())
	s.hs.Listener.Close()
	s.hs.Listener = ln
	s.hs.Start()
	return s, nil
}

// New starts a server for one test and closes it when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	s, err := Start(Options{})
	if err != nil {
		t.Fatalf("start fake model server: %v", err)
	}
	t.Cleanup(s.Close)
	t.Cleanup(func() {
		for _, v := range s.Violations() {
			t.Errorf("fake model server: %s", v)
		}
	})
	return s
}

// RefusedURL returns an http URL on loopback where nothing listens, for
// testing refused connections.
func RefusedURL(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

// Close stops the server, releasing handlers that hang or stall. After Close
// the URL refuses connections. Close is idempotent.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.quit)
		s.hs.CloseClientConnections()
		s.hs.Close()
	})
}

// URL is the server's base URL, e.g. http://127.0.0.1:54321.
func (s *Server) URL() string { return s.hs.URL }

// OllamaURL is the base URL for an Ollama client (the server root).
func (s *Server) OllamaURL() string { return s.hs.URL }

// OpenAIURL is the base URL for an OpenAI client (URL + "/v1").
func (s *Server) OpenAIURL() string { return s.hs.URL + "/v1" }

// SetModels sets the models both protocols list. Once a list is set, chat
// requests for a model that is neither listed nor scripted get the
// protocol's "model not found" error (HTTP 404).
func (s *Server) SetModels(names ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.models = slices.Clone(names)
}

// SetAPIKey sets (or, with "", clears) the key the OpenAI endpoints require.
func (s *Server) SetAPIKey(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.apiKey = key
}

// Script queues replies for model; each chat request for it takes the next.
// Model "" queues replies for any model that has no queue of its own.
func (s *Server) Script(model string, replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scripts[model] = append(s.scripts[model], replies...)
}

// Respond sets the responder for model ("" for any model), used once the
// model's scripted queue is empty.
func (s *Server) Respond(model string, fn Responder) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.responders[model] = fn
}

// Requests returns every request received so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// RequestsFor returns the requests received on one protocol's endpoints.
func (s *Server) RequestsFor(p Protocol) []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Protocol == p {
			out = append(out, r)
		}
	}
	return out
}

// ClearRequests forgets the recorded requests.
func (s *Server) ClearRequests() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = nil
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/chat", s.ollamaChat)
	mux.HandleFunc("GET /api/tags", s.ollamaTags)
	mux.HandleFunc("GET /api/version", s.ollamaVersion)
	mux.HandleFunc("GET /{$}", s.ollamaRoot)
	mux.HandleFunc("POST /v1/chat/completions", s.requireKey(s.openaiChat))
	mux.HandleFunc("GET /v1/models", s.requireKey(s.openaiModels))
	return s.record(mux)
}

// record keeps a decoded copy of every request before it is served.
func (s *Server) record(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "read body: "+err.Error(), http.StatusBadRequest)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(raw))
		s.mu.Lock()
		s.requests = append(s.requests, decodeRequest(r, raw))
		s.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

// next picks the reply for a chat request: the model's queue, the shared
// queue, the model's responder, the shared responder, then the echo. ok is
// false when the model is unknown.
func (s *Server) next(req Request) (reply Reply, ok bool) {
	s.mu.Lock()
	for _, key := range []string{req.Model, ""} {
		if q := s.scripts[key]; len(q) > 0 {
			s.scripts[key] = q[1:]
			s.mu.Unlock()
			return q[0], true
		}
	}
	fn := s.responders[req.Model]
	if fn == nil {
		fn = s.responders[""]
	}
	known := s.knownLocked(req.Model)
	s.mu.Unlock()
	switch {
	case fn != nil:
		return fn(req), true
	case known:
		return Echo(req), true
	}
	return Reply{}, false
}

func (s *Server) knownLocked(model string) bool {
	_, scripted := s.scripts[model]
	_, responds := s.responders[model]
	return len(s.models) == 0 || slices.Contains(s.models, model) || scripted || responds
}

// modelNames lists the models to advertise: the set list, else every scripted model.
func (s *Server) modelNames() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.models) > 0 {
		return slices.Clone(s.models)
	}
	var names []string
	for name := range s.scripts {
		names = append(names, name)
	}
	for name := range s.responders {
		names = append(names, name)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	return slices.DeleteFunc(names, func(n string) bool { return n == "" })
}

func (s *Server) requireKey(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		key := s.apiKey
		s.mu.Unlock()
		got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if key != "" && got != key {
			msg := "Incorrect API key provided. You can find your API key in your account settings."
			writeOpenAIError(w, http.StatusUnauthorized, msg, "invalid_api_key")
			return
		}
		next(w, r)
	}
}
