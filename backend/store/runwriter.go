package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// SaveRunBatch writes a batch of a run's events and node-execution states in
// one transaction, so recording costs one commit per batch, not per event.
// A recorder writing many batches keeps a RunWriter instead.
func (db *DB) SaveRunBatch(ctx context.Context, events []RunEvent, execs []NodeExecution) error {
	w := db.NewRunWriter()
	defer w.Close()
	return w.Save(ctx, events, execs)
}

// RunWriter writes a run's batches of events and node-execution states, each
// batch in one transaction on a connection it holds until Close. It is not
// safe for concurrent use.
type RunWriter struct {
	db   *DB
	conn *sql.Conn
	args []any
}

// NewRunWriter returns a writer for one run's batches.
func (db *DB) NewRunWriter() *RunWriter {
	return &RunWriter{db: db}
}

// Close returns the writer's connection to the pool.
func (w *RunWriter) Close() error {
	if w.conn == nil {
		return nil
	}
	err := w.conn.Close()
	w.conn = nil
	return err
}

// Save writes events (ignoring ones already stored) and node executions
// (inserted, or overwritten with their newer state) in one transaction.
func (w *RunWriter) Save(ctx context.Context, events []RunEvent, execs []NodeExecution) error {
	if w.conn == nil {
		conn, err := w.db.sql.Conn(ctx)
		if err != nil {
			return fmt.Errorf("save run batch: %w", err)
		}
		w.conn = conn
	}
	tx, err := w.conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save run batch: %w", err)
	}
	defer tx.Rollback()
	if err := w.saveEvents(ctx, tx, events); err != nil {
		return fmt.Errorf("append run events: %w", err)
	}
	if err := w.saveExecutions(ctx, tx, execs); err != nil {
		return fmt.Errorf("save node executions: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save run batch: %w", err)
	}
	return nil
}

const eventsSQL = `INSERT INTO run_events (run_id, seq, type, node_id, payload, created_at) VALUES (?1, ?, ?, ?, ?, ?)
	ON CONFLICT (run_id, seq) DO NOTHING`

func (w *RunWriter) saveEvents(ctx context.Context, tx *sql.Tx, events []RunEvent) error {
	for len(events) > 0 {
		n := chunkRows(sameRun(events, func(e *RunEvent) string { return e.RunID }))
		args := append(w.args[:0], events[0].RunID)
		for _, e := range events[:n] {
			args = append(args, e.Seq, e.Type, e.NodeID, e.Payload, timeText(e.CreatedAt))
		}
		if err := w.exec(ctx, tx, eventsSQL, n, args); err != nil {
			return err
		}
		events = events[n:]
	}
	return nil
}

func (w *RunWriter) saveExecutions(ctx context.Context, tx *sql.Tx, execs []NodeExecution) error {
	for len(execs) > 0 {
		n := chunkRows(sameRun(execs, func(e *NodeExecution) string { return e.RunID }))
		args := append(w.args[:0], execs[0].RunID)
		for i := range execs[:n] {
			args = appendExecutionArgs(args, &execs[i])
		}
		if err := w.exec(ctx, tx, saveExecutionSQL, n, args); err != nil {
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
func (w *RunWriter) exec(ctx context.Context, tx *sql.Tx, query string, rows int, args []any) error {
	defer clear(args) // let the batch's strings go
	w.args = args[:0]
	st, err := w.db.runStmts.get(ctx, w.db.sql, stmtKey{query, rows})
	if err != nil {
		return err
	}
	_, err = tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	return err
}

// runStatements are the run writers' inserts, prepared once per database and
// shared by every run: SQLite's parsing and planning of a many-row statement
// costs about as much as running it, and most runs write only a few batches.
// They are prepared on the pool, not on a writer's connection: database/sql
// re-prepares a connection's own statement in every transaction, but reuses
// a pool statement on each connection it was already prepared on.
type runStatements struct {
	mu    sync.Mutex
	stmts map[stmtKey]*sql.Stmt
}

// stmtKey names a prepared statement: a single-row insert widened to rows rows.
type stmtKey struct {
	query string
	rows  int
}

func (s *runStatements) get(ctx context.Context, db *sql.DB, key stmtKey) (*sql.Stmt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.stmts[key]; ok {
		return st, nil
	}
	st, err := db.PrepareContext(ctx, widenValues(key.query, key.rows))
	if err != nil {
		return nil, err
	}
	if s.stmts == nil {
		s.stmts = map[stmtKey]*sql.Stmt{}
	}
	s.stmts[key] = st
	return st, nil
}

func (s *runStatements) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var errs []error
	for _, st := range s.stmts {
		errs = append(errs, st.Close())
	}
	clear(s.stmts)
	return errors.Join(errs...)
}

// widenValues turns a single-row INSERT ... VALUES (?1, ?, ...) into one of
// rows rows. Every row names the same ?1; each plain ? takes the next number
// after the largest so far, so row k's own values follow row k-1's.
func widenValues(query string, rows int) string {
	open := strings.Index(query, "VALUES (")
	end := open + strings.Index(query[open:], ")") + 1
	row := query[open+len("VALUES ") : end]
	return query[:open] + "VALUES " + strings.TrimSuffix(strings.Repeat(row+", ", rows), ", ") + query[end:]
}
