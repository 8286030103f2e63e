package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lexflow/backend/api"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/providers"
	"lexflow/backend/store"
)

// testAPI runs the real routes over real services, a real SQLite file and real
// HTTP; only the model is the fake server.
type testAPI struct {
	t   testing.TB
	srv *httptest.Server
	llm *llmtest.Server
}

func newTestAPI(t *testing.T) *testAPI {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	svc := api.New(api.Options{DB: db, Connect: providers.New, Face: "serve", Background: ctx})
	srv := httptest.NewServer(Routes(svc))
	t.Cleanup(func() { cancel(); srv.Close(); db.Close() })
	llm := llmtest.New(t)
	llm.InstallDemo(time.Millisecond)
	return &testAPI{t: t, srv: srv, llm: llm}
}

func (a *testAPI) call(method, path string, body any, out any) int {
	a.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, a.srv.URL+path, r)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		raw, _ := io.ReadAll(resp.Body)
		if err := json.Unmarshal(raw, out); err != nil && resp.StatusCode != http.StatusNoContent {
			a.t.Fatalf("%s %s: decode %q: %v", method, path, raw, err)
		}
	}
	return resp.StatusCode
}

func strp(s string) *string { return &s }

func TestProviderCRUDNeverReturnsTheKey(t *testing.T) {
	a := newTestAPI(t)
	var p api.Provider
	in := api.ProviderInput{Name: "LM", Kind: "openai", BaseURL: a.llm.OpenAIURL() + "/", APIKey: strp("sk-very-secret-key-4242"), DefaultModel: "fake-chat"}
	if code := a.call("POST", "/api/providers", in, &p); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	if !p.HasAPIKey || p.APIKeyHint != "…4242" || p.BaseURL != a.llm.OpenAIURL() {
		t.Errorf("created = %+v", p)
	}
	// An update without apiKey keeps it; "" removes it.
	in.APIKey, in.DefaultModel = nil, "fake-reasoner"
	a.call("PUT", "/api/providers/"+p.ID, in, &p)
	if !p.HasAPIKey || p.DefaultModel != "fake-reasoner" {
		t.Errorf("update kept key? %+v", p)
	}
	raw := a.raw("GET", "/api/providers")
	if strings.Contains(raw, "very-secret") {
		t.Fatalf("the key leaked: %s", raw)
	}
	in.APIKey = strp("")
	a.call("PUT", "/api/providers/"+p.ID, in, &p)
	if p.HasAPIKey {
		t.Error("empty apiKey did not remove the key")
	}
	if code := a.call("DELETE", "/api/providers/"+p.ID, nil, nil); code != http.StatusNoContent {
		t.Errorf("delete: %d", code)
	}
	var e struct{ Error api.ErrorBody }
	if code := a.call("DELETE", "/api/providers/"+p.ID, nil, &e); code != 404 || e.Error.Code != "not_found" {
		t.Errorf("second delete: %d %+v", code, e)
	}
}

