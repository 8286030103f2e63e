package store

import (
	"context"
	"database/sql"
	"fmt"
)

// SaveRunBatch writes a batch of a run's events (ignoring ones already
// stored) and node-execution states (inserted, or overwritten with their
// newer state) in one transaction, so recording costs one commit per batch,
// not per event. Batches of concurrent runs take turns: SQLite lets one
// writer in at a time anyway, and a turn here waits without the busy
// handler's sleeps.
func (db *DB) SaveRunBatch(ctx context.Context, events []RunEvent, execs []NodeExecution) error {
	db.batches.Lock()
	defer db.batches.Unlock()
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save run batch: %w", err)
	}
	defer tx.Rollback()
	if err := saveEvents(ctx, tx, events); err != nil {
		return fmt.Errorf("append run events: %w", err)
	}
	if err := saveExecutions(ctx, tx, execs); err != nil {
		return fmt.Errorf("save node executions: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save run batch: %w", err)
	}
	return nil
}

func saveExecutions(ctx context.Context, tx *sql.Tx, execs []NodeExecution) error {
	if len(execs) == 0 {
		return nil
	}
	st, err := tx.PrepareContext(ctx, saveExecutionSQL)
	if err != nil {
		return err
	}
	defer st.Close()
	for i := range execs {
		if _, err := st.ExecContext(ctx, executionArgs(execs[i])...); err != nil {
			return err
		}
	}
	return nil
}

// sameRun is how many rows at the head of rows belong to the first one's run.
func sameRun[T any](rows []T, runID func(*T) string) int {
	first := runID(&rows[0])
	for i := 1; i < len(rows); i++ {
		if runID(&rows[i]) != first {
			return i
		}
	}
	return len(rows)
}
