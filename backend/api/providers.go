package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"lexflow/backend/llm"
	"lexflow/backend/llm/providers"
	"lexflow/backend/store"
)

// ProviderService manages model providers: CRUD, connection tests, model lists,
// and a streamed "try it" chat.
type ProviderService struct {
	db      *store.DB
	hub     *Hub
	connect Connector
	now     func() time.Time
	bg      context.Context
	streams atomic.Int64
}

// testTimeout bounds "Test connection" and model listing: a person is waiting.
const testTimeout = 10 * time.Second

// List returns every provider, keys masked.
func (s *ProviderService) List(ctx context.Context) ([]Provider, error) {
	rows, err := s.db.ListProviders(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Provider, len(rows))
	for i, p := range rows {
		out[i] = providerDTO(p)
	}
	return out, nil
}

// Get returns one provider by id or name, key masked.
func (s *ProviderService) Get(ctx context.Context, idOrName string) (Provider, error) {
	p, err := s.db.GetProvider(ctx, idOrName)
	return providerDTO(p), err
}

// Create validates and stores a new provider.
func (s *ProviderService) Create(ctx context.Context, in ProviderInput) (Provider, error) {
	p, err := validProvider(in)
	if err != nil {
		return Provider{}, err
	}
	if in.APIKey != nil {
		p.APIKey = strings.TrimSpace(*in.APIKey)
	}
	p, err = s.db.CreateProvider(ctx, p)
	return providerDTO(p), err
}

// Update validates and rewrites a provider; a nil APIKey keeps the stored one.
func (s *ProviderService) Update(ctx context.Context, id string, in ProviderInput) (Provider, error) {
	old, err := s.editable(ctx, id)
	if err != nil {
		return Provider{}, err
	}
	p, err := validProvider(in)
	if err != nil {
		return Provider{}, err
	}
	p.ID, p.APIKey = old.ID, old.APIKey
	if in.APIKey != nil {
		p.APIKey = strings.TrimSpace(*in.APIKey)
	}
	p, err = s.db.UpdateProvider(ctx, p)
	return providerDTO(p), err
}

// Delete removes a provider. Its name is remembered, so a step that still
// names it can say which provider went, not show its id.
func (s *ProviderService) Delete(ctx context.Context, id string) error {
	p, err := s.editable(ctx, id)
	if err != nil {
		return err
	}
	removed, err := removedProviders(ctx, s.db)
	if err != nil {
		return err
	}
	removed[p.ID] = p.Name
	if err := s.db.SetSetting(ctx, removedProvidersKey, removed); err != nil {
		return err
	}
	return s.db.DeleteProvider(ctx, p.ID)
}

// removedProvidersKey is the setting holding removed providers' names by id.
const removedProvidersKey = "removed_providers"

func removedProviders(ctx context.Context, db *store.DB) (map[string]string, error) {
	removed := map[string]string{}
	err := db.GetSetting(ctx, removedProvidersKey, &removed)
	return removed, err
}

func (s *ProviderService) editable(ctx context.Context, id string) (store.Provider, error) {
	p, err := s.db.GetProvider(ctx, id)
	if err == nil && p.BuiltIn {
		err = &Error{Status: 403, Body: ErrorBody{Code: "forbidden", Message: "the built-in provider cannot be changed or removed"}}
	}
	return p, err
}

// Test connects to the provider and lists its models. A failure to connect is
// a result (OK false, with the reason), not an error; it is also remembered.
func (s *ProviderService) Test(ctx context.Context, id string) (ProviderTest, error) {
	p, err := s.db.GetProvider(ctx, id)
	if err != nil {
		return ProviderTest{}, err
	}
	res, _ := s.probe(ctx, p)
	status := "ok"
	if res.Error != nil {
		status = res.Error.Code
	}
	if err := s.db.RecordProviderCheck(ctx, p.ID, status, s.now()); err != nil {
		return ProviderTest{}, err
	}
	return res, nil
}

// Check tests a provider as the add or edit dialog holds it, before it is
// saved (id is the provider being edited, "" for a new one; its stored key is
// used unless in replaces it). When the base URL answers 404 and a nearby one
// lists models, the result suggests that one.
func (s *ProviderService) Check(ctx context.Context, id string, in ProviderInput) (ProviderTest, error) {
	p, err := validProvider(in)
	if err != nil {
		return ProviderTest{}, err
	}
	if id != "" {
		old, err := s.editable(ctx, id)
		if err != nil {
			return ProviderTest{}, err
		}
		p.APIKey = old.APIKey
	}
	if in.APIKey != nil {
		p.APIKey = strings.TrimSpace(*in.APIKey)
	}
	res, err := s.probe(ctx, p)
	if notFound(err) {
		res.SuggestedBaseURL = s.nearbyBaseURL(ctx, p)
	}
	return res, nil
}

// probe lists p's models: a failure to connect is a result (OK false, with
// the reason), and also returned so callers can look at its kind.
func (s *ProviderService) probe(ctx context.Context, p store.Provider) (ProviderTest, error) {
	start := s.now()
	models, err := s.models(ctx, p)
	res := ProviderTest{OK: err == nil, LatencyMs: s.now().Sub(start).Milliseconds(), Models: models}
	if err != nil {
		_, body := ErrorOf(err)
		res.Error, res.Models = &body, []Model{}
	}
	return res, err
}

