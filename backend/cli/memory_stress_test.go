//go:build linux

package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"lexflow/backend/llm/providers"
)

// memoryChildEnv carries, tab-separated, the command line a child test
// process runs as `lexflow` (see TestStressIngestMemoryChild).
const memoryChildEnv = "LEXFLOW_MEMORY_CHILD_ARGS"

// memoryCapKiB caps the child's address space as the hostile-input probe did
// (there 4.5 GB, under which the 60 MB page killed the server), lower
// here: the page needed 3.3 GB before ingestion's memory was bounded.
const memoryCapKiB = 2 << 20

// The memory row of the fault matrix (finding 1): the 60 MB page
// of one heading and tiny paragraphs, ingested under a memory cap, leaves
// the program running to its end and the document ready or failed with a
// reason, within the 400 MB budget.
func TestStressIngestMemory(t *testing.T) {
	if os.Getenv("LEXFLOW_STRESS") == "" {
		t.Skip("ingests a 60 MB page under a memory cap: run with LEXFLOW_STRESS=1, as make stress does")
	}
	dir, src := t.TempDir(), filepath.Join(t.TempDir(), "page.html")
	writeOneLetterPage(t, src, 60_000_000)
	if r := memoryChild(t, "--data-dir", dir, "collection", "create", "Pages"); r.code != ExitOK {
		t.Fatalf("collection create: %d %s", r.code, r.stderr)
	}
	r := memoryChild(t, "--data-dir", dir, "ingest", "--collection", "Pages", "--json", src)
	if strings.Contains(r.stderr, "fatal error") || (r.code != ExitOK && r.code != ExitFailed) {
		t.Fatalf("ingest died under the cap: exit %d\n%s", r.code, tail(r.stderr))
	}
	var sums []IngestSummary
	if err := json.Unmarshal([]byte(r.stdout), &sums); err != nil || len(sums) != 1 {
		t.Fatalf("summary %q: %v", r.stdout, err)
	}
	s := sums[0]
	if s.Status != "ready" && (s.Status != "failed" || s.Error == "") {
		t.Fatalf("the page ended %s %q, want ready, or failed with a reason", s.Status, s.Error)
	}
	t.Logf("the page ended %s %s; peak RSS %d MiB", s.Status, s.Error, r.peakKiB/1024)
	if r.peakKiB > 400<<10 {
		t.Fatalf("peak RSS %d MiB, over the 400 MB budget", r.peakKiB/1024)
	}
}

// TestStressIngestMemoryChild is the child process of the test above: it
// runs the command line it is given as `lexflow` would, and exits with its code.
func TestStressIngestMemoryChild(t *testing.T) {
	args := os.Getenv(memoryChildEnv)
	if args == "" {
		t.Skip("runs only as the child of TestStressIngestMemory")
	}
	os.Exit(Run(context.Background(), strings.Split(args, "\t"), Env{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv,
		UI: fstest.MapFS{"index.html": {Data: []byte("<title>Lexflow</title>")}}, Connect: providers.New}))
}

type cappedResult struct {
	code           int
	stdout, stderr string
	peakKiB        int64
}

// memoryChild runs args in a child under the address-space cap.
func memoryChild(t *testing.T, args ...string) cappedResult {
	t.Helper()
	cmd := exec.Command("bash", "-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, memoryCapKiB),
		os.Args[0], "-test.run=^TestStressIngestMemoryChild$")
	cmd.Env = append(os.Environ(), memoryChildEnv+"="+strings.Join(args, "\t"))
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("start child: %v", err)
	}
	return cappedResult{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errOut.String(),
		peakKiB: cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss}
}

// writeOneLetterPage writes the probe's page: one heading, then "<p>w</p>"
// to size bytes.
func writeOneLetterPage(t *testing.T, path string, size int) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	n, _ := w.WriteString("<html><body><main><h1>Article 1</h1>")
	for ; n < size; n += 8 {
		w.WriteString("<p>w</p>")
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}
