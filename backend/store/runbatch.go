package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// SaveRunBatch writes a batch of a run's events (ignoring ones already
// stored) and node-execution states (inserted, or overwritten with their
// newer state) in one transaction, so recording costs one commit per batch,
// not per event.
func (db *DB) SaveRunBatch(ctx context.Context, events []RunEvent, execs []NodeExecution) error {
	return db.runConn.save(ctx, db.sql, events, execs)
}

// runConn is the connection every run's batches are written through, opened
// by the first batch and closed with the DB, with its many-row inserts
// prepared once: SQLite's parsing and planning of such a statement costs
// about as much as running it. It is used at the driver level: database/sql
// converts and copies every bound value, about a fifth of the CPU time of
// BenchmarkSaveRunBatch, and a recorded node binds some thirty.
// Batches of concurrent runs take turns on it, as SQLite makes writers do
// anyway, without its busy handler's sleeps.
type runConn struct {
	mu    sync.Mutex
	conn  *sql.Conn
	stmts map[stmtKey]driver.Stmt // prepared on conn
	args  []any
	named []driver.NamedValue
	fresh []RunEvent // a run's events about to be paged
	page  []byte     // the page being encoded
}

// stmtKey names a prepared statement: a single-row insert widened to rows rows.
type stmtKey struct {
	query string
	rows  int
}

func (rc *runConn) save(ctx context.Context, pool *sql.DB, events []RunEvent, execs []NodeExecution) error {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.conn == nil {
		conn, err := pool.Conn(ctx)
		if err != nil {
			return fmt.Errorf("save run batch: %w", err)
		}
		rc.conn, rc.stmts = conn, map[stmtKey]driver.Stmt{}
	}
	err := rc.conn.Raw(func(dc any) error { return rc.saveOn(ctx, dc.(driver.Conn), events, execs) })
	if errors.Is(err, sql.ErrConnDone) || errors.Is(err, driver.ErrBadConn) {
		rc.conn = nil // its statements went with it; the next batch opens another
	}
	return err
}

// saveOn writes one batch in one transaction on the driver connection c.
func (rc *runConn) saveOn(ctx context.Context, c driver.Conn, events []RunEvent, execs []NodeExecution) error {
	tx, err := c.(driver.ConnBeginTx).BeginTx(ctx, driver.TxOptions{})
	if err != nil {
		return fmt.Errorf("save run batch: %w", err)
	}
	if err := rc.saveEvents(ctx, c, events); err != nil {
		tx.Rollback()
		return fmt.Errorf("append run events: %w", err)
	}
	if err := rc.saveExecutions(ctx, c, execs); err != nil {
		tx.Rollback()
		return fmt.Errorf("save node executions: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save run batch: %w", err)
	}
	return nil
}

func (rc *runConn) saveExecutions(ctx context.Context, c driver.Conn, execs []NodeExecution) error {
	for len(execs) > 0 {
		n := chunkRows(sameRun(execs, func(e *NodeExecution) string { return e.RunID }))
		args := append(rc.args[:0], execs[0].RunID)
		for i := range execs[:n] {
			args = appendExecutionArgs(args, &execs[i])
		}
		if err := rc.exec(ctx, c, saveExecutionSQL, n, args); err != nil {
			return err
		}
		execs = execs[n:]
	}
	return nil
}

// sameRun is how many rows at the head of rows belong to the first one's
// run: a statement binds its run id once, as ?1, for all its rows.
func sameRun[T any](rows []T, runID func(*T) string) int {
	first := runID(&rows[0])
	for i := 1; i < len(rows); i++ {
		if runID(&rows[i]) != first {
			return i
		}
	}
	return len(rows)
}

// chunkRows is how many of the rows left go in the next statement. Only a
// few sizes are used, so a few prepared statements serve every batch: 64
// rows at a time, then 16, 4 and 1 for the rest.
func chunkRows(left int) int {
	for _, n := range []int{64, 16, 4} {
		if left >= n {
			return n
		}
	}
	return 1
}

// exec runs the single-row insert query widened to rows rows.
func (rc *runConn) exec(ctx context.Context, c driver.Conn, query string, rows int, args []any) error {
	st, err := rc.stmt(c, query, rows)
	if err != nil {
		return err
	}
	_, err = st.(driver.StmtExecContext).ExecContext(ctx, rc.bind(args))
	rc.unbind()
	return err
}

// query runs a query on the recording connection, calling each with every
// row; the values are the driver's, valid until each returns.
func (rc *runConn) query(ctx context.Context, c driver.Conn, query string, args []any, each func([]driver.Value) error) error {
	st, err := rc.stmt(c, query, 1)
	if err != nil {
		return err
	}
	rows, err := st.(driver.StmtQueryContext).QueryContext(ctx, rc.bind(args))
	rc.unbind()
	if err != nil {
		return err
	}
	defer rows.Close()
	row := make([]driver.Value, len(rows.Columns()))
	for {
		if err := rows.Next(row); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		if err := each(row); err != nil {
			return err
		}
	}
}

// stmt is query widened to rows rows, prepared the first time it is asked for.
func (rc *runConn) stmt(c driver.Conn, query string, rows int) (driver.Stmt, error) {
	key := stmtKey{query, rows}
	if st, ok := rc.stmts[key]; ok {
		return st, nil
	}
	st, err := c.Prepare(widenValues(query, rows))
	if err != nil {
		return nil, err
	}
	rc.stmts[key] = st
	return st, nil
}

// bind numbers args as a statement's values, in a buffer unbind empties.
// A nil arg is left out: the driver clears every parameter to NULL before it
// binds a statement's values (TestUnboundParametersAreNull holds it to
// that), and each value bound is a cgo call, NULL or not. Most of a recorded
// row's columns are NULL, for their defaults (see defaulted).
func (rc *runConn) bind(args []any) []driver.NamedValue {
	named := rc.named[:0]
	for i, v := range args {
		if v != nil {
			named = append(named, driver.NamedValue{Ordinal: i + 1, Value: v})
		}
	}
	rc.args, rc.named = args, named
	return named
}

// unbind lets go of the strings last bound, once SQLite has its own copies.
func (rc *runConn) unbind() {
	clear(rc.args)
	clear(rc.named)
	rc.args, rc.named = rc.args[:0], rc.named[:0]
}

// close finalizes the statements and returns the connection to the pool.
func (rc *runConn) close() error {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.conn == nil {
		return nil
	}
	err := rc.conn.Raw(func(any) error {
		var errs []error
		for _, st := range rc.stmts {
			errs = append(errs, st.Close())
		}
		return errors.Join(errs...)
	})
	err = errors.Join(err, rc.conn.Close())
	rc.conn, rc.stmts = nil, nil
	return err
}

// widenValues turns a single-row INSERT ... VALUES (?1, ?, ...) into one of
// rows rows; any other statement it leaves as it is, for rows 1. Every row
// names the same ?1; each plain ? takes the next number after the largest so
// far, so row k's own values follow row k-1's.
func widenValues(query string, rows int) string {
	if rows == 1 {
		return query
	}
	open := strings.Index(query, "VALUES (") + len("VALUES ")
	end := open + closingParen(query[open:]) + 1
	row := query[open:end]
	return query[:open] + strings.TrimSuffix(strings.Repeat(row+", ", rows), ", ") + query[end:]
}

// closingParen is the index of the parenthesis closing the one s opens with.
func closingParen(s string) int {
	depth := 0
	for i := range len(s) {
		switch s[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(s) - 1
}
