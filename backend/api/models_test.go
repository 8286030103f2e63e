package api

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"lexflow/backend/llm/providers"
	"lexflow/backend/nodes"
	"lexflow/backend/store"
)

// A step that still names a removed provider is told the provider's name,
// not its id, and what to do.
func TestAStepNamingARemovedProviderNamesIt(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := New(Options{DB: db, Connect: providers.New, Face: "serve", Background: ctx})
	p, err := svc.Providers.Create(ctx, ProviderInput{Name: "Lab Server", Kind: "openai", BaseURL: "http://127.0.0.1:9/v1", DefaultModel: "qwen"})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Providers.Delete(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	_, err = Models{DB: db, Connect: providers.New}.Resolve(ctx, nodes.ModelRef{Provider: p.ID, Name: "qwen"})
	if !errors.Is(err, nodes.ErrNoProvider) || !strings.Contains(err.Error(), "the provider Lab Server was removed") ||
		!strings.Contains(err.Error(), "choose another model for this step") || strings.Contains(err.Error(), p.ID) {
		t.Errorf("resolve a removed provider: %v", err)
	}
}
