//go:build sqlite_fts5

package index

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	_ "github.com/mattn/go-sqlite3"

	"lexflow/backend/evidence"
)

// The same 2,000 queries over the same 100,000 chunks in SQLite FTS5, ranked
// by bm25() with Porter stemming, each returning the top 10 chunks with
// their text and a snippet, as Search does. go-sqlite3 builds FTS5 only with
// the sqlite_fts5 tag:
//
//	go test -tags sqlite_fts5 -run '^$' -bench . -benchtime 1x -timeout 30m ./backend/index/

var (
	ftsOnce sync.Once
	ftsDB   *sql.DB
	ftsErr  error
)

func ftsFixture(b *testing.B) *sql.DB {
	b.Helper()
	ftsOnce.Do(func() { ftsDB, ftsErr = buildFTS(*benchSize) })
	if ftsErr != nil {
		b.Fatal(ftsErr)
	}
	return ftsDB
}

func buildFTS(n int) (*sql.DB, error) {
	root, err := os.MkdirTemp("", "lexflow-fts5-bench-")
	if err != nil {
		return nil, err
	}
	benchClean = append(benchClean, func() { _ = os.RemoveAll(root) })
	db, err := sql.Open("sqlite3", filepath.Join(root, "fts.db")+"?_journal_mode=WAL")
	if err != nil {
		return nil, err
	}
	benchClean = append([]func(){func() { _ = db.Close() }}, benchClean...)
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE VIRTUAL TABLE chunks USING fts5(id UNINDEXED, heading, text, tokenize = 'porter unicode61')`); err != nil {
		return nil, err
	}
	err = newCorpus(1).chunks(n, 5000, func(batch []evidence.Chunk) error { return insertFTS(db, batch) })
	return db, err
}

func insertFTS(db *sql.DB, chunks []evidence.Chunk) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.Prepare(`INSERT INTO chunks (id, heading, text) VALUES (?, ?, ?)`)
	if err != nil {
		return err
	}
	for _, c := range chunks {
		if _, err := stmt.Exec(c.ID, c.Locator.Heading(), c.Text); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// ftsMatch turns plain words into an FTS5 OR query, without the stop words
// the Bleve analyzer drops as well.
func ftsMatch(q string) string {
	var terms []string
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !slices.Contains(stopWords, w) {
			terms = append(terms, `"`+w+`"`)
		}
	}
	return strings.Join(terms, " OR ")
}

func searchFTS(db *sql.DB, q string) error {
	rows, err := db.Query(`SELECT id, text, snippet(chunks, 2, '<mark>', '</mark>', '…', 32), bm25(chunks, 0, 2, 1) AS score
		FROM chunks WHERE chunks MATCH ? ORDER BY score LIMIT 10`, ftsMatch(q))
	if err != nil {
		return err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id, text, snippet string
		var score float64
		if err := rows.Scan(&id, &text, &snippet, &score); err != nil {
			return err
		}
		n++
	}
	if n == 0 {
		return fmt.Errorf("no FTS5 hits for %q", q)
	}
	return rows.Err()
}

// BenchmarkSearchFTS5 measures Bleve (pruned, the default) and FTS5 on the same
// queries in the same run and reports Bleve's latency as a multiple of FTS5's.
func BenchmarkSearchFTS5(b *testing.B) {
	f, db := fixture(b), ftsFixture(b)
	var bleveM, ftsM measured
	for range b.N {
		r := measure(b, f.queries, f.searchBleve)
		bleveM.latencies, bleveM.cpu = append(bleveM.latencies, r.latencies...), bleveM.cpu+r.cpu
		r = measure(b, f.queries, func(q string) error { return searchFTS(db, q) })
		ftsM.latencies, ftsM.cpu = append(ftsM.latencies, r.latencies...), ftsM.cpu+r.cpu
	}
	b50, b99 := bleveM.report(b, "bleve-")
	f50, f99 := ftsM.report(b, "fts5-")
	b.ReportMetric(b50/f50, "bleve/fts5-p50")
	b.ReportMetric(b99/f99, "bleve/fts5-p99")
}