func (a *testAPI) raw(method, path string) string {
	req, _ := http.NewRequest(method, a.srv.URL+path, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func TestProviderValidationNamesTheField(t *testing.T) {
	a := newTestAPI(t)
	cases := []struct {
		in    api.ProviderInput
		field string
	}{
		{api.ProviderInput{Name: "", Kind: "ollama"}, "name"},
		{api.ProviderInput{Name: "x", Kind: "gemini"}, "kind"},
		{api.ProviderInput{Name: "x", Kind: "openai", BaseURL: "ftp://host"}, "baseUrl"},
		{api.ProviderInput{Name: "x", Kind: "openai", BaseURL: "http://"}, "baseUrl"},
		{api.ProviderInput{Name: "x", Kind: "openai", BaseURL: "not a url"}, "baseUrl"},
		{api.ProviderInput{Name: "Built-in (extractive)", Kind: "ollama"}, "name"},
	}
	for _, c := range cases {
		var e struct{ Error api.ErrorBody }
		code := a.call("POST", "/api/providers", c.in, &e)
		if code/100 != 4 || e.Error.Field != c.field || e.Error.Message == "" {
			t.Errorf("%+v: %d %+v, want field %s", c.in, code, e.Error, c.field)
		}
	}
	var e struct{ Error api.ErrorBody }
	if code := a.call("POST", "/api/providers", "{not json", &e); code != 400 {
		t.Errorf("bad JSON: %d", code)
	}
	if code := a.call("DELETE", "/api/providers/extractive", nil, &e); code != 403 {
		t.Errorf("delete built-in: %d %+v", code, e)
	}
}

func TestTestConnectionBothProtocols(t *testing.T) {
	a := newTestAPI(t)
	for _, in := range []api.ProviderInput{
		{Name: "O", Kind: "ollama", BaseURL: a.llm.OllamaURL()},
		{Name: "A", Kind: "openai", BaseURL: a.llm.OpenAIURL()},
	} {
		var p api.Provider
		a.call("POST", "/api/providers", in, &p)
		var res api.ProviderTest
		a.call("POST", "/api/providers/"+p.ID+"/test", nil, &res)
		if !res.OK || len(res.Models) != len(llmtest.DemoModels) || res.Error != nil {
			t.Errorf("%s test = %+v", in.Kind, res)
		}
		var models []api.Model
		if code := a.call("GET", "/api/providers/"+p.ID+"/models", nil, &models); code != 200 || models[0].Name == "" {
			t.Errorf("%s models = %d %+v", in.Kind, code, models)
		}
		a.call("GET", "/api/providers/"+p.ID, nil, nil)
	}
}

func TestTestConnectionReportsUnreachableAndRemembersIt(t *testing.T) {
	a := newTestAPI(t)
	var p api.Provider
	a.call("POST", "/api/providers", api.ProviderInput{Name: "Gone", Kind: "ollama", BaseURL: llmtest.RefusedURL(t)}, &p)
	var res api.ProviderTest
	if code := a.call("POST", "/api/providers/"+p.ID+"/test", nil, &res); code != 200 {
		t.Fatalf("test: %d", code)
	}
	if res.OK || res.Error == nil || res.Error.Code != "unreachable" || !strings.Contains(res.Error.Message, "not running") {
		t.Errorf("result = %+v", res.Error)
	}
	var list []api.Provider
	a.call("GET", "/api/providers", nil, &list)
	for _, q := range list {
		if q.ID == p.ID && (q.LastStatus != "unreachable" || q.LastCheckedAt == nil) {
			t.Errorf("status not remembered: %+v", q)
		}
	}
	var e struct{ Error api.ErrorBody }
	if code := a.call("GET", "/api/providers/"+p.ID+"/models", nil, &e); code != http.StatusBadGateway || e.Error.Code != "unreachable" {
		t.Errorf("models of unreachable: %d %+v", code, e)
	}
}

// readSSE reads events from the stream until one of the given types arrives.
func readSSE(t *testing.T, url string, until ...string) []api.Event {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	var out []api.Event
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev api.Event
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			t.Fatal(err)
		}
		out = append(out, ev)
		for _, u := range until {
			if ev.Type == u {
				return out
			}
		}
	}
	t.Fatalf("stream ended without %v: %+v", until, out)
	return nil
}

