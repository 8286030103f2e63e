package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"lexflow/backend/api"
	"lexflow/backend/chat"
	"lexflow/backend/engine"
	"lexflow/backend/generation"
	"lexflow/backend/index"
	"lexflow/backend/ingest"
	"lexflow/backend/library"
	"lexflow/backend/nodes"
	"lexflow/backend/pdfengine"
	"lexflow/backend/runs"
	"lexflow/backend/server"
	"lexflow/backend/store"
)

// app is an opened data directory with the services over it.
type app struct {
	dir      string
	db       *store.DB
	index    *index.Index // nil when the command needs no library
	library  *library.Library
	runs     *runs.Service
	chat     *chat.Service
	pipeline *generation.Pipeline
	connect  api.Connector
	services *api.Services
}

// openApp opens the data directory for a face ("desktop", "serve" or "cli")
// with the library; openSettings opens it without, for commands that only
// touch settings and providers (so they work while the app holds the index).
// errServeHolds marks a library held by a running serve, whose address the
// error names: no window will come to take a launch's paths.
var errServeHolds = errors.New("Lexflow serve is using this library")

func openApp(ctx context.Context, dataDir, face string, env Env) (*app, error) {
	applyMemoryBudget()
	return open(ctx, dataDir, face, env, true)
}

func openSettings(ctx context.Context, dataDir string, env Env) (*app, error) {
	return open(ctx, dataDir, "cli", env, false)
}

func open(ctx context.Context, dataDir, face string, env Env, withLibrary bool) (*app, error) {
	dir, err := DataDir(dataDir, env.Getenv)
	if err != nil {
		return nil, err
	}
	if w := networkWarning(dir); w != "" && withLibrary {
		fmt.Fprintln(env.Stderr, w)
	}
	path := filepath.Join(dir, "lexflow.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		return nil, explainOpen(path, err)
	}
	a := &app{dir: dir, db: db, connect: env.Connect}
	hub := api.NewHub(nil, 4096)
	go hub.SweepEvery(ctx, time.Minute)
	if withLibrary {
		if err := a.openLibrary(ctx, hub, env); err != nil {
			db.Close()
			return nil, err
		}
	}
	a.services = api.New(api.Options{
		DB: db, Hub: hub, Library: a.library, Index: a.titled(), Runs: a.runs, Chat: a.chat, Pipeline: a.pipeline,
		Connect: env.Connect, Build: env.Build, Face: face,
		DataDir: dir, SelfTestEvents: selfTestEvents(env), SelfTestDrop: env.Getenv(EnvSelfTestDrop), Background: ctx,
	})
	return a, nil
}

// openLibrary opens the evidence index and starts ingestion, recovering any
// work a crash interrupted. A damaged index is set aside and rebuilt from
// SQLite, which holds every chunk.
func (a *app) openLibrary(ctx context.Context, hub *api.Hub, env Env) error {
	dir := filepath.Join(a.dir, "index")
	idx, err := index.Open(dir)
	if errors.Is(err, index.ErrCorrupt) {
		aside := dir + ".damaged-" + time.Now().Format("20060102-150405")
		if rerr := os.Rename(dir, aside); rerr != nil {
			return fmt.Errorf("%w; set it aside: %v", err, rerr)
		}
		if errors.Is(err, index.ErrOutdated) {
			fmt.Fprintf(os.Stderr, "lexflow: the search index format changed; rebuilding it from the database (the old one is in %s)\n", aside)
		} else {
			fmt.Fprintf(os.Stderr, "lexflow: the search index was damaged; moved it to %s and rebuilding it from the database\n", aside)
		}
		_ = a.db.SetSetting(ctx, library.CleanKey, false)
		idx, err = index.Open(dir)
	}
	if errors.Is(err, index.ErrLocked) {
		if at := server.RunningAt(a.dir); at != "" {
			return fmt.Errorf("%w: %w (%s) at %s; use it there (its access link was printed where serve started), or stop it first", err, errServeHolds, a.dir, at)
		}
		return fmt.Errorf("%w: another Lexflow (the desktop window or serve) is using %s; use it there, or close it first", err, a.dir)
	}
	if err != nil {
		return fmt.Errorf("open the search index: %w", err)
	}
	a.index = idx
	// The index lock proves no other Lexflow runs here: runs and answers
	// still marked running were left by a process that died.
	if err := a.recoverChat(ctx); err != nil {
		idx.Close()
		return err
	}
	reg, err := newRegistry(a, idx, env)
	if err != nil {
		idx.Close()
		return err
	}
	a.runs = runs.NewService(a.db, reg, api.PublishRun(hub), ctx)
	a.chat = chat.New(a.db, a.runs, nil)
	go a.chat.SweepEvery(ctx, time.Hour)
	// The PDF engine compiles itself on the first PDF; the cache makes that
	// a one-time cost per version rather than one per launch.
	pdfengine.Configure(pdfengine.Options{CacheDir: filepath.Join(a.dir, "cache", "pdfengine")})
	a.library = library.New(library.Options{DB: a.db, Index: idx, DataDir: a.dir,
		Extract: library.Ingest(ingest.DefaultLimits(), ingest.DefaultChunkOptions()), OnProgress: api.PublishProgress(hub)})
	if err := a.library.Start(ctx); err != nil {
		idx.Close()
		return err
	}
	return nil
}

