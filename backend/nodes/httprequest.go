package nodes

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"lexflow/backend/engine"
)

// http-request sends one request as Dify's node does: method, url, headers
// and params as "key:value" lines, body {type: none | json | raw-text |
// x-www-form-urlencoded | form-data, data}, authorization {type: no-auth |
// api-key, config {type: bearer | basic | custom, api_key, header}} and
// timeout {connect, read, write} in seconds; every text may hold {{#…#}}
// references. Outputs: body, status_code, headers, files (always empty:
// responses are read as text). A 4xx or 5xx answer is an outcome, not a
// failure, as in Dify.
//
// Lexflow is offline by default: the request goes out only to a host the
// user approved for this app (Deps.Outbound) or to a loopback address; any
// other host — redirects included — fails the node with a refusal naming
// the host. The response is read up to MaxResponseBytes.
type httpData struct {
	Method        string   `json:"method"`
	URL           string   `json:"url"`
	Headers       string   `json:"headers"`
	Params        string   `json:"params"`
	Body          httpBody `json:"body"`
	Authorization struct {
		Type   string `json:"type"`
		Config *struct {
			Type   string `json:"type"`
			APIKey string `json:"api_key"`
			Header string `json:"header"`
		} `json:"config"`
	} `json:"authorization"`
	Timeout struct {
		Connect float64 `json:"connect"`
		Read    float64 `json:"read"`
		Write   float64 `json:"write"`
	} `json:"timeout"`
}

// Limits and defaults of the HTTP request node (Dify's defaults).
const (
	MaxResponseBytes   = 10 << 20
	httpConnectTimeout = 10 * time.Second
	httpReadTimeout    = 60 * time.Second
	httpWriteTimeout   = 20 * time.Second
	// ErrorTypeHostNotApproved marks a request refused by the outbound policy.
	ErrorTypeHostNotApproved = "host_not_approved"
	ErrorTypeHTTP            = "http_request_failed"
)

// OutboundPolicy says which hosts an app may reach; store.DB fits.
type OutboundPolicy interface {
	HostApproved(ctx context.Context, appID, host string) (bool, error)
}

var httpMethods = []string{"get", "post", "put", "patch", "delete", "head", "options"}

func newHTTPRequest(deps Deps) engine.NodeFactory {
	return func(def engine.NodeDef) (engine.Node, error) {
		var data httpData
		if err := decode(def, &data); err != nil {
			return nil, err
		}
		if err := checkHTTPData(&data); err != nil {
			return nil, err
		}
		texts := append([]string{data.URL, data.Headers, data.Params}, data.Body.texts()...)
		if data.Authorization.Config != nil {
			texts = append(texts, data.Authorization.Config.APIKey)
		}
		appID := engine.Input{Selector: engine.Selector{engine.NamespaceSys, engine.SysAppID}, Type: engine.TypeString}
		spec := engine.Spec{
			Inputs: append(templateInputs(texts...), appID),
			Outputs: []engine.Output{{Name: "body", Type: engine.TypeString}, {Name: "status_code", Type: engine.TypeNumber},
				{Name: "headers", Type: engine.TypeObject}, {Name: "files", Type: engine.TypeArrayFile}},
		}
		return node{spec: spec, run: func(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
			return runHTTP(ctx, deps.Outbound, data, in)
		}}, nil
	}
}

func checkHTTPData(data *httpData) error {
	data.Method = strings.ToLower(cmp.Or(data.Method, "get"))
	if !oneOf(data.Method, httpMethods...) {
		return fieldError("method", "Choose a method.", "method %q", data.Method)
	}
	if strings.TrimSpace(data.URL) == "" {
		return fieldError("url", "Enter the address to call.", "no url")
	}
	if a := data.Authorization; a.Type == "api-key" && (a.Config == nil || !oneOf(a.Config.Type, "bearer", "basic", "custom")) {
		return fieldError("authorization", "Choose how the API key is sent.", "api-key authorization without a type")
	}
	return data.Body.check()
}

func runHTTP(ctx context.Context, policy OutboundPolicy, data httpData, in engine.NodeInput) (engine.NodeResult, error) {
	req, err := buildRequest(ctx, data, in.Vars)
	res := engine.NodeResult{ProcessData: map[string]any{"request": describeRequest(req, data)}}
	if err != nil {
		return res, fail(ErrorTypeInvalidInput, "build request: %w", err)
	}
	appID := textAt(in.Vars, engine.Selector{engine.NamespaceSys, engine.SysAppID})
	client := httpClient(data, func(ctx context.Context, host string) error { return checkHost(ctx, policy, appID, host) })
	if err := checkHost(ctx, policy, appID, req.URL.Hostname()); err != nil {
		return res, err
	}
	resp, err := client.Do(req)
	if err != nil {
		var f *Failure
		if errors.As(err, &f) {
			return res, f
		}
		return res, fail(ErrorTypeHTTP, "send %s %s: %w", strings.ToUpper(data.Method), req.URL.Redacted(), err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxResponseBytes+1))
	if err != nil {
		return res, fail(ErrorTypeHTTP, "read response: %w", err)
	}
	if len(body) > MaxResponseBytes {
		return res, fail(ErrorTypeHTTP, "read response: larger than %d bytes", MaxResponseBytes)
	}
	headers := map[string]any{}
	for k := range resp.Header {
		headers[strings.ToLower(k)] = resp.Header.Get(k)
	}
	res.Outputs = map[string]engine.Value{"body": engine.String(string(body)), "status_code": engine.Number(float64(resp.StatusCode)),
		"headers": engine.Object(headers), "files": engine.Files(nil)}
	return res, nil
}

