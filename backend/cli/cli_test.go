package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"lexflow/backend/api"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/providers"
)

// syncBuffer is a bytes.Buffer safe to read while a command writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

type result struct {
	code           int
	stdout, stderr string
}

func run(t *testing.T, dataDir string, args ...string) result {
	t.Helper()
	var out, errOut syncBuffer
	code := Run(context.Background(), args, testEnv(dataDir, &out, &errOut))
	return result{code, out.String(), errOut.String()}
}

func testEnv(dataDir string, out, errOut *syncBuffer) Env {
	return Env{
		Stdout: out, Stderr: errOut,
		Getenv: func(k string) string {
			if k == EnvDataDir {
				return dataDir
			}
			return ""
		},
		Build:   api.Build{Version: "1.2.3", Commit: "abc"},
		UI:      fstest.MapFS{"index.html": {Data: []byte("<title>Lexflow</title>")}},
		Connect: providers.New,
	}
}

func TestVersionHelpAndUsageErrors(t *testing.T) {
	dir := t.TempDir()
	if r := run(t, dir, "version"); r.code != ExitOK || !strings.Contains(r.stdout, "lexflow 1.2.3 (commit abc)") {
		t.Errorf("version: %+v", r)
	}
	if r := run(t, dir, "help"); r.code != ExitOK || !strings.Contains(r.stdout, "lexflow provider add") {
		t.Errorf("help: %+v", r)
	}
	for _, args := range [][]string{
		{"frobnicate"}, {"provider"}, {"provider", "explode"}, {"provider", "test"},
		{"provider", "add", "--name", "x"}, {"serve", "--bogus"}, {"serve", "extra"},
		{"serve", "--addr", "0.0.0.0:0"},
	} {
		if r := run(t, dir, args...); r.code != ExitUsage || r.stderr == "" {
			t.Errorf("%v: code %d stderr %q, want usage error", args, r.code, r.stderr)
		}
	}
}

func TestProviderCommands(t *testing.T) {
	dir := t.TempDir()
	llm := llmtest.New(t)
	llm.InstallDemo(0)
	r := run(t, dir, "provider", "add", "--name", "Local", "--kind", "ollama", "--base-url", llm.OllamaURL(), "--default-model", "fake-chat")
	if r.code != ExitOK || !strings.Contains(r.stdout, `Added provider "Local"`) {
		t.Fatalf("add: %+v", r)
	}
	r = run(t, dir, "--data-dir", dir, "provider", "add", "--kind", "openai", "--name", "Remote", "--base-url", llm.OpenAIURL(), "--api-key", "sk-abcdefghijklmnop", "--json")
	var added api.Provider
	if r.code != ExitOK || json.Unmarshal([]byte(r.stdout), &added) != nil || added.APIKeyHint != "…mnop" {
		t.Fatalf("add --json: %+v", r)
	}
	if r = run(t, dir, "provider", "add", "--name", "local", "--kind", "ollama"); r.code != ExitFailed || !strings.Contains(r.stderr, "already exists") {
		t.Errorf("duplicate add: %+v", r)
	}
	if r = run(t, dir, "provider", "add", "--name", "Bad", "--kind", "openai", "--base-url", "ftp://x"); r.code != ExitUsage || !strings.Contains(r.stderr, "--base-url") {
		t.Errorf("bad URL: %+v", r)
	}

	r = run(t, dir, "provider", "list", "--json")
	var list []api.Provider
	if r.code != ExitOK || json.Unmarshal([]byte(r.stdout), &list) != nil || len(list) != 3 || strings.Contains(r.stdout, "abcdefghijklmnop") {
		t.Fatalf("list --json: %+v", r)
	}
	if r = run(t, dir, "provider", "list"); !regexp.MustCompile(`(?m)^Remote\s+openai\s+`).MatchString(r.stdout) {
		t.Errorf("list table:\n%s", r.stdout)
	}
	if r = run(t, dir, "provider", "test", "Local"); r.code != ExitOK || !strings.Contains(r.stdout, fmt.Sprintf("%d model(s)", len(llmtest.DemoModels))) {
		t.Errorf("test: %+v", r)
	}
	if r = run(t, dir, "provider", "models", "remote", "--json"); r.code != ExitOK || !strings.Contains(r.stdout, "fake-tools") {
		t.Errorf("models: %+v", r)
	}
	if r = run(t, dir, "provider", "rm", "Local"); r.code != ExitOK {
		t.Errorf("rm: %+v", r)
	}
	if r = run(t, dir, "provider", "rm", "Local"); r.code != ExitFailed || !strings.Contains(r.stderr, "not found") {
		t.Errorf("rm again: %+v", r)
	}
	if r = run(t, dir, "provider", "rm", "extractive"); r.code != ExitFailed {
		t.Errorf("rm built-in: %+v", r)
	}
}

func TestProviderTestUnreachableExitsOne(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "provider", "add", "--name", "Gone", "--kind", "ollama", "--base-url", llmtest.RefusedURL(t))
	r := run(t, dir, "provider", "test", "Gone")
	if r.code != ExitFailed || !strings.Contains(r.stdout, "not running") {
		t.Errorf("test unreachable: %+v", r)
	}
	r = run(t, dir, "provider", "test", "Gone", "--json")
	var res api.ProviderTest
	if r.code != ExitFailed || json.Unmarshal([]byte(r.stdout), &res) != nil || res.Error.Code != "unreachable" {
		t.Errorf("test unreachable --json: %+v", r)
	}
}

