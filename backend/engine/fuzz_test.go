package engine

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
)

// FuzzCompile feeds arbitrary documents through Parse, Compile and Export:
// never a panic, only classified errors, and whatever imports round-trips.
// Seeds: every fixture under testdata plus testdata/fuzz/FuzzCompile.
func FuzzCompile(f *testing.F) {
	for _, pattern := range []string{"testdata/runs/*.yml", "testdata/bad/*.yml"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	reg := testRegistry()
	f.Fuzz(func(t *testing.T, data []byte) {
		app, err := dsl.Parse(data)
		if err != nil {
			if !classified(err) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		checkCompile(t, app, reg)
		out, err := dsl.Export(app, dsl.FormatJSON)
		if err != nil {
			t.Fatalf("export: %v", err)
		}
		again, err := dsl.Parse(out)
		if err != nil {
			t.Fatalf("parse export: %v\n%s", err, out)
		}
		app.Version, app.Kind = dsl.DSLVersion, dsl.DSLKind
		if d := cmp.Diff(app, again); d != "" {
			t.Fatalf("round trip changed the app:\n%s", d)
		}
	})
}

func classified(err error) bool {
	for _, s := range []error{dsl.ErrMalformed, dsl.ErrTooLarge, dsl.ErrUnsupportedVersion, dsl.ErrDifyDSL, dsl.ErrUnsupportedApp} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

func checkCompile(t *testing.T, app *dsl.App, reg *Registry) {
	_, err := Compile(app, reg)
	if err == nil {
		return
	}
	var ce *CompileError
	if !errors.As(err, &ce) || len(ce.Problems) == 0 {
		t.Fatalf("compile error is not a *CompileError with problems: %v", err)
	}
	for _, p := range ce.Problems {
		if p.Err == nil || p.Message == "" {
			t.Fatalf("problem without a sentinel or message: %+v", p)
		}
	}
}
