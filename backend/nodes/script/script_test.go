package script

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func runJS(t *testing.T, src string, args map[string]any, lim Limits) (map[string]any, error) {
	t.Helper()
	p, err := CompileJS(src)
	if err != nil {
		t.Fatal(err)
	}
	return RunJS(context.Background(), p, args, lim)
}

func TestRunsDifyMain(t *testing.T) {
	got, err := runJS(t, `function main({arg1, arg2}) { return {result: arg1 + arg2, n: arg2.length, list: [1, "a", {b: true}]} }`,
		map[string]any{"arg1": "a", "arg2": "bc"}, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"result": "abc", "n": 2.0, "list": []any{1.0, "a", map[string]any{"b": true}}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("result (-want +got):\n%s", d)
	}
}

func TestSandbox(t *testing.T) {
	short := DefaultLimits
	short.Timeout, short.MaxResult = 50*time.Millisecond, 1000
	tests := []struct {
		name, src string
		want      error
		contains  string
	}{
		{"endless loop", `function main() { for (;;) {} }`, ErrTimeout, ""},
		{"no main", `var x = 1`, ErrNoMain, ""},
		{"no require", `function main() { return {fs: require("fs")} }`, nil, "require is not defined"},
		{"no process", `function main() { return {env: process.env} }`, nil, "process is not defined"},
		{"no fetch", `function main() { return {r: fetch("http://127.0.0.1")} }`, nil, "fetch is not defined"},
		{"not an object", `function main() { return 3 }`, ErrBadResult, ""},
		{"too large", `function main() { return {s: "x".repeat(2000)} }`, ErrTooLarge, ""},
		{"deep recursion", `function f(n) { return f(n + 1) } function main() { return {r: f(0)} }`, nil, "nested deeper"},
		{"throws", `function main() { throw new Error("boom") }`, nil, "boom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := runJS(t, tt.src, nil, short)
			if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) || !strings.Contains(err.Error(), tt.contains) {
				t.Errorf("error %v, want %v %q", err, tt.want, tt.contains)
			}
		})
	}
}

func TestCancelStopsTheScript(t *testing.T) {
	p, err := CompileJS(`function main() { while (true) {} }`)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RunJS(ctx, p, nil, DefaultLimits); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled run: %v", err)
	}
}

func TestSyntaxErrorAtCompile(t *testing.T) {
	if _, err := CompileJS(`function main( {`); err == nil {
		t.Error("a syntax error compiled")
	}
}