func TestBadDataDirectories(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-dir")
	os.WriteFile(file, []byte("x"), 0o600)
	if r := run(t, file, "provider", "list"); r.code != ExitFailed || !strings.Contains(r.stderr, "is a file") {
		t.Errorf("data dir is a file: %+v", r)
	}

	dir := t.TempDir()
	db := filepath.Join(dir, "lexflow.db")
	junk := bytes.Repeat([]byte("garbage!"), 1000)
	os.WriteFile(db, junk, 0o600)
	r := run(t, dir, "provider", "list")
	if r.code != ExitFailed || !strings.Contains(r.stderr, "Nothing was changed") {
		t.Errorf("corrupt database: %+v", r)
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(after, junk) {
		t.Error("corrupt database was modified")
	}
}

func TestServeAnswersAndStops(t *testing.T) {
	dir := t.TempDir()
	var out, errOut syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() { done <- Run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, testEnv(dir, &out, &errOut)) }()
	url := waitFor(t, &out, regexp.MustCompile(`(http://127\.0\.0\.1:\d+)/#token=(\S+)`))
	req, _ := http.NewRequest("GET", url[1]+"/api/system", nil)
	req.Header.Set("Authorization", "Bearer "+url[2])
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET /api/system: %v %v", resp, err)
	}
	var info api.SystemInfo
	json.NewDecoder(resp.Body).Decode(&info)
	resp.Body.Close()
	if info.Face != "serve" || info.DataDir != dir || info.Version != "1.2.3" {
		t.Errorf("system info = %+v", info)
	}
	cancel()
	select {
	case code := <-done:
		if code != ExitOK {
			t.Errorf("serve exited %d: %s", code, errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// Without a window in the build, `lexflow` serves for a browser and says why.
func TestDesktopFallsBackToServe(t *testing.T) {
	var out, errOut syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() { done <- Run(ctx, nil, testEnv(t.TempDir(), &out, &errOut)) }()
	waitFor(t, &out, regexp.MustCompile(`http://127\.0\.0\.1:\d+/#token=`))
	cancel()
	<-done
	if !strings.Contains(errOut.String(), "no desktop window") {
		t.Errorf("stderr = %q", errOut.String())
	}
}

func waitFor(t *testing.T, out *syncBuffer, re *regexp.Regexp) []string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			return m
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no match for %s in %q", re, out.String())
	return nil
}

func TestDataDirResolution(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	flagDir := filepath.Join(t.TempDir(), "flag")
	envDir := filepath.Join(t.TempDir(), "env")
	if got, _ := DataDir(flagDir, env(map[string]string{EnvDataDir: envDir})); got != flagDir {
		t.Errorf("flag should win: %s", got)
	}
	if got, _ := DataDir("", env(map[string]string{EnvDataDir: envDir})); got != envDir {
		t.Errorf("env should be used: %s", got)
	}
	if runtime.GOOS != "linux" {
		return
	}
	xdg := t.TempDir()
	if got, _ := DataDir("", env(map[string]string{"XDG_DATA_HOME": xdg})); got != filepath.Join(xdg, "lexflow") {
		t.Errorf("default = %s", got)
	}
	if st, err := os.Stat(flagDir); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("created data dir: %v %v", st, err)
	}
}

// Adding a provider checks it as the add dialog does: a base URL missing
// its /v1 is refused with the fix, and a provider left without a usable
// default model is named on stderr with the command that fixes it.
func TestProviderAddChecksTheServer(t *testing.T) {
	dir := t.TempDir()
	llm := llmtest.New(t)
	llm.InstallDemo(0)
	r := run(t, dir, "provider", "add", "--name", "Root", "--kind", "openai", "--base-url", llm.URL())
	if r.code != ExitUsage || !strings.Contains(r.stderr, "--base-url "+llm.OpenAIURL()) {
		t.Errorf("base URL without /v1: %+v", r)
	}
	r = run(t, dir, "provider", "add", "--name", "Lab Server", "--kind", "openai", "--base-url", llm.OpenAIURL())
	if r.code != ExitOK || !strings.Contains(r.stderr, `"Lab Server" has no default model`) ||
		!strings.Contains(r.stderr, "lexflow provider set 'Lab Server' --default-model MODEL") || !strings.Contains(r.stderr, "fake-chat") {
		t.Errorf("add without a default model: %+v", r)
	}
	r = run(t, dir, "provider", "set", "Lab Server", "--default-model", "no-such-model")
	if r.code != ExitOK || !strings.Contains(r.stderr, `does not offer the model "no-such-model"`) {
		t.Errorf("set to a model the server lacks: %+v", r)
	}
	r = run(t, dir, "provider", "set", "Lab Server", "--default-model", "fake-chat")
	if r.code != ExitOK || r.stderr != "" || !strings.Contains(r.stdout, "default model fake-chat") {
		t.Errorf("set the default model: %+v", r)
	}
	r = run(t, dir, "provider", "list", "--json")
	var list []api.Provider
	if json.Unmarshal([]byte(r.stdout), &list) != nil || len(list) != 2 || list[1].DefaultModel != "fake-chat" || list[1].BaseURL != llm.OpenAIURL() {
		t.Errorf("after set: %s", r.stdout)
	}
	r = run(t, dir, "provider", "add", "--name", "Later", "--kind", "ollama", "--base-url", llmtest.RefusedURL(t), "--default-model", "llama3")
	if r.code != ExitOK || !strings.Contains(r.stderr, "could not connect") || !strings.Contains(r.stderr, "lexflow provider test Later") {
		t.Errorf("add while the server is down: %+v", r)
	}
}
