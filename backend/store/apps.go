package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// App is a stored chatflow or workflow with its DSL.
type App struct {
	ID          string
	Name        string
	Mode        string // "chatflow" or "workflow"
	Description string
	DSL         string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

const appColumns = `id, name, mode, description, dsl, created_at, updated_at`

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
	_, err := db.sql.ExecContext(ctx, `INSERT INTO apps (`+appColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET name = excluded.name, mode = excluded.mode, description = excluded.description,
		dsl = excluded.dsl, updated_at = excluded.updated_at`,
		a.ID, a.Name, a.Mode, a.Description, a.DSL, formatTime(a.CreatedAt), formatTime(a.UpdatedAt))
	if err != nil {
		return App{}, fmt.Errorf("save app: %w", err)
	}
	return a, nil
}

// GetApp returns an app by id, or failing that by name.
func (db *DB) GetApp(ctx context.Context, idOrName string) (App, error) {
	a, err := scanApp(db.sql.QueryRowContext(ctx, `SELECT `+appColumns+` FROM apps
		WHERE id = ?1 OR name = ?1 ORDER BY id = ?1 DESC, updated_at DESC LIMIT 1`, idOrName))
	if errors.Is(err, sql.ErrNoRows) {
		return App{}, fmt.Errorf("app %q: %w", idOrName, ErrNotFound)
	}
	if err != nil {
		return App{}, fmt.Errorf("get app: %w", err)
	}
	return a, nil
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
	if err := s.Scan(&a.ID, &a.Name, &a.Mode, &a.Description, &a.DSL, &created, &updated); err != nil {
		return App{}, err
	}
	a.CreatedAt, a.UpdatedAt = parseTime(created), parseTime(updated)
	return a, nil
}
