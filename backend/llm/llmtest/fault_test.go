package llmtest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestStatusFaultBodies(t *testing.T) {
	srv := New(t)
	srv.Script("m", Fail(HTTPError(429, "")), Fail(HTTPError(500, "boom")))
	resp := post(t, srv.OpenAIURL()+"/chat/completions", `{"model":"m","messages":[]}`)
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 429 || !strings.Contains(string(b), `"code":"rate_limit_exceeded"`) {
		t.Errorf("429: %s", b)
	}
	resp = post(t, srv.OllamaURL()+"/api/chat", `{"model":"m","messages":[]}`)
	b, _ = io.ReadAll(resp.Body)
	if resp.StatusCode != 500 || string(b) != `{"error":"boom"}` {
		t.Errorf("500: %s", b)
	}
}

func TestStreamFaults(t *testing.T) {
	body := `{"model":"m","messages":[{"role":"user","content":"one two three four"}]}`
	tests := []struct {
		name      string
		fault     Fault
		wantLines int
		wantErr   bool
		wantBad   bool
	}{
		{"none", Fault{}, 5, false, false},
		{"cut after 2", CutAfter(2), 2, true, false},
		{"end after 2", EndAfter(2), 2, false, false},
		{"no done", NoDone(), 4, false, false},
		{"malformed after 1", MalformedAfter(1), 6, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := New(t)
			srv.Script("m", Reply{Fault: tc.fault, Parts: []Part{Content("You said: one two")}})
			resp := post(t, srv.OllamaURL()+"/api/chat", body)
			raw, err := io.ReadAll(resp.Body)
			if (err != nil) != tc.wantErr {
				t.Fatalf("read err = %v, want error %v", err, tc.wantErr)
			}
			ls := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
			if len(ls) != tc.wantLines {
				t.Errorf("got %d lines, want %d: %q", len(ls), tc.wantLines, ls)
			}
			bad := false
			for _, l := range ls {
				bad = bad || !json.Valid([]byte(l))
			}
			if bad != tc.wantBad {
				t.Errorf("malformed line present = %v", bad)
			}
		})
	}
}

func TestHangAndStallEndWhenClientGivesUp(t *testing.T) {
	srv := New(t)
	srv.Script("m", Fail(Hang()), Fail(StallAfter(1)))
	client := &http.Client{Timeout: 150 * time.Millisecond}
	start := time.Now()
	_, err := client.Post(srv.OllamaURL()+"/api/chat", "application/json", strings.NewReader(`{"model":"m"}`))
	if err == nil {
		t.Fatal("hang answered")
	}
	resp, err := client.Post(srv.OllamaURL()+"/api/chat", "application/json", strings.NewReader(`{"model":"m"}`))
	if err != nil {
		t.Fatalf("stall sent no headers: %v", err)
	}
	_, err = io.ReadAll(resp.Body)
	resp.Body.Close()
	if err == nil {
		t.Fatal("stall ended")
	}
	if time.Since(start) > 3*time.Second {
		t.Errorf("took %v", time.Since(start))
	}
}

func TestCloseReleasesHangingHandlersAndRefuses(t *testing.T) {
	srv, err := Start(Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv.Script("m", Fail(Hang()))
	done := make(chan error, 1)
	go func() {
		_, err := (&http.Client{Timeout: 5 * time.Second}).Post(srv.URL()+"/api/chat", "application/json", strings.NewReader(`{"model":"m"}`))
		done <- err
	}()
	for len(srv.Requests()) == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	closed := make(chan struct{})
	go func() { srv.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(3 * time.Second):
		t.Fatal("Close blocked on a hanging handler")
	}
	if err := <-done; err == nil {
		t.Error("hanging request succeeded")
	}
	srv.Close() // idempotent
	if _, err := http.Get(srv.URL()); err == nil {
		t.Error("closed server answered")
	}
}

func TestSlowTokens(t *testing.T) {
	srv := New(t)
	srv.Script("m", Reply{Parts: []Part{Content("a b c")}, Delay: 30 * time.Millisecond})
	start := time.Now()
	resp := post(t, srv.OllamaURL()+"/api/chat", `{"model":"m"}`)
	io.Copy(io.Discard, resp.Body)
	if d := time.Since(start); d < 4*30*time.Millisecond {
		t.Errorf("4 frames with 30ms delay took only %v", d)
	}
}

func TestRefusedURL(t *testing.T) {
	_, err := http.Get(RefusedURL(t))
	if err == nil {
		t.Fatal("RefusedURL answered")
	}
}
