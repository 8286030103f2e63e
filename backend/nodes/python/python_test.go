package python

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/nodes/script"
)

func run(t *testing.T, src string, args map[string]any, lim script.Limits) (map[string]any, error) {
	t.Helper()
	p, err := Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	return Run(context.Background(), p, args, lim)
}

// wantError fails unless err is want (when not nil) and says contains.
func wantError(t *testing.T, err, want error, contains string) {
	t.Helper()
	if err == nil || (want != nil && !errors.Is(err, want)) || !strings.Contains(err.Error(), contains) {
		t.Errorf("error %v, want %v %q", err, want, contains)
	}
}

func TestRunsDifyMain(t *testing.T) {
	src := `
def main(arg1: str, arg2: list[dict]) -> dict[str, str]:
    return {"result": arg1 + "!", "n": len(arg2), "list": [1, 2.5, "a", {"b": True}, None]}
`
	got, err := run(t, src, map[string]any{"arg1": "a", "arg2": []any{1.0, "x"}}, script.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"result": "a!", "n": 2.0, "list": []any{1.0, 2.5, "a", map[string]any{"b": true}, nil}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("result (-want +got):\n%s", d)
	}
}

func TestFStrings(t *testing.T) {
	src := `
def main(x: str, items: list) -> dict:
    # an f"{comment}" is left alone
    plain = "{not a field}"
    return {
        "a": f"<{x}> {{braces}} {items[0]['k']!r} {len(items) + 1}",
        "b": rf'\d{x}' + F"""multi
{x}""",
        "c": plain + f"",
    }
`
	got, err := run(t, src, map[string]any{"x": "v", "items": []any{map[string]any{"k": "q"}}}, script.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"a": "<v> {braces} 'q' 2", "b": `\dv` + "multi\nv", "c": "{not a field}"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("result (-want +got):\n%s", d)
	}
}

func TestCompileProblems(t *testing.T) {
	tests := []struct {
		name, src string
		want      error
		contains  string
	}{
		{"syntax", "def main(:\n    pass", nil, "compile python: line 1: SyntaxError: invalid syntax"},
		{"f-string with a format spec", "def main(x):\n    return {'a': f'{x:>5}'}", nil, "compile python: line 2: SyntaxError"},
		{"no main", "x = 1", script.ErrNoMain, ""},
		{"import os", "import os\ndef main():\n    return {}", ErrNoModule, "import os"},
		{"from subprocess", "from subprocess import run\ndef main():\n    return {}", ErrNoModule, "import subprocess"},
		{"import inside main", "def main():\n    import socket\n    return {}", ErrNoModule, "import socket"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Compile(tt.src)
			wantError(t, err, tt.want, tt.contains)
		})
	}
}

func TestSandbox(t *testing.T) {
	// A generous timeout, so that only the endless loop meets it even in a
	// race-detector build, where the child runs many times slower.
	short := script.DefaultLimits
	short.Timeout, short.MaxResult, short.MaxMemory = 30*time.Second, 1000, 64<<20
	tests := []struct {
		name, src string
		want      error
		contains  string
	}{
		{"endless loop", "def main():\n    while True:\n        pass", script.ErrTimeout, "timeout"},
		{"memory hog", "def main():\n    x = []\n    while True:\n        x.append('y' * 1000)", ErrMemory, ""},
		{"one huge allocation", "def main():\n    return {'s': 'x' * (1 << 40)}", ErrMemory, ""},
		{"no open", "def main():\n    return {'s': open('/etc/passwd').read()}", nil, "open"},
		{"no __import__ of os", "def main():\n    return {'s': __import__('os').getcwd()}", nil, "No module named 'os'"},
		{"no import through exec", "def main():\n    exec('import os')\n    return {}", nil, "No module named 'os'"},
		{"not a dict", "def main():\n    return 3", script.ErrBadResult, ""},
		{"too large", "def main():\n    return {'s': 'x' * 2000}", script.ErrTooLarge, ""},
		{"raises", "def main():\n    raise ValueError('boom')", nil, "line 2: ValueError: 'boom'"},
		{"an int is still not subscriptable", "def main():\n    return {'x': (5)[0]}", nil, "'int' object is not subscriptable"},
		{"print is harmless", "def main():\n    print('hello')\n    return {'ok': True}", nil, "<nil>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lim := short
			if tt.contains == "timeout" {
				lim.Timeout, tt.contains = time.Second, ""
			}
			_, err := run(t, tt.src, nil, lim)
			if tt.contains == "<nil>" {
				if err != nil {
					t.Errorf("error %v, want none", err)
				}
				return
			}
			wantError(t, err, tt.want, tt.contains)
		})
	}
}
