package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

func testCall() Call {
	return Call{
		Provider:    "test",
		BaseURL:     "http://127.0.0.1:9",
		Model:       "llama3",
		Timeout:     time.Minute,
		Connect:     10 * time.Second,
		Unreachable: "Test server is not running at http://127.0.0.1:9",
	}
}

func TestCallStatus(t *testing.T) {
	tests := []struct {
		name     string
		model    string
		status   int
		body     string
		kind     error
		contains []string
	}{
		{"unauthorized", "m", 401, "Incorrect API key provided", ErrUnauthorized, []string{"bad API key", "Incorrect API key"}},
		{"forbidden", "m", 403, "", ErrUnauthorized, []string{"bad API key"}},
		{"404 with model", "llama3", 404, `model "llama3" not found, try pulling it first`, ErrModelNotFound, []string{`model "llama3" not found`, "try pulling"}},
		{"404 without model is an endpoint", "", 404, "404 page not found", ErrBadRequest, []string{"no such endpoint at http://127.0.0.1:9", "check the base URL"}},
		{"400 saying model missing", "gpt-x", 400, "The model `gpt-x` does not exist", ErrModelNotFound, []string{`"gpt-x"`}},
		{"500 saying model missing", "m", 500, "model 'm' not found", ErrModelNotFound, nil},
		{"rate limited", "m", 429, "Rate limit reached", ErrRateLimited, []string{"wait", "Rate limit reached"}},
		{"other 4xx", "m", 422, "temperature must be <= 2", ErrBadRequest, []string{"temperature must be <= 2"}},
		{"4xx without body", "m", 400, "", ErrBadRequest, []string{"bad request"}},
		{"5xx", "m", 503, "  overloaded\n\n please retry ", ErrProvider, []string{"overloaded please retry"}},
		{"5xx without body", "m", 500, "", ErrProvider, []string{"internal server error"}},
		{"in-stream error", "m", 0, "CUDA out of memory", ErrProvider, []string{"CUDA out of memory"}},
		{"long body truncated", "m", 500, strings.Repeat("x", 2000), ErrProvider, []string{"…"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := testCall()
			c.Model = tc.model
			e := c.Status(tc.status, tc.body)
			if !errors.Is(e, tc.kind) {
				t.Fatalf("kind = %v, want %v (%v)", e.Kind, tc.kind, e)
			}
			if e.Status != tc.status || e.Provider != "test" {
				t.Errorf("status/provider = %d/%q", e.Status, e.Provider)
			}
			for _, s := range tc.contains {
				if !strings.Contains(e.Error(), s) {
					t.Errorf("error %q does not mention %q", e.Error(), s)
				}
			}
			if len(e.Message) > maxMessage*4 {
				t.Errorf("message not bounded: %d bytes", len(e.Message))
			}
		})
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "net/http: timeout awaiting response headers" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

func urlErr(err error) error {
	return &url.Error{Op: "Post", URL: "http://127.0.0.1:9/api/chat", Err: err}
}

func TestCallClassify(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	already := &Error{Kind: ErrRateLimited, Provider: "x"}
	tests := []struct {
		name     string
		ctx      context.Context
		err      error
		kind     error
		contains string
	}{
		{"refused", context.Background(), urlErr(refused), ErrUnreachable, "Test server is not running at http://127.0.0.1:9: connection refused"},
		{"dns", context.Background(), urlErr(&net.OpError{Op: "dial", Err: &net.DNSError{Name: "nohost.invalid", Err: "no such host"}}), ErrUnreachable, `cannot resolve host "nohost.invalid"`},
		{"dial timeout", context.Background(), urlErr(&net.OpError{Op: "dial", Err: timeoutErr{}}), ErrUnreachable, "no answer within 10s"},
		{"header timeout", context.Background(), urlErr(timeoutErr{}), ErrTimeout, "did not start answering within 10s"},
		{"idle", context.Background(), fmt.Errorf("read: %w", &IdleError{After: 2 * time.Second}), ErrTimeout, "sent nothing for 2s"},
		{"caller canceled", canceled, urlErr(context.Canceled), ErrCanceled, "canceled"},
		{"deadline", expired, urlErr(context.DeadlineExceeded), ErrTimeout, "no complete reply within 1m0s"},
		{"deadline error without ctx", context.Background(), context.DeadlineExceeded, ErrTimeout, "within"},
		{"unexpected EOF", context.Background(), io.ErrUnexpectedEOF, ErrStreamInterrupted, "connection broke"},
		{"reset", context.Background(), urlErr(os.NewSyscallError("read", syscall.ECONNRESET)), ErrStreamInterrupted, "connection broke"},
		{"bad json", context.Background(), json.Unmarshal([]byte("{nope"), new(any)), ErrBadResponse, "not valid JSON"},
		{"bad json type", context.Background(), json.Unmarshal([]byte(`"s"`), new(int)), ErrBadResponse, "not valid JSON"},
		{"unknown", context.Background(), errors.New("something odd"), ErrProvider, "something odd"},
		{"already typed", context.Background(), fmt.Errorf("wrap: %w", already), ErrRateLimited, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := testCall().Classify(tc.ctx, tc.err)
			if !errors.Is(e, tc.kind) {
				t.Fatalf("kind = %v, want %v (%v)", e.Kind, tc.kind, e)
			}
			if !strings.Contains(e.Error(), tc.contains) {
				t.Errorf("error %q does not mention %q", e.Error(), tc.contains)
			}
		})
	}
}

func TestClassifyRealRefusedConnection(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, err = (&http.Client{Timeout: 5 * time.Second}).Get("http://" + addr)
	if err == nil {
		t.Fatal("GET on a closed port succeeded")
	}
	c := Call{Provider: "test", BaseURL: "http://" + addr}
	e := c.Classify(context.Background(), err)
	if !errors.Is(e, ErrUnreachable) || !strings.Contains(e.Message, "cannot reach the server at http://"+addr) {
		t.Errorf("got %v", e)
	}
	if Code(e) != "unreachable" {
		t.Errorf("Code = %q", Code(e))
	}
}

func TestMentionsMissingModel(t *testing.T) {
	tests := map[string]bool{
		`model "x" not found, try pulling it first`:                  true,
		"The model `gpt-9` does not exist or you do not have access": true,
		"unknown model: foo":             true,
		"Model not installed":            true,
		"file not found":                 false,
		"model is loading, please retry": false,
		"":                               false,
	}
	for msg, want := range tests {
		if got := MentionsMissingModel(msg); got != want {
			t.Errorf("MentionsMissingModel(%q) = %v, want %v", msg, got, want)
		}
	}
}