func TestTryStreamsDeltasOverSSE(t *testing.T) {
	a := newTestAPI(t)
	var p api.Provider
	a.call("POST", "/api/providers", api.ProviderInput{Name: "O", Kind: "ollama", BaseURL: a.llm.OllamaURL(), DefaultModel: "fake-reasoner"}, &p)
	var ref api.StreamRef
	if code := a.call("POST", "/api/providers/"+p.ID+"/try", api.TryRequest{Prompt: "Article 5?"}, &ref); code != http.StatusAccepted {
		t.Fatalf("try: %d", code)
	}
	evs := readSSE(t, a.srv.URL+"/api/events?topic="+ref.Topic, "done", "error")
	var content, reasoning string
	for i, ev := range evs {
		if ev.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d", i, ev.Seq)
		}
		if ev.Type == "delta" {
			d := ev.Data.(map[string]any)
			if d["kind"] == "content" {
				content += d["text"].(string)
			} else {
				reasoning += d["text"].(string)
			}
		}
	}
	last := evs[len(evs)-1]
	if last.Type != "done" || !strings.Contains(content, "You said: Article 5?") || reasoning == "" {
		t.Errorf("last=%s content=%q reasoning=%q", last.Type, content, reasoning)
	}
	// Resuming after the last seen event replays only what followed.
	again := readSSE(t, a.srv.URL+"/api/events?topic="+ref.Topic+"&after="+itoa(last.Seq-1), "done")
	if len(again) != 1 || again[0].Seq != last.Seq {
		t.Errorf("resume replayed %d events", len(again))
	}
	var replay []api.Event
	a.call("GET", "/api/events/replay?topic="+ref.Topic+"&after=0", nil, &replay)
	if len(replay) != len(evs) {
		t.Errorf("replay has %d events, stream had %d", len(replay), len(evs))
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

func TestTryReportsAModelErrorAsAnEvent(t *testing.T) {
	a := newTestAPI(t)
	var p api.Provider
	a.call("POST", "/api/providers", api.ProviderInput{Name: "A", Kind: "openai", BaseURL: a.llm.OpenAIURL()}, &p)
	var ref api.StreamRef
	a.call("POST", "/api/providers/"+p.ID+"/try", api.TryRequest{Model: "no-such-model", Prompt: "hi"}, &ref)
	evs := readSSE(t, a.srv.URL+"/api/events?topic="+ref.Topic, "done", "error")
	last := evs[len(evs)-1]
	if last.Type != "error" || last.Data.(map[string]any)["code"] != "model_not_found" {
		t.Errorf("last event = %+v", last)
	}
	var e struct{ Error api.ErrorBody }
	if code := a.call("POST", "/api/providers/"+p.ID+"/try", api.TryRequest{Prompt: "hi"}, &e); code != 400 || e.Error.Field != "model" {
		t.Errorf("try without model: %d %+v", code, e)
	}
}

func TestSettingsRejectUnknownProvider(t *testing.T) {
	a := newTestAPI(t)
	var e struct{ Error api.ErrorBody }
	if code := a.call("PUT", "/api/settings", api.Settings{DefaultProviderID: "nope"}, &e); code != 400 || e.Error.Field != "defaultProviderId" {
		t.Errorf("unknown provider: %d %+v", code, e)
	}
	var s api.Settings
	a.call("PUT", "/api/settings", api.Settings{DefaultProviderID: "extractive", DefaultModel: "extractive"}, &s)
	a.call("GET", "/api/settings", nil, &s)
	if s.DefaultProviderID != "extractive" {
		t.Errorf("settings = %+v", s)
	}
}

func TestEventCheckAndUnknownRoutes(t *testing.T) {
	a := newTestAPI(t)
	var ref api.StreamRef
	a.call("POST", "/api/diagnostics/event-check", api.EventCheckRequest{Count: 30}, &ref)
	evs := readSSE(t, a.srv.URL+"/api/events?topic="+ref.Topic, "done")
	if len(evs) != 31 {
		t.Errorf("got %d events, want 30 ticks and done", len(evs))
	}
	var e struct{ Error api.ErrorBody }
	if code := a.call("GET", "/api/nothing-here", nil, &e); code != 404 || e.Error.Code != "not_found" {
		t.Errorf("unknown route: %d %+v", code, e)
	}
	if code := a.call("GET", "/api/events", nil, &e); code != 400 || e.Error.Field != "topic" {
		t.Errorf("events without topic: %d %+v", code, e)
	}
}
