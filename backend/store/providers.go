package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// Provider is a stored model provider, API key included: it never leaves the
// backend in this form.
type Provider struct {
	ID            string
	Name          string
	Kind          string
	BaseURL       string
	APIKey        string
	DefaultModel  string
	BuiltIn       bool
	LastCheckedAt *time.Time
	LastStatus    string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

const providerColumns = `id, name, kind, base_url, api_key, default_model, built_in,
	last_checked_at, last_status, created_at, updated_at`

// ListProviders returns every provider, built-in first, then by name.
func (db *DB) ListProviders(ctx context.Context) ([]Provider, error) {
	return queryAll(ctx, db.sql, "list providers", scanProvider, `SELECT `+providerColumns+` FROM providers
		ORDER BY built_in DESC, name COLLATE NOCASE`)
}

// GetProvider finds a provider by id, or failing that by name (case-insensitive),
// so the CLI can take either.
func (db *DB) GetProvider(ctx context.Context, idOrName string) (Provider, error) {
	row := db.sql.QueryRowContext(ctx, `SELECT `+providerColumns+` FROM providers
		WHERE id = ?1 OR name = ?1 COLLATE NOCASE ORDER BY id = ?1 DESC LIMIT 1`, idOrName)
	p, err := scanProvider(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Provider{}, fmt.Errorf("provider %q: %w", idOrName, ErrNotFound)
	}
	if err != nil {
		return Provider{}, fmt.Errorf("get provider: %w", err)
	}
	return p, nil
}

// CreateProvider stores a new provider with a fresh id.
func (db *DB) CreateProvider(ctx context.Context, p Provider) (Provider, error) {
	p.ID = newID()
	p.CreatedAt = time.Now().UTC().Truncate(time.Millisecond)
	p.UpdatedAt = p.CreatedAt
	_, err := db.sql.ExecContext(ctx, `INSERT INTO providers
		(id, name, kind, base_url, api_key, default_model, built_in, last_status, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 0, '', ?, ?)`,
		p.ID, p.Name, p.Kind, p.BaseURL, p.APIKey, p.DefaultModel, formatTime(p.CreatedAt), formatTime(p.UpdatedAt))
	if isUnique(err) {
		return Provider{}, fmt.Errorf("provider named %q: %w", p.Name, ErrConflict)
	}
	if err != nil {
		return Provider{}, fmt.Errorf("create provider: %w", err)
	}
	return p, nil
}

// UpdateProvider rewrites a provider's editable fields.
func (db *DB) UpdateProvider(ctx context.Context, p Provider) (Provider, error) {
	res, err := db.sql.ExecContext(ctx, `UPDATE providers SET name = ?, kind = ?, base_url = ?,
		api_key = ?, default_model = ?, updated_at = ? WHERE id = ? AND built_in = 0`,
		p.Name, p.Kind, p.BaseURL, p.APIKey, p.DefaultModel, now(), p.ID)
	if isUnique(err) {
		return Provider{}, fmt.Errorf("provider named %q: %w", p.Name, ErrConflict)
	}
	if err != nil {
		return Provider{}, fmt.Errorf("update provider: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Provider{}, fmt.Errorf("provider %q: %w", p.ID, ErrNotFound)
	}
	return db.GetProvider(ctx, p.ID)
}

// RecordProviderCheck remembers the outcome of a connection test.
func (db *DB) RecordProviderCheck(ctx context.Context, id, status string, at time.Time) error {
	_, err := db.sql.ExecContext(ctx, `UPDATE providers SET last_checked_at = ?, last_status = ? WHERE id = ?`,
		formatTime(at), status, id)
	if err != nil {
		return fmt.Errorf("record provider check: %w", err)
	}
	return nil
}

// DeleteProvider removes a provider that is not built in.
func (db *DB) DeleteProvider(ctx context.Context, id string) error {
	res, err := db.sql.ExecContext(ctx, `DELETE FROM providers WHERE id = ? AND built_in = 0`, id)
	if err != nil {
		return fmt.Errorf("delete provider: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("provider %q: %w", id, ErrNotFound)
	}
	return nil
}

type scanner interface{ Scan(dest ...any) error }

func scanProvider(s scanner) (Provider, error) {
	var p Provider
	var checked sql.NullString
	var created, updated string
	err := s.Scan(&p.ID, &p.Name, &p.Kind, &p.BaseURL, &p.APIKey, &p.DefaultModel, &p.BuiltIn,
		&checked, &p.LastStatus, &created, &updated)
	if err != nil {
		return Provider{}, err
	}
	if checked.Valid {
		t := parseTime(checked.String)
		p.LastCheckedAt = &t
	}
	p.CreatedAt, p.UpdatedAt = parseTime(created), parseTime(updated)
	return p, nil
}

// newID returns a random 128-bit identifier as 32 hex digits.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
