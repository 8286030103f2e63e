package api

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
	"lexflow/backend/generation"
	"lexflow/backend/tsgen"
)

var update = flag.Bool("update", false, "rewrite generated files and golden files")

// The frontend's DTO types must match the Go structs; `make generate` rewrites them.
func TestGeneratedTypeScriptIsCurrent(t *testing.T) {
	path := filepath.Join("..", "..", "frontend", "src", "lib", "api.gen.ts")
	want := TypeScript()
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read generated types (run make generate): %v", err)
	}
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("%s is stale; run make generate (-want +got):\n%s", path, diff)
	}
}

// The wire types sent as they are promise the frontend arrays, never null,
// even when built with nil lists.
func TestWireTypesHaveNoNullLists(t *testing.T) {
	for _, v := range []any{generation.Citation{}, generation.Claim{}, generation.Check{}, generation.Quote{},
		evidence.Locator{}, evidence.Unit{}} {
		if got := tsgen.NullLists(v); got != nil {
			t.Errorf("%T encodes null lists: %v", v, got)
		}
	}
}
