package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strings"

	"github.com/go-python/gpython/parser"
	"github.com/go-python/gpython/py"
	"github.com/google/go-cmp/cmp"

	"lexflow/backend/nodes/python"
	"lexflow/backend/nodes/script"
)

// outcome is what happened to one node.
type outcome struct {
	parsed, compiled, ran, cpythonRan, matched bool
	problem                                    string
}

func measure(n codeNode) outcome {
	var o outcome
	_, err := parser.ParseString(n.Code, py.ExecMode)
	o.parsed = err == nil // gpython as it is; Compile rewrites f-strings
	want, cpyErr := runCPython(n)
	o.cpythonRan = cpyErr == nil
	p, err := python.Compile(n.Code)
	if err != nil {
		o.problem = err.Error()
		return o
	}
	o.compiled = true
	got, err := python.Run(context.Background(), p, n.Args, script.DefaultLimits)
	if err != nil {
		o.problem = "run: " + err.Error()
		return o
	}
	o.ran = true
	o.matched = o.cpythonRan && cmp.Equal(want, got)
	if o.cpythonRan && !o.matched {
		o.problem = "differs from CPython: " + cmp.Diff(want, got)
	}
	return o
}

// cpythonHarness runs main(**args) and prints its result as JSON.
const cpythonHarness = `
import json, sys
req = json.load(sys.stdin)
ns = {"__name__": "__main__"}
exec(req["code"], ns)
print(json.dumps(ns["main"](**req["args"])))
`

func runCPython(n codeNode) (map[string]any, error) {
	req, _ := json.Marshal(map[string]any{"code": n.Code, "args": n.Args})
	cmd := exec.Command("python3", "-c", cpythonHarness)
	cmd.Stdin = bytes.NewReader(req)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("run cpython: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var res map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
		return nil, fmt.Errorf("read cpython result: %w", err)
	}
	return res, nil
}

func report(nodes []codeNode, verbose bool) {
	var parsed, compiled, ran, cpy, matched, ranPlain, plain int
	files := map[string]bool{}
	fmt.Printf("%-16s %-28s %-6s %-8s %-4s %-7s %-7s %s\n", "file", "node", "parse", "compile", "ran", "cpython", "matches", "imports")
	for _, n := range nodes {
		files[n.File] = true
		o := measure(n)
		usesExtra := slices.ContainsFunc(n.Imports, func(m string) bool { return slices.Contains(ownModules, m) })
		if !usesExtra {
			plain++
		}
		parsed, compiled, ran, cpy, matched = parsed+b(o.parsed), compiled+b(o.compiled), ran+b(o.ran), cpy+b(o.cpythonRan), matched+b(o.matched)
		if o.ran && !usesExtra {
			ranPlain++
		}
		fmt.Printf("%-16s %-28.28s %-6s %-8s %-4s %-7s %-7s %s\n", n.File, n.Title, yes(o.parsed), yes(o.compiled), yes(o.ran), yes(o.cpythonRan), yes(o.matched), strings.Join(n.Imports, ","))
		if verbose && o.problem != "" {
			fmt.Printf("    %s\n", strings.ReplaceAll(o.problem, "\n", "\n    "))
		}
	}
	fmt.Printf("\n%d Python code nodes in %d files\n", len(nodes), len(files))
	fmt.Printf("| step | nodes |\n|---|---|\n")
	fmt.Printf("| gpython parses as written | %d |\n| python.Compile accepts (f-strings rewritten; imports, main) | %d |\n", parsed, compiled)
	fmt.Printf("| main(**inputs) runs in the sandbox | %d |\n| runs in CPython 3 with the same inputs | %d |\n| same JSON result as CPython | %d |\n", ran, cpy, matched)
	fmt.Printf("| without the sandbox's own modules (%s): runs (nodes importing none: %d) | %d |\n", strings.Join(ownModules, ", "), plain, ranPlain)
}

// ownModules are the modules backend/nodes/python implements itself (the
// others are gpython's).
var ownModules = []string{"json", "re", "base64", "datetime", "hashlib", "hmac", "unicodedata", "logging"}

func b(x bool) int {
	if x {
		return 1
	}
	return 0
}

func yes(x bool) string {
	if x {
		return "yes"
	}
	return "-"
}
