package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/mattn/go-sqlite3"
)

func openTemp(t *testing.T) *DB {
	t.Helper()
	return openAt(t, filepath.Join(t.TempDir(), "lexflow.db"))
}

// openAt opens the database at path, creating or upgrading it as Open does,
// until the test ends.
func openAt(t *testing.T, path string) *DB {
	t.Helper()
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func pragma(t *testing.T, db *DB, name string) string {
	t.Helper()
	var v string
	if err := db.SQL().QueryRow("PRAGMA " + name).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestOpenSetsConnectionPolicy(t *testing.T) {
	db := openTemp(t)
	for name, want := range map[string]string{"journal_mode": "wal", "foreign_keys": "1", "busy_timeout": "10000"} {
		if got := pragma(t, db, name); got != want {
			t.Errorf("PRAGMA %s = %s, want %s", name, got, want)
		}
	}
	if db.SchemaVersion() != LatestVersion() || LatestVersion() < 2 {
		t.Errorf("schema version %d, latest %d", db.SchemaVersion(), LatestVersion())
	}
}

func TestOpenCreatesOwnerOnlyFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	db, err := Open(context.Background(), filepath.Join(dir, "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for path, want := range map[string]os.FileMode{dir: 0o700, db.Path(): 0o600} {
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Mode().Perm(); got != want {
			t.Errorf("%s mode %v, want %v", filepath.Base(path), got, want)
		}
	}
}

func TestReopenIsIdempotent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	for i := 0; i < 3; i++ {
		db, err := Open(context.Background(), path)
		if err != nil {
			t.Fatalf("open #%d: %v", i, err)
		}
		ps, _ := db.ListProviders(context.Background())
		if len(ps) != 1 || !ps[0].BuiltIn {
			t.Fatalf("open #%d: providers %+v, want only the built-in one", i, ps)
		}
		db.Close()
	}
}

// A database frozen at schema version 1 upgrades to the latest without losing data.
func TestUpgradeFrozenV1Schema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	seed, err := os.ReadFile("testdata/schema_v1.sql")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(string(seed)); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	db := openAt(t, path)
	ctx := context.Background()
	if db.SchemaVersion() != LatestVersion() {
		t.Fatalf("version %d after upgrade, want %d", db.SchemaVersion(), LatestVersion())
	}
	p, err := db.GetProvider(ctx, "LM Studio")
	if err != nil || p.APIKey != "sk-secret" || p.BaseURL != "http://127.0.0.1:1234/v1" || p.BuiltIn {
		t.Fatalf("provider after upgrade = %+v, %v", p, err)
	}
	var defaults struct{ DefaultModel string }
	if err := db.GetSetting(ctx, "defaults", &defaults); err != nil || defaults.DefaultModel != "qwen3:8b" {
		t.Fatalf("setting after upgrade = %+v, %v", defaults, err)
	}
	all, _ := db.ListProviders(ctx)
	if len(all) != 3 || !all[0].BuiltIn {
		t.Fatalf("providers after upgrade: %+v", all)
	}
}

// A database from a newer Lexflow is refused and left byte-for-byte as it was.
func TestNewerSchemaIsRefusedUntouched(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	db.SQL().Exec(`INSERT INTO schema_migrations VALUES (999, '0999_future', '2030-01-01T00:00:00.000Z')`)
	db.SQL().Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	db.Close()
	before, _ := os.ReadFile(path)

	_, err = Open(context.Background(), path)
	if !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("err = %v, want ErrSchemaTooNew", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("database file changed")
	}
}

func TestCorruptFileIsReportedUntouched(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	junk := bytes.Repeat([]byte("this is not a database "), 400)
	if err := os.WriteFile(path, junk, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(context.Background(), path)
	if !errors.Is(err, ErrCorrupt) {
		t.Fatalf("err = %v, want ErrCorrupt", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(junk, after) {
		t.Error("corrupt file was modified")
	}
}

func TestBadMigrationRollsBackWhole(t *testing.T) {
	db := openTemp(t)
	bad := migration{version: 99, name: "0099_bad", sql: `CREATE TABLE half (x); INSERT INTO nowhere VALUES (1);`}
	if err := apply(context.Background(), db.SQL(), bad); err == nil {
		t.Fatal("bad migration applied")
	}
	var n int
	db.SQL().QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'`).Scan(&n)
	if n != 0 {
		t.Error("half-applied migration left a table behind")
	}
}

// Steps recorded before 0029 carried their node id as title when they had
// none; after the upgrade they carry none, and titled steps keep theirs.
func TestUpgradeForgetsNodeIDsAsTitles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	raw := openAtVersion(t, path, 28)
	exec := func(q string, args ...any) {
		if _, err := raw.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO workflow_runs (id, mode, status, started_at) VALUES ('r1', 'workflow', 'succeeded', '2026-05-01T09:00:00.000Z')`)
	for i, step := range [][2]string{{"1721710297246", "1721710297246"}, {"llm", "Summarise"}} {
		exec(`INSERT INTO node_executions (id, run_id, node_id, node_type, title, position, status, started_at)
			VALUES (?, 'r1', ?, 'llm', ?, ?, 'succeeded', '2026-05-01T09:00:00.000Z')`, fmt.Sprint("e", i), step[0], step[1], i)
	}
	raw.Close()
	db := openAt(t, path)
	titles := map[string]string{}
	rows, err := db.SQL().Query(`SELECT node_id, title FROM node_executions`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, title string
		rows.Scan(&id, &title)
		titles[id] = title
	}
	if titles["1721710297246"] != "" || titles["llm"] != "Summarise" {
		t.Errorf("titles after the upgrade: %v", titles)
	}
}