// checkHost refuses hosts the app may not reach: loopback is always
// allowed, anything else only once the user approved it for the app.
func checkHost(ctx context.Context, policy OutboundPolicy, appID, host string) error {
	if isLoopback(host) {
		return nil
	}
	if policy != nil && appID != "" {
		ok, err := policy.HostApproved(ctx, appID, strings.ToLower(host))
		if err != nil {
			return fail(ErrorTypeHTTP, "check host %s: %w", host, err)
		}
		if ok {
			return nil
		}
	}
	return fail(ErrorTypeHostNotApproved, "request to %s refused: Lexflow is offline unless you approve a host for this app (loopback is always allowed)", host)
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// httpClient applies the node's timeouts and checks every redirect's host.
func httpClient(data httpData, allow func(ctx context.Context, host string) error) *http.Client {
	dialer := &net.Dialer{Timeout: seconds(data.Timeout.Connect, httpConnectTimeout)}
	return &http.Client{
		Timeout: seconds(data.Timeout.Connect, httpConnectTimeout) + seconds(data.Timeout.Read, httpReadTimeout) + seconds(data.Timeout.Write, httpWriteTimeout),
		Transport: &http.Transport{DialContext: dialer.DialContext, ResponseHeaderTimeout: seconds(data.Timeout.Read, httpReadTimeout),
			Proxy: nil, MaxResponseHeaderBytes: 1 << 20},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 10 {
				return fmt.Errorf("stopped after 10 redirects")
			}
			return allow(req.Context(), req.URL.Hostname())
		},
	}
}

func seconds(s float64, def time.Duration) time.Duration {
	if s <= 0 {
		return def
	}
	return time.Duration(s * float64(time.Second))
}

func buildRequest(ctx context.Context, data httpData, vars engine.Vars) (*http.Request, error) {
	u, err := url.Parse(strings.TrimSpace(renderText(vars, data.URL)))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("url %q is not an http(s) address", renderText(vars, data.URL))
	}
	q := u.Query()
	for _, kv := range keyValueLines(renderText(vars, data.Params)) {
		q.Add(kv[0], kv[1])
	}
	u.RawQuery = q.Encode()
	body, contentType, err := data.Body.encode(vars)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, strings.ToUpper(data.Method), u.String(), body)
	if err != nil {
		return nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for _, kv := range keyValueLines(renderText(vars, data.Headers)) {
		req.Header.Set(kv[0], kv[1])
	}
	setAuthorization(req, data, vars)
	return req, nil
}

func setAuthorization(req *http.Request, data httpData, vars engine.Vars) {
	c := data.Authorization.Config
	if data.Authorization.Type != "api-key" || c == nil {
		return
	}
	key := renderText(vars, c.APIKey)
	switch c.Type {
	case "bearer":
		req.Header.Set("Authorization", "Bearer "+key)
	case "basic":
		req.Header.Set("Authorization", "Basic "+key)
	case "custom":
		req.Header.Set(cmp.Or(c.Header, "Authorization"), key)
	}
}

// describeRequest is the request as the trace shows it, the API key hidden.
func describeRequest(req *http.Request, data httpData) map[string]any {
	d := map[string]any{"method": strings.ToUpper(data.Method), "url": data.URL}
	if req == nil {
		return d
	}
	d["url"] = req.URL.Redacted()
	headers := map[string]any{}
	for k := range req.Header {
		headers[k] = req.Header.Get(k)
	}
	if _, ok := headers["Authorization"]; ok {
		headers["Authorization"] = "(hidden)"
	}
	if c := data.Authorization.Config; c != nil && c.Header != "" && headers[http.CanonicalHeaderKey(c.Header)] != nil {
		headers[http.CanonicalHeaderKey(c.Header)] = "(hidden)"
	}
	d["headers"] = headers
	return d
}

// renderText fills {{#…#}} references.
func renderText(vars engine.Vars, text string) string {
	return vars.Render(engine.ParseTemplate(text))
}

// keyValueLines reads Dify's "key:value" lines; blank lines are skipped.
func keyValueLines(text string) [][2]string {
	var out [][2]string
	for _, line := range strings.Split(text, "\n") {
		k, v, _ := strings.Cut(line, ":")
		if k = strings.TrimSpace(k); k != "" {
			out = append(out, [2]string{k, strings.TrimSpace(v)})
		}
	}
	return out
}
