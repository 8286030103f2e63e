// Package api holds the services both faces use — the desktop window and the
// `serve` HTTP server call the same methods — with their DTOs and the event hub.
package api

import (
	"context"
	"time"

	"lexflow/backend/chat"
	"lexflow/backend/engine"
	"lexflow/backend/generation"
	"lexflow/backend/ingest"
	"lexflow/backend/library"
	"lexflow/backend/llm"
	"lexflow/backend/nodes"
	"lexflow/backend/runs"
	"lexflow/backend/store"
)

// Connector builds a provider client from its configuration.
type Connector func(llm.Config) (llm.Provider, error)

// Build identifies the binary.
type Build struct {
	Version string
	Commit  string
}

// Options wires the services to their dependencies.
type Options struct {
	DB      *store.DB
	Hub     *Hub
	Library *library.Library
	Index   Searcher
	Runs    *runs.Service
	Chat    *chat.Service
	// Pipeline replays stored generations.
	Pipeline *generation.Pipeline
	Connect  Connector
	Build    Build
	Face     string // "desktop" or "serve"
	DataDir  string
	// SelfTestEvents, when positive, asks the UI to run an event check of that
	// many events at start and report back (see Diagnostics).
	SelfTestEvents int
	// SelfTestDrop names a collection the self-test then opens to wait for
	// files dropped onto the window.
	SelfTestDrop string
	// OCR reports what Tesseract can do here; nil means ingest.OCR.
	OCR func() ingest.OCRInfo
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Background bounds work that outlives a request (streams); cancelled at shutdown.
	Background context.Context
}

// Services is the whole API surface.
type Services struct {
	System      *SystemService
	Providers   *ProviderService
	Settings    *SettingsService
	Diagnostics *DiagnosticsService
	Library     *LibraryService
	Apps        *AppService
	Runs        *RunService
	Chat        *ChatService
	Events      *Hub
}

// New builds the services over opts.
func New(opts Options) *Services {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Background == nil {
		opts.Background = context.Background()
	}
	if opts.OCR == nil {
		opts.OCR = ingest.OCR
	}
	if opts.Hub == nil {
		opts.Hub = NewHub(opts.Now, 4096)
	}
	return &Services{
		System:      &SystemService{opts: opts},
		Providers:   &ProviderService{db: opts.DB, hub: opts.Hub, connect: opts.Connect, now: opts.Now, bg: opts.Background},
		Settings:    &SettingsService{db: opts.DB},
		Diagnostics: newDiagnostics(opts.Hub, opts.SelfTestEvents, opts.SelfTestDrop),
		Library:     &LibraryService{db: opts.DB, lib: opts.Library, index: opts.Index, now: opts.Now},
		Apps:        &AppService{db: opts.DB, registry: registryOf(opts), connect: opts.Connect},
		Runs:        &RunService{db: opts.DB, runs: opts.Runs},
		Chat: &ChatService{db: opts.DB, chat: opts.Chat, pipeline: opts.Pipeline,
			models: Models{DB: opts.DB, Connect: opts.Connect}},
		Events: opts.Hub,
	}
}

// registryOf is the node types runs use; without runs (a command that
// opens no library), the same node types over the database alone, enough
// to compile what an import brings.
func registryOf(opts Options) *engine.Registry {
	if opts.Runs != nil {
		return opts.Runs.Registry()
	}
	if opts.DB == nil {
		return nil
	}
	reg := engine.NewRegistry()
	if err := nodes.Register(reg, nodes.Deps{Models: Models{DB: opts.DB, Connect: opts.Connect}, Collections: CollectionIDs(opts.DB)}); err != nil {
		return nil
	}
	return reg
}

// CollectionIDs lists the library's collection ids, for nodes.Deps.Collections.
func CollectionIDs(db *store.DB) func(ctx context.Context) ([]string, error) {
	return func(ctx context.Context) ([]string, error) {
		colls, err := db.ListCollections(ctx)
		ids := make([]string, len(colls))
		for i, c := range colls {
			ids[i] = c.ID
		}
		return ids, err
	}
}
