package python

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/compile"
	"github.com/go-python/gpython/parser"
	"github.com/go-python/gpython/py"

	"lexflow/backend/nodes/script"
)

// Compile parses and compiles source once, so that a syntax error, a
// missing main or an import the sandbox lacks is a compile problem rather
// than a run failure.
func Compile(source string) (*Program, error) {
	if len(source) > script.MaxSource {
		return nil, fmt.Errorf("compile python: %d bytes, the limit is %d", len(source), script.MaxSource)
	}
	source, tree, err := parse(source)
	if err != nil {
		return nil, fmt.Errorf("compile python: %w", syntaxError(err))
	}
	if _, err := compile.Compile(source, "main.py", py.ExecMode, 0, true); err != nil {
		return nil, fmt.Errorf("compile python: %w", err)
	}
	if name := missingImport(tree); name != "" {
		return nil, fmt.Errorf("compile python: import %s: %w", name, ErrNoModule)
	}
	if !definesMain(tree) {
		return nil, script.ErrNoMain
	}
	return &Program{source: source}, nil
}

// parse parses source as it is or, should that fail, with its f-strings
// rewritten; the source returned is the one that parsed.
func parse(source string) (string, ast.Ast, error) {
	tree, err := parser.ParseString(source, py.ExecMode)
	if err == nil {
		return source, tree, nil
	}
	if rewritten, ok := rewriteFStrings(source); ok && rewritten != source {
		if tree, err2 := parser.ParseString(rewritten, py.ExecMode); err2 == nil {
			return rewritten, tree, nil
		}
	}
	return source, nil, err
}

// missingImport names the first module source imports that is not one of
// Modules, or "".
func missingImport(tree ast.Ast) string {
	var missing string
	ast.Walk(tree, func(n ast.Ast) bool {
		var names []string
		switch n := n.(type) {
		case *ast.Import:
			for _, a := range n.Names {
				names = append(names, string(a.Name))
			}
		case *ast.ImportFrom:
			names = append(names, string(n.Module))
		}
		for _, name := range names {
			if top, _, _ := strings.Cut(name, "."); missing == "" && !slices.Contains(Modules, top) {
				missing = name
			}
		}
		return missing == ""
	})
	return missing
}

// definesMain reports whether the module defines a function main at its
// top level, where Dify looks for it.
func definesMain(tree ast.Ast) bool {
	mod, ok := tree.(*ast.Module)
	if !ok {
		return false
	}
	for _, s := range mod.Body {
		if f, ok := s.(*ast.FunctionDef); ok && f.Name == "main" {
			return true
		}
	}
	return false
}

// syntaxError says on one line where the parser stopped: gpython's own
// message spans several, led by `File "<string>"`.
func syntaxError(err error) error {
	e, ok := err.(*py.Exception)
	if !ok {
		return err
	}
	line, ok := e.Dict["lineno"].(py.Int)
	args, _ := e.Args.(py.Tuple)
	if !ok || len(args) == 0 {
		return err
	}
	return fmt.Errorf("line %d: %s: %v", line, e.Base.Name, args[0])
}
