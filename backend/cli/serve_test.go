package cli

import (
	"context"
	"net"
	"net/http"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

var urlLine = regexp.MustCompile(`(http://127\.0\.0\.1:(\d+))/#token=(\S+)`)

// launch runs serve with args until it prints its URL, and returns the match
// and a function that stops it and returns its stderr.
func launch(t *testing.T, dir string, args ...string) ([]string, func() string) {
	t.Helper()
	var out, errOut syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() { done <- Run(ctx, append([]string{"serve"}, args...), testEnv(dir, &out, &errOut)) }()
	m := waitFor(t, &out, urlLine)
	return m, func() string {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("serve did not stop")
		}
		return out.String() + errOut.String()
	}
}

func TestServeKeepsItsTokenAcrossRestartsUntilANewOneIsAsked(t *testing.T) {
	dir := t.TempDir()
	first, stop := launch(t, dir, "--addr", "127.0.0.1:0")
	if out := stop(); !strings.Contains(out, "--new-token") {
		t.Errorf("serve does not say how to replace the token: %q", out)
	}
	again, stop := launch(t, dir, "--addr", "127.0.0.1:0")
	stop()
	if again[3] != first[3] {
		t.Errorf("a restart changed the token: %s then %s", first[3], again[3])
	}
	renewed, stop := launch(t, dir, "--addr", "127.0.0.1:0", "--new-token")
	defer stop()
	if renewed[3] == first[3] {
		t.Fatal("--new-token kept the old token")
	}
	for token, want := range map[string]int{first[3]: http.StatusUnauthorized, renewed[3]: http.StatusOK} {
		req, _ := http.NewRequest("GET", renewed[1]+"/api/system", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("token %s after --new-token: %d, want %d", token, resp.StatusCode, want)
		}
	}
}

func TestServeFallsBackToAFreePortOnlyWhenTheUsualOneIsTaken(t *testing.T) {
	// Hold the usual port (if something else already holds it, it is taken all the same).
	if ln, err := net.Listen("tcp", DefaultAddr); err == nil {
		defer ln.Close()
	}
	m, stop := launch(t, t.TempDir())
	out := stop()
	if "127.0.0.1:"+m[2] == DefaultAddr {
		t.Fatalf("served on the taken port %s", m[2])
	}
	if !strings.Contains(out, "serving on 127.0.0.1:"+m[2]+" instead") {
		t.Errorf("the fallback was not said: %q", out)
	}
}

// --open with no way to open a browser says so and serves all the same.
func TestServeOpenNeverFailsWithoutABrowser(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("hides xdg-open by emptying PATH")
	}
	t.Setenv("PATH", t.TempDir())
	m, stop := launch(t, t.TempDir(), "--addr", "127.0.0.1:0", "--open")
	resp, err := http.Get(m[1] + "/")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("GET / with --open and no browser: %v %v", resp, err)
	}
	if resp != nil {
		resp.Body.Close()
	}
	if out := stop(); !strings.Contains(out, "open the URL above by hand") {
		t.Errorf("serve did not say the browser could not be opened: %q", out)
	}
}
