// Package archtest enforces the dependency direction of ARCHITECTURE.md:
// main → server, api → … → store, llm, and only package main imports Wails.
package archtest

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbidden lists, per backend package (prefix), the module packages it must never import.
var forbidden = map[string][]string{
	"backend/store":  {"backend/api", "backend/server", "backend/cli", "backend/llm"},
	"backend/llm":    {"backend/store", "backend/api", "backend/server", "backend/cli"},
	"backend/tsgen":  {"backend/"},
	"backend/api":    {"backend/server", "backend/cli"},
	"backend/server": {"backend/cli", "backend/store"},
	// The engine knows no node type: node packages plug into it, never the reverse.
	"backend/engine": {"backend/nodes", "backend/api", "backend/server", "backend/cli", "backend/store"},
	// The DSL is a document: it neither runs nor knows node types.
	"backend/dsl": {"backend/engine", "backend/nodes", "backend/api", "backend/server", "backend/cli", "backend/store"},
}

func TestDependencyDirection(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(filepath.Join(root, "backend"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		for _, imp := range imports(t, path) {
			if strings.HasPrefix(imp, "github.com/wailsapp/") {
				t.Errorf("%s imports %s: only package main may import Wails", path, imp)
			}
			checkLayer(t, path, rel, imp)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func checkLayer(t *testing.T, path, pkg, imp string) {
	local, ok := strings.CutPrefix(imp, "lexflow/")
	if !ok || strings.HasSuffix(path, "_test.go") {
		return
	}
	for prefix, bans := range forbidden {
		if pkg != prefix && !strings.HasPrefix(pkg, prefix+"/") {
			continue
		}
		for _, ban := range bans {
			if strings.HasPrefix(local, ban) && !strings.HasPrefix(local, prefix) {
				t.Errorf("%s imports %s: %s must not depend on %s", path, imp, prefix, ban)
			}
		}
	}
}

func imports(t *testing.T, path string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range f.Imports {
		p, _ := strconv.Unquote(s.Path.Value)
		out = append(out, p)
	}
	return out
}
