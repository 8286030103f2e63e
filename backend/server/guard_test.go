package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func testHandler() http.Handler {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"ok":true}`)) })
	ui := fstest.MapFS{
		"index.html":        {Data: []byte("<!doctype html><title>Lexflow</title>")},
		"assets/app-abc.js": {Data: []byte("console.log(1)")},
	}
	return New(Options{API: api, UI: ui, Token: "secret-token"})
}

func do(h http.Handler, method, target string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	req.Host = "127.0.0.1:4000"
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestTokenIsRequiredOnEveryAPICall(t *testing.T) {
	h := testHandler()
	cases := []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"no token", nil, http.StatusUnauthorized},
		{"wrong token", map[string]string{"Authorization": "Bearer nope"}, http.StatusUnauthorized},
		{"token as basic", map[string]string{"Authorization": "Basic secret-token"}, http.StatusUnauthorized},
		{"right token", map[string]string{"Authorization": "Bearer secret-token"}, http.StatusOK},
	}
	for _, c := range cases {
		for _, path := range []string{"/api/providers", "/api/system", "/api/events?topic=x"} {
			if got := do(h, "GET", path, c.header).Code; got != c.want {
				t.Errorf("%s %s: status %d, want %d", c.name, path, got, c.want)
			}
		}
	}
	rec := do(h, "GET", "/api/system", nil)
	if !strings.Contains(rec.Body.String(), `"code":"unauthorized"`) {
		t.Errorf("401 body = %s", rec.Body)
	}
}

func TestHostHeaderMustBeLoopback(t *testing.T) {
	h := testHandler()
	auth := "Bearer secret-token"
	for host, want := range map[string]int{
		"127.0.0.1:4000":    http.StatusOK,
		"localhost:4000":    http.StatusOK,
		"[::1]:4000":        http.StatusOK,
		"evil.example:4000": http.StatusMisdirectedRequest,
		"evil.example":      http.StatusMisdirectedRequest,
		"192.168.1.5:4000":  http.StatusMisdirectedRequest,
		"localhost.evil.io": http.StatusMisdirectedRequest,
	} {
		for _, path := range []string{"/", "/api/system"} {
			if got := do(h, "GET", path, map[string]string{"Host": host, "Authorization": auth}).Code; got != want {
				t.Errorf("Host %s %s: status %d, want %d", host, path, got, want)
			}
		}
	}
}

func TestCrossOriginRequestsAreRefusedWithoutCORS(t *testing.T) {
	h := testHandler()
	auth := "Bearer secret-token"
	rec := do(h, "POST", "/api/providers", map[string]string{"Origin": "http://evil.example", "Authorization": auth})
	if rec.Code != http.StatusForbidden {
		t.Errorf("cross-origin POST: status %d, want 403", rec.Code)
	}
	rec = do(h, "OPTIONS", "/api/providers", map[string]string{"Origin": "http://evil.example", "Access-Control-Request-Method": "POST"})
	if rec.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Error("preflight answered with CORS headers")
	}
	rec = do(h, "GET", "/api/system", map[string]string{"Origin": "http://127.0.0.1:4000", "Authorization": auth})
	if rec.Code != http.StatusOK || rec.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("same-origin GET: status %d, ACAO %q", rec.Code, rec.Header().Get("Access-Control-Allow-Origin"))
	}
}

func TestUIHasStrictSecurityHeaders(t *testing.T) {
	h := testHandler()
	rec := do(h, "GET", "/", nil)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "<title>Lexflow") {
		t.Fatalf("GET / = %d %s", rec.Code, rec.Body)
	}
	csp := rec.Header().Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "*") {
		t.Errorf("CSP is permissive: %q", csp)
	}
	if rec.Header().Get("X-Content-Type-Options") != "nosniff" || rec.Header().Get("X-Frame-Options") != "DENY" {
		t.Errorf("missing nosniff/frame headers: %v", rec.Header())
	}
}

func TestUIServesAssetsAndFallsBackToIndex(t *testing.T) {
	h := testHandler()
	if rec := do(h, "GET", "/assets/app-abc.js", nil); rec.Code != 200 || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d %q", rec.Code, rec.Header().Get("Cache-Control"))
	}
	if rec := do(h, "GET", "/settings/providers", nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), "Lexflow") {
		t.Errorf("deep link: %d", rec.Code)
	}
	if rec := do(h, "POST", "/", nil); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", rec.Code)
	}
}

func TestListenRefusesNonLoopback(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.168.1.10:0", "example.com:80"} {
		if ln, err := Listen(addr); err == nil {
			ln.Close()
			t.Errorf("Listen(%q) succeeded", addr)
		}
	}
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
}

func TestUIMissingFromTheBuildIsExplained(t *testing.T) {
	h := New(Options{API: http.NotFoundHandler(), UI: fstest.MapFS{}, Token: "t"})
	rec := do(h, "GET", "/", nil)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "make build") {
		t.Errorf("GET / without a UI = %d %q", rec.Code, rec.Body)
	}
}
