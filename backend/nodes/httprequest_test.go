package nodes

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// approved is an outbound policy approving the listed hosts for app "a1".
type approved []string

func (h approved) HostApproved(_ context.Context, appID, host string) (bool, error) {
	return appID == "a1" && strings.Contains(strings.Join(h, " "), host), nil
}

func httpNode(t *testing.T, policy OutboundPolicy, data string) engine.Node {
	t.Helper()
	return build(t, newHTTPRequest(Deps{Outbound: policy}), "http-request", dsl.ModeWorkflow, data)
}

func TestHTTPRequestSendsDifysRequest(t *testing.T) {
	var got struct {
		Method, Query, Auth, Custom, Type string
		Body                              map[string]any
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got.Method, got.Query, got.Auth, got.Custom, got.Type = r.Method, r.URL.RawQuery, r.Header.Get("Authorization"), r.Header.Get("X-Trace"), r.Header.Get("Content-Type")
		_ = json.Unmarshal(b, &got.Body)
		w.Header().Set("X-Answer", "yes")
		w.WriteHeader(http.StatusTeapot)
		_, _ = w.Write([]byte(`{"ok": true}`))
	}))
	defer srv.Close()
	n := httpNode(t, nil, `{"method": "post", "url": "`+srv.URL+`/v1/{{#s.path#}}", "headers": "X-Trace:{{#s.id#}}\n",
		"params": "q:{{#s.q#}}\nlang:en", "authorization": {"type": "api-key", "config": {"type": "bearer", "api_key": "k-{{#s.id#}}"}},
		"body": {"type": "json", "data": [{"key": "", "type": "text", "value": "{\"text\": \"{{#s.q#}}\"}"}]}}`)
	vars := engine.VarsOf(map[string]engine.Value{"s.path": engine.String("things"), "s.id": engine.String("7"), "s.q": engine.String("notice period")})
	res, err := n.Run(t.Context(), engine.NodeInput{Vars: vars})
	if err != nil {
		t.Fatal(err)
	}
	if got.Method != "POST" || got.Query != "lang=en&q=notice+period" || got.Auth != "Bearer k-7" || got.Custom != "7" || got.Type != "application/json" {
		t.Errorf("request %+v", got)
	}
	if !cmp.Equal(got.Body, map[string]any{"text": "notice period"}) {
		t.Errorf("body %v", got.Body)
	}
	if res.Outputs["status_code"].Any() != 418.0 || res.Outputs["body"].Any() != `{"ok": true}` || res.Outputs["headers"].Any().(map[string]any)["x-answer"] != "yes" {
		t.Errorf("outputs %v", res.Outputs)
	}
	if h := res.ProcessData["request"].(map[string]any)["headers"].(map[string]any); h["Authorization"] != "(hidden)" {
		t.Errorf("the trace shows the key: %v", h)
	}
}

func TestHTTPRequestOnlyReachesApprovedHosts(t *testing.T) {
	tests := []struct {
		name, url, app string
		policy         OutboundPolicy
		want           string
	}{
		{"no policy", "https://api.example.invalid/x", "a1", nil, ErrorTypeHostNotApproved},
		{"not approved", "https://api.example.invalid/x", "a1", approved{"other.example.invalid"}, ErrorTypeHostNotApproved},
		{"another app's approval", "https://api.example.invalid/x", "a2", approved{"api.example.invalid"}, ErrorTypeHostNotApproved},
		// Approved: the request goes out, and fails on the unresolvable name instead.
		{"approved", "https://api.example.invalid/x", "a1", approved{"api.example.invalid"}, ErrorTypeHTTP},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := httpNode(t, tt.policy, `{"method": "get", "url": "`+tt.url+`"}`)
			vars := engine.VarsOf(map[string]engine.Value{"sys.app_id": engine.String(tt.app)})
			_, err := n.Run(t.Context(), engine.NodeInput{Vars: vars})
			var f *Failure
			if !errors.As(err, &f) || f.Type != tt.want {
				t.Fatalf("%v, want a %s failure", err, tt.want)
			}
			if tt.want == ErrorTypeHostNotApproved && !strings.Contains(err.Error(), "api.example.invalid") {
				t.Errorf("the refusal does not name the host: %v", err)
			}
		})
	}
}

func TestHTTPRequestRefusesRedirectsElsewhere(t *testing.T) {
	srv := httptest.NewServer(http.RedirectHandler("https://elsewhere.example.invalid/", http.StatusFound))
	defer srv.Close()
	_, err := httpNode(t, nil, `{"url": "`+srv.URL+`"}`).Run(t.Context(), engine.NodeInput{})
	var f *Failure
	if !errors.As(err, &f) || f.Type != ErrorTypeHostNotApproved || !strings.Contains(err.Error(), "elsewhere.example.invalid") {
		t.Errorf("redirect: %v", err)
	}
}

func TestHTTPRequestLimitsTheResponse(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		chunk := strings.Repeat("x", 1<<20)
		for range MaxResponseBytes/len(chunk) + 1 {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	_, err := httpNode(t, nil, `{"url": "`+srv.URL+`"}`).Run(t.Context(), engine.NodeInput{})
	if err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a response past the limit: %v", err)
	}
}

func TestHTTPRequestProblems(t *testing.T) {
	tests := []struct{ data, field string }{
		{`{"method": "fetch", "url": "http://x"}`, "method"},
		{`{"method": "get"}`, "url"},
		{`{"url": "http://x", "body": {"type": "binary"}}`, "body.type"},
		{`{"url": "http://x", "body": {"type": "form-data", "data": [{"key": "f", "type": "file"}]}}`, "body.data[0]"},
		{`{"url": "http://x", "authorization": {"type": "api-key", "config": {"type": "magic"}}}`, "authorization"},
	}
	for _, tt := range tests {
		_, err := newHTTPRequest(Deps{})(engine.NodeDef{ID: "n", Type: "http-request", Data: []byte(tt.data)})
		var fe *engine.FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%s: %v, want a problem on %s", tt.data, err, tt.field)
		}
	}
}

func TestHTTPBodyForms(t *testing.T) {
	vars := engine.VarsOf(map[string]engine.Value{"s.v": engine.String("a b")})
	tests := []struct{ body, want, contentType string }{
		{`{"type": "x-www-form-urlencoded", "data": "k:{{#s.v#}}\nz:1"}`, "k=a+b&z=1", "application/x-www-form-urlencoded"},
		{`{"type": "raw-text", "data": "say {{#s.v#}}"}`, "say a b", "text/plain"},
		{`{"type": "json", "data": "{\"k\": \"{{#s.v#}}\"}"}`, `{"k": "a b"}`, "application/json"},
	}
	for _, tt := range tests {
		var b httpBody
		_ = json.Unmarshal([]byte(tt.body), &b)
		r, ct, err := b.encode(vars)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(r)
		if string(got) != tt.want || ct != tt.contentType {
			t.Errorf("%s: %q as %s", tt.body, got, ct)
		}
	}
}
