package api

import (
	"cmp"
	"context"
	"path"
	"strings"
	"time"

	"lexflow/backend/llm"
)

// modelChoices are the configured models an import can map to, as
// "provider/model" with the provider's name.
type modelChoices struct {
	providers []string
	models    []string
	fallback  string // the default model; "" when none is configured
}

// modelListTimeout bounds asking the providers for their models during an
// import: a provider that does not answer only loses its same-name matches.
const modelListTimeout = 3 * time.Second

func (s *AppService) modelChoices(ctx context.Context) (modelChoices, error) {
	rows, settings, err := loadDefaults(ctx, s.db)
	if err != nil {
		return modelChoices{}, err
	}
	chosen := chooseDefault(rows, settings)
	var c modelChoices
	ctx, cancel := context.WithTimeout(ctx, modelListTimeout)
	defer cancel()
	for _, p := range rows {
		c.providers = append(c.providers, p.Name)
		if p.DefaultModel != "" {
			c.models = append(c.models, p.Name+"/"+p.DefaultModel)
		}
		if m := cmp.Or(chosen.Model, p.DefaultModel); p.ID == chosen.ProviderID && m != "" {
			c.fallback = p.Name + "/" + m
		}
		c.models = append(c.models, s.listedModels(ctx, p.Name, configOf(p))...)
	}
	return c, nil
}

// hasProvider reports whether "provider/model" names a configured provider.
func (c modelChoices) hasProvider(to string) bool {
	provider, model, ok := strings.Cut(to, "/")
	if !ok || model == "" {
		return false
	}
	for _, p := range c.providers {
		if strings.EqualFold(p, provider) {
			return true
		}
	}
	return false
}

// sameModel finds a configured model with the name of from's model.
func (c modelChoices) sameModel(from string) string {
	_, name, _ := strings.Cut(from, "/")
	for _, m := range c.models {
		_, configured, _ := strings.Cut(m, "/")
		if strings.EqualFold(configured, name) || strings.EqualFold(path.Base(configured), name) {
			return m
		}
	}
	return ""
}

// listedModels asks a provider for its models; one that cannot answer in
// time offers none.
func (s *AppService) listedModels(ctx context.Context, name string, cfg llm.Config) []string {
	if s.connect == nil {
		return nil
	}
	client, err := s.connect(cfg)
	if err != nil {
		return nil
	}
	list, err := client.Models(ctx)
	if err != nil {
		return nil
	}
	out := make([]string, len(list))
	for i, m := range list {
		out[i] = name + "/" + m.Name
	}
	return out
}
