package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"lexflow/backend/api"
	"lexflow/backend/store"
)

// app is an opened data directory with the services over it.
type app struct {
	dir      string
	db       *store.DB
	services *api.Services
}

// openApp opens the data directory for a face ("desktop", "serve" or "cli").
func openApp(ctx context.Context, dataDir, face string, env Env) (*app, error) {
	dir, err := DataDir(dataDir, env.Getenv)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "lexflow.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		return nil, explainOpen(path, err)
	}
	svc := api.New(api.Options{
		DB: db, Connect: env.Connect, Build: env.Build, Face: face, DataDir: dir,
		SelfTestEvents: selfTestEvents(env), Background: ctx,
	})
	return &app{dir: dir, db: db, services: svc}, nil
}

func (a *app) Close() error { return a.db.Close() }

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
