// Command pycompat measures how much of the corpus's real Python code nodes
// (../shared/eval/dify-dsl/apps: nodes of type code with code_language
// python3) the sandboxed interpreter of backend/nodes/python runs. For each
// node it reports whether gpython parses the code, whether python.Compile
// accepts it (parse, compile, imports, a main), and whether main(**inputs)
// runs with plausible inputs. Where a python3 is on PATH, the same call runs
// in CPython too: a node "matches" when both return the same JSON.
//
// Plausible inputs: a Start input gets a value of its declared type, a code
// node's output one of its declared type, a knowledge retrieval's result a
// list of one chunk, anything else a sentence — or a small JSON object as
// text when the code json.loads its arguments.
//
// Measured with gpython v0.2.0 and CPython 3.11 (45 nodes in 23 files):
//
//	| step                                                        | nodes |
//	|-------------------------------------------------------------|-------|
//	| gpython parses as written                                   | 38    |
//	| python.Compile accepts (f-strings rewritten; imports, main) | 34    |
//	| main(**inputs) runs in the sandbox                          | 20    |
//	| runs in CPython 3 with the same inputs                      | 24    |
//	| same JSON result as CPython                                 | 19    |
//	| without the sandbox's own modules: runs (of 20 importing none) | 12 |
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"lexflow/scripts/internal/repo"
)

func main() {
	dir := flag.String("dir", "", "folder of Dify exports (default ../shared/eval/dify-dsl/apps beside the repository)")
	verbose := flag.Bool("v", false, "print each node's errors")
	flag.Parse()
	if err := run(*dir, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "pycompat:", err)
		os.Exit(1)
	}
}

// codeNode is one Python code node of the corpus.
type codeNode struct {
	File, Title string
	Code        string
	Args        map[string]any
	Imports     []string
}

func run(dir string, verbose bool) error {
	files, err := repo.DifyExports(dir)
	if err != nil {
		return err
	}
	var nodes []codeNode
	for _, f := range files {
		ns, err := pythonNodes(f)
		if err != nil {
			return err
		}
		nodes = append(nodes, ns...)
	}
	report(nodes, verbose)
	return nil
}

// graphNode is the part of a Dify node this command reads.
type graphNode struct {
	ID   string         `yaml:"id"`
	Data map[string]any `yaml:"data"`
}

func pythonNodes(path string) ([]codeNode, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read export: %w", err)
	}
	var doc struct {
		Workflow struct {
			Graph struct {
				Nodes []graphNode `yaml:"nodes"`
			} `yaml:"graph"`
		} `yaml:"workflow"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("read %s: %w", filepath.Base(path), err)
	}
	all := doc.Workflow.Graph.Nodes
	var out []codeNode
	for _, n := range all {
		if n.Data["type"] != "code" || n.Data["code_language"] != "python3" {
			continue
		}
		code, _ := n.Data["code"].(string)
		title, _ := n.Data["title"].(string)
		out = append(out, codeNode{File: filepath.Base(path), Title: title, Code: code,
			Args: sampleArgs(n, all, code), Imports: imports(code)})
	}
	return out, nil
}

// importLine matches `import a, b.c as d` and `from a.b import c`.
var importLine = regexp.MustCompile(`(?m)^\s*(?:import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)|from\s+([\w.]+)\s+import)`)

// imports lists the top-level modules code imports, each once.
func imports(code string) []string {
	var out []string
	for _, m := range importLine.FindAllStringSubmatch(code, -1) {
		for _, item := range strings.Split(m[1]+m[2], ",") {
			name, _, _ := strings.Cut(strings.Fields(item)[0], ".")
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}
