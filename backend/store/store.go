// Package store keeps everything Lexflow persists in one SQLite database:
// the connection policy lives in Open, the schema in embedded migrations, and
// each aggregate in a file of its own.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-sqlite3"
)

var (
	// ErrSchemaTooNew means the database was written by a newer Lexflow; it is left untouched.
	ErrSchemaTooNew = errors.New("database is from a newer version of Lexflow")
	// ErrCorrupt means the file is not a usable SQLite database; it is left untouched.
	ErrCorrupt = errors.New("database file is damaged or not a Lexflow database")
	// ErrNotFound is returned when a row asked for by id or name does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict is returned when a write would break a uniqueness rule.
	ErrConflict = errors.New("already exists")
	// ErrAmbiguous is returned when a name asked for belongs to several rows.
	ErrAmbiguous = errors.New("ambiguous name")
	// ErrStale is returned when a write started from a version that is no longer the latest.
	ErrStale = errors.New("changed since it was read")
)

// DB is the application's database handle.
type DB struct {
	sql     *sql.DB
	path    string
	version int
	batches sync.Mutex // SaveRunBatch's turns
}

// Open opens (creating if needed) the database at path with WAL journaling,
// foreign keys and a busy timeout, then applies pending migrations. The file is
// created owner-only because it holds API keys.
func Open(ctx context.Context, path string) (*DB, error) {
	if err := ensureFile(path); err != nil {
		return nil, err
	}
	conn, err := sql.Open("sqlite3", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	// Opening a connection (and reading the schema on its first statement)
	// costs about a millisecond, a hundred times a small query: keep enough
	// for the requests a page load makes at once, each for a minute after
	// its last use.
	conn.SetMaxIdleConns(idleConns)
	conn.SetConnMaxIdleTime(time.Minute)
	db := &DB{sql: conn, path: path}
	if err := db.check(ctx); err != nil {
		conn.Close()
		return nil, err
	}
	db.version, err = migrate(ctx, conn)
	if err != nil {
		conn.Close()
		return nil, classify(err)
	}
	return db, nil
}

// idleConns is how many connections are kept for reuse: a reload of the app
// asks for about ten things at once, while a run records.
const idleConns = 12

// dsn sets the connection policy on every pooled connection: WAL so readers never
// block the writer, foreign keys on, a busy timeout instead of instant SQLITE_BUSY,
// and immediate write transactions so two writers queue instead of deadlocking.
func dsn(path string) string {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", "10000")
	q.Set("_synchronous", "NORMAL")
	q.Set("_txlock", "immediate")
	return fileURI(path) + "?" + q.Encode()
}

// fileURI is path as the "file:" URI SQLite opens: escaped, since a folder
// may be named "Dossier #2" or "100%", which are URI syntax; with an empty
// authority (file:///C:/..., file:////server/share/...), since SQLite refuses
// any other; and the \\?\ long form made plain, whose "?" SQLite would read
// as a host name (the program's manifest lets Windows take long plain paths).
func fileURI(path string) string {
	vol := filepath.VolumeName(path) // "" but on Windows
	if rest, ok := strings.CutPrefix(path, `\\?\UNC\`); ok && strings.HasPrefix(vol, `\\?\`) {
		path = `\\` + rest
	} else if rest, ok := strings.CutPrefix(path, `\\?\`); ok && strings.HasPrefix(vol, `\\?\`) {
		path = rest
	}
	p := filepath.ToSlash(path)
	if vol != "" && !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/Users → /C:/Users
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

func ensureFile(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("create data directory: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("open database file: %w", err)
	}
	return f.Close()
}

// check proves the file is a readable SQLite database before anything writes to it.
func (db *DB) check(ctx context.Context) error {
	var result string
	if err := db.sql.QueryRowContext(ctx, "PRAGMA quick_check").Scan(&result); err != nil {
		return classify(fmt.Errorf("check database %s: %w", db.path, err))
	}
	if result != "ok" {
		return fmt.Errorf("%w: %s: %s", ErrCorrupt, db.path, result)
	}
	return nil
}

// classify turns SQLite's corruption codes into ErrCorrupt.
func classify(err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) && (se.Code == sqlite3.ErrNotADB || se.Code == sqlite3.ErrCorrupt) {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return err
}

// Close closes the database.
func (db *DB) Close() error { return db.sql.Close() }

// Path is the database file's path.
func (db *DB) Path() string { return db.path }

// SchemaVersion is the version the database is at after Open.
func (db *DB) SchemaVersion() int { return db.version }

// SQL exposes the handle to packages that own their own tables.
func (db *DB) SQL() *sql.DB { return db.sql }

// now is the canonical timestamp format stored in TEXT columns: UTC, sortable.
func now() string { return formatTime(time.Now()) }

const timeLayout = "2006-01-02T15:04:05.000Z"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(timeLayout, s)
	if t.IsZero() {
		t, _ = time.Parse(time.RFC3339Nano, s)
	}
	return t
}

// isUnique reports a UNIQUE constraint violation.
func isUnique(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.ExtendedCode == sqlite3.ErrConstraintUnique ||
		err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// querier is the database or a transaction in it.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// queryAll runs a query and scans every row; what names the operation in errors.
func queryAll[T any](ctx context.Context, db querier, what string, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
