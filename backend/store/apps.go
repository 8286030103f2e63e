package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// App is a stored chatflow or workflow with its DSL.
type App struct {
	ID          string
	Name        string
	Mode        string // "chatflow" or "workflow"
	Description string
	DSL         string
	Version     int // 1 when created, one more at every save
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

const appColumns = `id, name, mode, description, dsl, version, created_at, updated_at`

// SaveApp creates the app, or replaces it when the id exists.
func (db *DB) SaveApp(ctx context.Context, a App) (App, error) {
	if a.ID == "" {
		a.ID = newID()
	}
	t := time.Now().UTC().Truncate(time.Millisecond)
	if a.CreatedAt.IsZero() {
		a.CreatedAt = t
	}
	a.UpdatedAt = t
	var created string
	err := db.sql.QueryRowContext(ctx, `INSERT INTO apps (`+appColumns+`) VALUES (?, ?, ?, ?, ?, 1, ?, ?)
		ON CONFLICT (id) DO UPDATE SET name = excluded.name, mode = excluded.mode, description = excluded.description,
		dsl = excluded.dsl, version = apps.version + 1, updated_at = excluded.updated_at
		RETURNING version, created_at`,
		a.ID, a.Name, a.Mode, a.Description, a.DSL, formatTime(a.CreatedAt), formatTime(a.UpdatedAt)).Scan(&a.Version, &created)
	if err != nil {
		return App{}, fmt.Errorf("save app: %w", err)
	}
	a.CreatedAt = parseTime(created)
	return a, nil
}

// UpdateApp saves a new version of an existing app. With baseVersion > 0 it
// refuses (ErrStale) when the stored app has moved past that version, so that
// two windows editing one app cannot silently overwrite each other.
func (db *DB) UpdateApp(ctx context.Context, a App, baseVersion int) (App, error) {
	a.UpdatedAt = time.Now().UTC().Truncate(time.Millisecond)
	var created string
	err := db.sql.QueryRowContext(ctx, `UPDATE apps SET name = ?, mode = ?, description = ?, dsl = ?,
		version = version + 1, updated_at = ? WHERE id = ? AND (? = 0 OR version = ?)
		RETURNING version, created_at`,
		a.Name, a.Mode, a.Description, a.DSL, formatTime(a.UpdatedAt), a.ID, baseVersion, baseVersion).
		Scan(&a.Version, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return App{}, db.missingOrStale(ctx, a.ID, baseVersion)
	}
	if err != nil {
		return App{}, fmt.Errorf("update app: %w", err)
	}
	a.CreatedAt = parseTime(created)
	return a, nil
}

func (db *DB) missingOrStale(ctx context.Context, id string, baseVersion int) error {
	cur, err := db.GetApp(ctx, id)
	if err != nil || cur.ID != id {
		return fmt.Errorf("app %q: %w", id, ErrNotFound)
	}
	return fmt.Errorf("app %q is at version %d, the edit started from %d: %w", id, cur.Version, baseVersion, ErrStale)
}

// GetApp returns an app by id, or failing that by name. A name that
// several apps have is ErrAmbiguous, listing them, rather than a guess.
func (db *DB) GetApp(ctx context.Context, idOrName string) (App, error) {
	apps, err := queryAll(ctx, db.sql, "get app", scanApp, `SELECT `+appColumns+` FROM apps
		WHERE id = ?1 OR name = ?1 ORDER BY id = ?1 DESC, updated_at DESC`, idOrName)
	switch {
	case err != nil:
		return App{}, err
	case len(apps) == 0:
		return App{}, fmt.Errorf("app %q: %w", idOrName, ErrNotFound)
	case apps[0].ID == idOrName || len(apps) == 1:
		return apps[0], nil
	}
	ids := make([]string, len(apps))
	for i, a := range apps {
		ids[i] = a.ID
	}
	return App{}, fmt.Errorf("app %q: %d apps have this name (ids %s); use an id, or rename one: %w",
		idOrName, len(apps), strings.Join(ids, ", "), ErrAmbiguous)
}

// ListApps returns every app, most recently changed first.
func (db *DB) ListApps(ctx context.Context) ([]App, error) {
	return queryAll(ctx, db.sql, "list apps", scanApp, `SELECT `+appColumns+` FROM apps ORDER BY updated_at DESC`)
}

// DeleteApp removes an app; its runs stay, detached, for the audit trail.
func (db *DB) DeleteApp(ctx context.Context, id string) error {
	res, err := db.sql.ExecContext(ctx, `DELETE FROM apps WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("delete app: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("app %q: %w", id, ErrNotFound)
	}
	return nil
}

func scanApp(s scanner) (App, error) {
	var a App
	var created, updated string
	if err := s.Scan(&a.ID, &a.Name, &a.Mode, &a.Description, &a.DSL, &a.Version, &created, &updated); err != nil {
		return App{}, err
	}
	a.CreatedAt, a.UpdatedAt = parseTime(created), parseTime(updated)
	return a, nil
}
