package llm

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestWithDefaults(t *testing.T) {
	got := Config{IdleTimeout: time.Second, ConnectTimeout: -1}.WithDefaults()
	want := Config{Timeout: DefaultTimeout, ConnectTimeout: DefaultConnectTimeout, IdleTimeout: time.Second}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("WithDefaults (-want +got):\n%s", diff)
	}
}

func TestCallContext(t *testing.T) {
	ctx, cancel, applied := CallContext(context.Background(), time.Hour)
	defer cancel()
	if _, ok := ctx.Deadline(); !ok || applied != time.Hour {
		t.Errorf("no deadline applied to a context without one (applied %v)", applied)
	}
	parent, cancelParent := context.WithTimeout(context.Background(), time.Minute)
	defer cancelParent()
	ctx2, cancel2, applied2 := CallContext(parent, time.Hour)
	defer cancel2()
	d1, _ := parent.Deadline()
	d2, _ := ctx2.Deadline()
	if applied2 != 0 || !d1.Equal(d2) {
		t.Errorf("caller deadline not kept: applied %v, %v vs %v", applied2, d1, d2)
	}
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name     string
		cfg      Config
		fallback string
		want     Config
		wantErr  string
	}{
		{"defaults, kind as name, fallback URL", Config{BaseURL: "  "}, DefaultOllamaURL,
			Config{Name: "ollama", BaseURL: DefaultOllamaURL, Timeout: DefaultTimeout, ConnectTimeout: DefaultConnectTimeout, IdleTimeout: DefaultIdleTimeout}, ""},
		{"own name, URL normalised", Config{Name: "lab", BaseURL: " http://h:1/v1/ ", Timeout: time.Second}, "",
			Config{Name: "lab", BaseURL: "http://h:1/v1", Timeout: time.Second, ConnectTimeout: DefaultConnectTimeout, IdleTimeout: DefaultIdleTimeout}, ""},
		{"no URL and no fallback", Config{Name: "lab"}, "", Config{}, "lab: bad request: base URL is empty"},
		{"bad URL", Config{BaseURL: "ftp://x"}, DefaultOllamaURL, Config{}, "ollama: bad request: base URL must start with http:// or https://"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, base, err := tc.cfg.Resolve(KindOllama, tc.fallback)
			if tc.wantErr != "" {
				if !errors.Is(err, ErrBadRequest) || err.Error() != tc.wantErr || base != nil {
					t.Errorf("err = %v, base %v, want %q", err, base, tc.wantErr)
				}
				return
			}
			if err != nil || base.String() != tc.want.BaseURL {
				t.Fatalf("base %v, err %v", base, err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Resolve (-want +got):\n%s", diff)
			}
		})
	}
}

func TestConfigCallAndBound(t *testing.T) {
	cfg := Config{Name: "lab", BaseURL: "http://h", ConnectTimeout: time.Second}
	call := cfg.Call("m")
	if diff := cmp.Diff(Call{Provider: "lab", BaseURL: "http://h", Model: "m", Connect: time.Second}, call); diff != "" {
		t.Errorf("Call (-want +got):\n%s", diff)
	}
	ctx, cancel := call.Bound(context.Background(), time.Hour)
	defer cancel()
	if _, ok := ctx.Deadline(); !ok || call.Timeout != time.Hour {
		t.Errorf("bound not applied or not recorded: timeout %v", call.Timeout)
	}
	parent, cancelParent := context.WithTimeout(context.Background(), time.Minute)
	defer cancelParent()
	_, cancel2 := call.Bound(parent, time.Hour)
	defer cancel2()
	if call.Timeout != 0 {
		t.Errorf("caller's deadline rules, yet timeout %v recorded", call.Timeout)
	}
}

// stallServer writes its lines, flushes, then stays silent until the client leaves.
func stallServer(t *testing.T, status int, lines ...string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(status)
		for _, l := range lines {
			io.WriteString(w, l)
			w.(http.Flusher).Flush()
		}
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestWatchIdleTimeout(t *testing.T) {
	srv := stallServer(t, 200, "one\n", "two\npartial")
	var lines []string
	w := NewWatch(http.DefaultTransport, 100*time.Millisecond, func(l []byte) { lines = append(lines, string(l)) })
	resp, err := w.Client().Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	start := time.Now()
	_, err = io.ReadAll(resp.Body)
	var idle *IdleError
	if !errors.As(err, &idle) || idle.After != 100*time.Millisecond {
		t.Fatalf("ReadAll err = %v, want IdleError", err)
	}
	if time.Since(start) > 2*time.Second {
		t.Errorf("idle bound took %v", time.Since(start))
	}
	if !w.Idled() || w.Status() != 200 {
		t.Errorf("Idled() = %v, Status() = %d", w.Idled(), w.Status())
	}
	// the fragment after the last newline is not a line: the body broke
	if diff := cmp.Diff([]string{"one", "two"}, lines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
	e := Call{Provider: "t"}.Classify(context.Background(), err)
	if !errors.Is(e, ErrTimeout) {
		t.Errorf("classified as %v", e)
	}
}

func TestWatchActiveStreamIsNotIdle(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for range 6 {
			io.WriteString(w, "tick\n")
			w.(http.Flusher).Flush()
			time.Sleep(40 * time.Millisecond)
		}
		io.WriteString(w, "last line without newline")
	}))
	defer srv.Close()
	var lines []string
	w := NewWatch(http.DefaultTransport, 150*time.Millisecond, func(l []byte) { lines = append(lines, string(l)) })
	resp, err := w.Client().Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("a stream slower in total than the idle bound was cut: %v", err)
	}
	if strings.Count(string(body), "tick") != 6 || w.Idled() {
		t.Errorf("body %q, idled %v", body, w.Idled())
	}
	if len(lines) != 7 || lines[6] != "last line without newline" {
		t.Errorf("lines = %q", lines)
	}
}

func TestTransportHeaderTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	defer srv.Close()
	tr := NewTransport(Config{ConnectTimeout: 100 * time.Millisecond})
	defer tr.CloseIdleConnections()
	w := NewWatch(tr, time.Minute, nil)
	_, err := w.Client().Get(srv.URL)
	e := Call{Provider: "t", Connect: 100 * time.Millisecond}.Classify(context.Background(), err)
	if !errors.Is(e, ErrTimeout) || !strings.Contains(e.Message, "100ms") {
		t.Errorf("got %v", e)
	}
}
