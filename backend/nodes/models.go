package nodes

import (
	"context"
	"fmt"
	"strings"

	"lexflow/backend/llm"
)

// ProviderSet is a Models over a fixed list of providers: what tests, the
// CLI and a settings service without its own resolver use.
type ProviderSet struct {
	// Default is the id or name of the provider used when a node names none.
	Default   string
	Providers []NamedProvider
	// Removed names providers that were deleted, by id, so a step that
	// still names one is told which.
	Removed map[string]string
}

// NamedProvider is one configured provider.
type NamedProvider struct {
	ID           string
	Name         string
	Provider     llm.Provider
	DefaultModel string
}

// Resolve finds the provider by id, then name, then (for Dify's plugin
// names such as "langgenius/ollama/ollama") by the last path element.
func (s ProviderSet) Resolve(_ context.Context, ref ModelRef) (Model, error) {
	key := ref.Provider
	if key == "" {
		key = s.Default
	}
	p, ok := s.find(key)
	if name, gone := s.Removed[key]; !ok && gone {
		return Model{}, fmt.Errorf("%w: the provider %s was removed; choose another model for this step (set up: %s)", ErrNoProvider, name, s.names())
	}
	if !ok {
		return Model{}, fmt.Errorf("%w: no provider %q is set up (set up: %s); add it in Settings → Providers, or choose another model for this step",
			ErrNoProvider, key, s.names())
	}
	name := ref.Name
	if name == "" {
		name = p.DefaultModel
	}
	if name == "" {
		who := firstNonEmpty(p.Name, p.ID) // a name a person gave, never the hash id when there is one
		return Model{}, fmt.Errorf("%w: the provider %s has no default model; choose a model for this step, or a default model for %s in Settings → Providers",
			ErrNoModel, who, who)
	}
	return Model{Provider: p.Provider, ProviderName: firstNonEmpty(p.Name, p.ID), Name: name}, nil
}

func (s ProviderSet) find(key string) (NamedProvider, bool) {
	if key == "" {
		return NamedProvider{}, false
	}
	last := key[strings.LastIndexByte(key, '/')+1:]
	for _, cand := range []string{key, last} {
		for _, p := range s.Providers {
			if p.ID == cand || strings.EqualFold(p.Name, cand) {
				return p, true
			}
		}
	}
	return NamedProvider{}, false
}

func (s ProviderSet) names() string {
	if len(s.Providers) == 0 {
		return "none"
	}
	var out []string
	for _, p := range s.Providers {
		out = append(out, firstNonEmpty(p.Name, p.ID))
	}
	return strings.Join(out, ", ")
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
