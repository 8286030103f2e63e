package dify

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/dsl"
)

// FuzzImport feeds arbitrary documents through Import and Export: never a
// panic, only classified errors, and whatever imports reads back unchanged.
// Seeds: the Dify fixtures and the DSL package's documents.
func FuzzImport(f *testing.F) {
	for _, pattern := range []string{"testdata/dify/*.yml", "../../dsl/testdata/*"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		app, _, err := Import(data)
		if err != nil {
			for _, s := range []error{dsl.ErrMalformed, dsl.ErrTooLarge, dsl.ErrUnsupportedVersion, dsl.ErrUnsupportedApp} {
				if errors.Is(err, s) {
					return
				}
			}
			t.Fatalf("unclassified error: %v", err)
		}
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
