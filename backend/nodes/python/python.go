// Package python runs the Python 3 code of a code node — Dify's
// `def main(arg1: str) -> dict:` — on gpython (a pure-Go Python 3.4
// interpreter) in a child process: the lexflow binary re-executes itself
// with an environment marker (see child.go), reads {code, args} as JSON on
// stdin and writes {result | error} on stdout.
//
// Why a child: gpython cannot be interrupted, so the only way to bound a
// run's time in-process is to abandon a goroutine that keeps spinning. A
// child process is killed at the deadline (its whole process group on
// Unix), its memory is capped (a heap watchdog and debug.SetMemoryLimit on
// every OS, plus RLIMIT_AS and RLIMIT_CPU on Unix), it gets no environment
// but its marker, and its only channels are stdin and stdout.
//
// What the interpreter may reach: gpython ships os, sys, glob, tempfile
// and marshal modules, `open`, and an importer that reads .py files from
// disk. The child removes `open`, `input` and `print`'s stream (print is
// discarded), and replaces `__import__` with one that loads only Modules;
// Compile rejects any other import before a run, naming it.
//
// What it runs (go run ./scripts/pycompat, 45 Python code nodes in 23 of the
// 38 exports of ../shared/eval/dify-dsl): gpython parses 38 as written (the
// other 7 use f-strings, which Compile rewrites); Compile accepts 34 (the
// rest import os, requests, pandas, jieba, json_repair, pathlib or sympy:
// system access or third-party code); 20 run with plausible inputs, 12 of
// them without this package's own modules. With the same inputs CPython
// 3.11 runs 24: 19 of them run here with identical results, 4 are refused
// for their imports (os, requests) and 1 fails on a gpython bug (below).
// The other failures fail in CPython too.
//
// Known differences from CPython, beyond Python 3.4's grammar: dicts are
// string-keyed and unordered (json.dumps sorts keys); attribute lookup on
// a dict finds its keys first, so d.items() fails on a dict with a key
// "items"; str has no format method (f-strings with a format spec are
// refused), and only the methods gpython has plus those strmethods.go
// adds; "text" % 3 does not raise; print output is discarded.
//
// Memory: the child's heap is watched every 5 ms and capped by
// Limits.MaxMemory; on Linux and macOS RLIMIT_AS (the cap plus 2 GiB for the
// runtime's mappings) also stops a single huge allocation at once — macOS
// does not enforce it, so there the watchdog alone bounds memory, as on
// Windows, where the child is killed (not its process group: it starts
// none) at the deadline. A run costs a process start: about 16 ms and
// 41 MB resident for the lexflow binary on Linux.
package python

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"lexflow/backend/nodes/script"
)

// Modules are the only modules code may import: gpython's math, string
// and time, and this package's json, re, base64, datetime, hashlib, hmac,
// unicodedata and logging — pure computation, with no file system,
// network or process behind them.
var Modules = []string{"base64", "datetime", "hashlib", "hmac", "json", "logging", "math", "re", "string", "time", "unicodedata"}

// Errors a caller may branch on, beside script's ErrTimeout, ErrNoMain,
// ErrTooLarge and ErrBadResult.
var (
	ErrMemory   = errors.New("the code used more memory than allowed")
	ErrNoModule = errors.New("this module is not available to code nodes")
)

// request is what the parent sends the child on stdin.
type request struct {
	Code      string         `json:"code"`
	Args      map[string]any `json:"args"`
	MaxMemory int64          `json:"max_memory"`
	TimeoutS  int            `json:"timeout_s"` // a backstop should the parent die
}

// response is what the child writes on stdout: one of the three.
type response struct {
	Result map[string]any `json:"result,omitempty"`
	Error  string         `json:"error,omitempty"`
	Kind   string         `json:"kind,omitempty"` // "memory", "no_main", "bad_result"
}

// Program is Python source that parsed and imports only Modules.
type Program struct {
	source string
}

// Run runs main(**args) in a fresh child process and returns its result.
func Run(ctx context.Context, p *Program, args map[string]any, lim script.Limits) (map[string]any, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find executable: %w", err)
	}
	req, err := json.Marshal(request{Code: p.source, Args: args, MaxMemory: lim.MaxMemory, TimeoutS: int(lim.Timeout.Seconds()) + 1})
	if err != nil {
		return nil, fmt.Errorf("encode arguments: %w", err)
	}
	runCtx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	cmd := exec.CommandContext(runCtx, exe)
	cmd.Env = []string{childEnv + "=1"}
	cmd.Stdin = bytes.NewReader(req)
	stdout, stderr := &cappedBuffer{max: lim.MaxResult + len(`{"result":}`) + 1}, &cappedBuffer{max: 16 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	isolate(cmd)
	runErr := cmd.Run()
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case runCtx.Err() != nil:
		return nil, script.ErrTimeout
	case stdout.overflow:
		return nil, script.ErrTooLarge
	}
	return decodeResponse(stdout.buf.Bytes(), stderr.buf.String(), runErr)
}

func decodeResponse(out []byte, stderr string, runErr error) (map[string]any, error) {
	var resp response
	if err := json.Unmarshal(out, &resp); err != nil {
		if strings.Contains(stderr, "out of memory") || strings.Contains(stderr, "cannot allocate memory") {
			return nil, ErrMemory
		}
		return nil, fmt.Errorf("run python: the interpreter stopped (%v): %s", runErr, lastLine(stderr))
	}
	switch resp.Kind {
	case "memory":
		return nil, ErrMemory
	case "no_main":
		return nil, script.ErrNoMain
	case "bad_result":
		return nil, fmt.Errorf("%w: %s", script.ErrBadResult, resp.Error)
	}
	if resp.Error != "" {
		return nil, errors.New(resp.Error)
	}
	return resp.Result, nil
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// cappedBuffer keeps the first max bytes written and notes any more, so a
// child writing without end cannot fill the parent's memory. The buffer is
// a field, not embedded, so that io.Copy cannot bypass Write through
// bytes.Buffer's ReadFrom.
type cappedBuffer struct {
	buf      bytes.Buffer
	max      int
	overflow bool
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.buf.Len(); len(p) > room {
		b.overflow = true
		if room > 0 {
			b.buf.Write(p[:room])
		}
		return len(p), nil
	}
	return b.buf.Write(p)
}
