package server

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// sessionCookie trades the token for the session cookie as the page does.
func sessionCookie(t *testing.T, h http.Handler) *http.Cookie {
	t.Helper()
	rec := do(h, "POST", "/api/session", map[string]string{"Authorization": "Bearer secret-token", "Origin": "http://127.0.0.1:4000"})
	if rec.Code != http.StatusNoContent {
		t.Fatalf("POST /api/session: %d %s", rec.Code, rec.Body)
	}
	cookies := rec.Result().Cookies()
	if len(cookies) != 1 {
		t.Fatalf("cookies = %v", cookies)
	}
	return cookies[0]
}

func TestTokenLinkSetsAStrictHttpOnlyCookieForThisOrigin(t *testing.T) {
	c := sessionCookie(t, testHandler())
	if c.Name != "lexflow_session_4000" || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" {
		t.Errorf("cookie = %+v", c)
	}
	if c.MaxAge < 30*24*3600 {
		t.Errorf("cookie lasts %ds: a bookmark would not survive the week", c.MaxAge)
	}
	if strings.Contains(c.Value, "secret-token") {
		t.Error("the cookie carries the token itself")
	}
	if rec := do(testHandler(), "POST", "/api/session", nil); rec.Code != http.StatusUnauthorized || len(rec.Result().Cookies()) != 0 {
		t.Errorf("session without the token: %d %v", rec.Code, rec.Result().Cookies())
	}
}

func TestSessionCookieAdmitsOnlyThisPagesOwnRequests(t *testing.T) {
	h := testHandler()
	c := sessionCookie(t, h)
	cookie := c.Name + "=" + c.Value
	self := "http://127.0.0.1:4000"
	cases := []struct {
		name, method string
		header       map[string]string
		want         int
	}{
		{"GET with the cookie alone", "GET", map[string]string{"Cookie": cookie}, 200},
		{"GET opened from a bookmark", "GET", map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "none"}, 200},
		{"GET from this page", "GET", map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "same-origin"}, 200},
		{"POST from this page", "POST", map[string]string{"Cookie": cookie, "Origin": self, "Sec-Fetch-Site": "same-origin"}, 200},
		{"POST without Origin", "POST", map[string]string{"Cookie": cookie}, 403},
		{"DELETE without Origin", "DELETE", map[string]string{"Cookie": cookie}, 403},
		{"POST from a foreign origin", "POST", map[string]string{"Cookie": cookie, "Origin": "http://evil.example"}, 403},
		{"POST from another port", "POST", map[string]string{"Cookie": cookie, "Origin": "http://127.0.0.1:9999"}, 403},
		{"GET from another port's page", "GET", map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "same-site"}, 403},
		{"GET from another site", "GET", map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "cross-site"}, 403},
		{"cookie of another port", "GET", map[string]string{"Cookie": "lexflow_session_4001=" + c.Value}, 401},
		{"forged cookie", "GET", map[string]string{"Cookie": c.Name + "=" + strings.Repeat("0", len(c.Value))}, 401},
	}
	for _, tc := range cases {
		if got := do(h, tc.method, "/api/providers", tc.header).Code; got != tc.want {
			t.Errorf("%s: status %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestANewTokenRefusesTheOldCookie(t *testing.T) {
	c := sessionCookie(t, testHandler())
	rotated := New(Options{API: http.NotFoundHandler(), UI: nil, Token: "another-token"})
	if got := do(rotated, "GET", "/api/system", map[string]string{"Cookie": c.Name + "=" + c.Value}).Code; got != http.StatusUnauthorized {
		t.Errorf("old cookie after a new token: %d, want 401", got)
	}
}

func TestTokenIsKeptPrivatelyAcrossLaunchesUntilRenewed(t *testing.T) {
	dir := t.TempDir()
	first, err := KeepToken(dir, false)
	if err != nil || len(first) < minTokenLen {
		t.Fatalf("first token %q: %v", first, err)
	}
	again, _ := KeepToken(dir, false)
	if again != first {
		t.Errorf("a restart changed the token: %q then %q", first, again)
	}
	if runtime.GOOS != "windows" {
		st, err := os.Stat(filepath.Join(dir, TokenFile))
		if err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("token file: %v %v", st.Mode(), err)
		}
	}
	renewed, _ := KeepToken(dir, true)
	if renewed == first || len(renewed) < minTokenLen {
		t.Errorf("renewed token %q (was %q)", renewed, first)
	}
	if kept, _ := KeepToken(dir, false); kept != renewed {
		t.Errorf("renewed token not kept: %q", kept)
	}
	os.WriteFile(filepath.Join(dir, TokenFile), []byte("short\n"), 0o644)
	if replaced, _ := KeepToken(dir, false); replaced == "short" || len(replaced) < minTokenLen {
		t.Errorf("a damaged token file was used: %q", replaced)
	}
}

// stateChangingRoutes reads every POST, PUT, PATCH and DELETE route the API
// registers, so a route added later is covered without editing this test.
func stateChangingRoutes(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("routes*.go")
	re := regexp.MustCompile(`Handle\("((?:POST|PUT|PATCH|DELETE) /api/[^"]*)"`)
	var out []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			out = append(out, regexp.MustCompile(`\{[^}]*\}`).ReplaceAllString(m[1], "x"))
		}
	}
	if len(out) < 20 {
		t.Fatalf("found only %d state-changing routes in %v", len(out), files)
	}
	return out
}

func TestEveryStateChangingRouteRefusesTheCookieWithoutThisOrigin(t *testing.T) {
	var reached []string
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached = append(reached, r.Method+" "+r.URL.Path) })
	h := New(Options{API: api, Token: "secret-token"})
	c := sessionCookie(t, h)
	cookie := c.Name + "=" + c.Value
	for _, route := range stateChangingRoutes(t) {
		method, path, _ := strings.Cut(route, " ")
		for _, origin := range []string{"", "http://evil.example", "http://127.0.0.1:9999", "null"} {
			reached = nil
			rec := do(h, method, path, map[string]string{"Cookie": cookie, "Origin": origin})
			if rec.Code != http.StatusForbidden || len(reached) > 0 {
				t.Errorf("%s with the cookie from origin %q: %d, reached %v", route, origin, rec.Code, reached)
			}
		}
		reached = nil
		rec := do(h, method, path, map[string]string{"Cookie": cookie, "Origin": "http://127.0.0.1:4000", "Sec-Fetch-Site": "same-origin"})
		if rec.Code != http.StatusOK || len(reached) != 1 {
			t.Errorf("%s from this page with the cookie: %d, reached %v", route, rec.Code, reached)
		}
	}
}