// titled is the index as readers meet it: hits name their documents by
// their current titles, and a text loaded as several files is searched once.
func (a *app) titled() library.TitledIndex {
	return library.TitledIndex{DB: a.db, Index: library.OneCopy{DB: a.db, Index: a.index}}
}

// Close stops ingestion (unfinished documents resume next time) and closes
// the index and the database.
func (a *app) Close() error {
	if a.library != nil {
		a.runs.Shutdown()
		a.chat.Wait()
		a.library.Close()
		if err := a.index.Close(); err == nil {
			_ = a.library.MarkClean(context.Background())
		}
	}
	return a.db.Close()
}

// recoverChat marks what a dead process left running as interrupted, and
// makes sure the built-in Legal Q&A app is there for chat.
func (a *app) recoverChat(ctx context.Context) error {
	if _, err := a.db.InterruptRuns(ctx); err != nil {
		return err
	}
	if _, err := a.db.InterruptMessages(ctx); err != nil {
		return err
	}
	return chat.EnsureDefaultApp(ctx, a.db)
}

// explainOpen tells a person what to do when the database cannot be used.
func explainOpen(path string, err error) error {
	switch {
	case errors.Is(err, store.ErrSchemaTooNew):
		return fmt.Errorf("%w\nThe database %s was written by a newer Lexflow. Update Lexflow to open it; nothing was changed", err, path)
	case errors.Is(err, store.ErrCorrupt):
		return fmt.Errorf("%w\nNothing was changed. Move %s aside (keep it for recovery) to start with a fresh database", err, path)
	default:
		return fmt.Errorf("open database %s: %w", path, err)
	}
}

// newRegistry holds every node type a workflow can use, over this data
// directory's providers, index and chunks.
func newRegistry(a *app, idx *index.Index, env Env) (*engine.Registry, error) {
	reg := engine.NewRegistry()
	a.pipeline = &generation.Pipeline{Store: a.db, Rarity: idx.Rarity}
	err := nodes.Register(reg, nodes.Deps{
		Models:      api.Models{DB: a.db, Connect: env.Connect},
		Search:      a.titled().Search,
		Chunks:      a.db,
		Answerer:    a.pipeline,
		Verifier:    a.pipeline,
		Scope:       chat.Describe(a.db),
		Documents:   a.readyDocuments,
		Collections: api.CollectionIDs(a.db),
		Outbound:    a.db,
		Files:       libraryFiles{dir: a.dir, db: a.db},
	})
	return reg, err
}

// readyDocuments lists the ids of the searchable documents of the
// collections (all collections when none is given).
func (a *app) readyDocuments(ctx context.Context, collectionIDs []string) ([]string, error) {
	if len(collectionIDs) == 0 {
		collectionIDs = []string{""}
	}
	var ids []string
	for _, c := range collectionIDs {
		docs, err := a.db.ListDocuments(ctx, c)
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			if d.Status == store.DocReady {
				ids = append(ids, d.ID)
			}
		}
	}
	return ids, nil
}