// nearbyBaseURL is the first base URL near p's that lists models, or "".
func (s *ProviderService) nearbyBaseURL(ctx context.Context, p store.Provider) string {
	for _, base := range providers.NearbyBaseURLs(llm.Kind(p.Kind), p.BaseURL) {
		p.BaseURL = base
		if _, err := s.models(ctx, p); err == nil {
			return base
		}
	}
	return ""
}

func notFound(err error) bool {
	var e *llm.Error
	return errors.As(err, &e) && e.Status == http.StatusNotFound
}

// Models lists the models a provider offers.
func (s *ProviderService) Models(ctx context.Context, id string) ([]Model, error) {
	p, err := s.db.GetProvider(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.models(ctx, p)
}

func (s *ProviderService) models(ctx context.Context, p store.Provider) ([]Model, error) {
	client, err := s.connect(configOf(p))
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	list, err := client.Models(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Model, len(list))
	for i, m := range list {
		out[i] = modelDTO(m)
	}
	return out, nil
}

// Try sends one prompt and streams the reply on a new event topic: "delta"
// events batched every 50 ms, then "done" or "error". The stream outlives the
// request that started it.
func (s *ProviderService) Try(ctx context.Context, id string, req TryRequest) (StreamRef, error) {
	p, err := s.db.GetProvider(ctx, id)
	if err != nil {
		return StreamRef{}, err
	}
	if strings.TrimSpace(req.Prompt) == "" {
		return StreamRef{}, invalid("prompt", "type a prompt to send")
	}
	if req.Model == "" {
		req.Model = p.DefaultModel
	}
	if req.Model == "" {
		return StreamRef{}, invalid("model", "choose a model (this provider has no default model)")
	}
	client, err := s.connect(configOf(p))
	if err != nil {
		return StreamRef{}, err
	}
	topic := fmt.Sprintf("try:%s:%d", p.ID, s.streams.Add(1))
	go s.stream(client, topic, req)
	return StreamRef{Topic: topic}, nil
}

func (s *ProviderService) stream(client llm.Provider, topic string, req TryRequest) {
	batch := newCoalescer(50*time.Millisecond, func(d Delta) { s.hub.Publish(topic, EventDelta, d) })
	resp, err := client.Chat(s.bg, llm.Request{
		Model:    req.Model,
		Messages: []llm.Message{{Role: llm.RoleUser, Content: req.Prompt}},
	}, func(d llm.Delta) error {
		if d.Kind == llm.DeltaContent || d.Kind == llm.DeltaReasoning {
			batch.Add(string(d.Kind), d.Text)
		}
		return nil
	})
	batch.Flush()
	if err != nil {
		_, body := ErrorOf(err)
		s.hub.Publish(topic, EventError, body)
		return
	}
	s.hub.Publish(topic, EventDone, TryDone{
		Model: resp.Model, PromptTokens: resp.Usage.PromptTokens, CompletionTokens: resp.Usage.CompletionTokens,
		FirstTokenMs: resp.FirstToken.Milliseconds(), LatencyMs: resp.Latency.Milliseconds(),
	})
}

// validProvider checks a user's input field by field.
func validProvider(in ProviderInput) (store.Provider, error) {
	name := strings.TrimSpace(in.Name)
	if name == "" || utf8.RuneCountInString(name) > 80 {
		return store.Provider{}, invalid("name", "name must be 1 to 80 characters")
	}
	kind := llm.Kind(in.Kind)
	if kind != llm.KindOllama && kind != llm.KindOpenAI {
		return store.Provider{}, invalid("kind", `kind must be "ollama" or "openai"`)
	}
	base := strings.TrimSpace(in.BaseURL)
	if base == "" && kind == llm.KindOllama {
		base = "http://127.0.0.1:11434"
	}
	url, err := providers.ValidateBaseURL(kind, base)
	if err != nil {
		return store.Provider{}, invalid("baseUrl", errorText(err))
	}
	return store.Provider{Name: name, Kind: string(kind), BaseURL: url, DefaultModel: strings.TrimSpace(in.DefaultModel)}, nil
}

func configOf(p store.Provider) llm.Config {
	return llm.Config{Kind: llm.Kind(p.Kind), Name: p.Name, BaseURL: p.BaseURL, APIKey: p.APIKey, DefaultModel: p.DefaultModel}
}

func providerDTO(p store.Provider) Provider {
	return Provider{
		ID: p.ID, Name: p.Name, Kind: p.Kind, BaseURL: p.BaseURL,
		HasAPIKey: p.APIKey != "", APIKeyHint: MaskKey(p.APIKey), DefaultModel: p.DefaultModel,
		BuiltIn: p.BuiltIn, LastCheckedAt: p.LastCheckedAt, LastStatus: p.LastStatus,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt,
	}
}

// MaskKey shows just enough of an API key to recognise it: the last four
// characters of a long key, nothing of a short one.
func MaskKey(key string) string {
	switch {
	case key == "":
		return ""
	case len(key) < 12:
		return "••••"
	default:
		return "…" + key[len(key)-4:]
	}
}

func modelDTO(m llm.Model) Model {
	out := Model{Name: m.Name, Size: m.Size, Family: m.Family, ParameterSize: m.ParameterSize, Quantization: m.Quantization}
	if !m.ModifiedAt.IsZero() {
		t := m.ModifiedAt
		out.ModifiedAt = &t
	}
	return out
}
