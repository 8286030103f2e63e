package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Run is a stored workflow run. JSON fields hold JSON text.
type Run struct {
	ID               string
	AppID            string
	Mode             string
	Status           string // running, succeeded, failed, cancelled, interrupted
	Inputs           string
	Query            string // the question a chat turn answered (sys.query); '' for a workflow
	Outputs          string
	Error            string
	DSL              string
	ConversationID   string
	MessageID        string
	PromptTokens     int
	CompletionTokens int
	StartedAt        time.Time
	FinishedAt       *time.Time
	ElapsedMs        int64
	// SingleNodeID is set on a run of one node alone, SourceRunID to the
	// run whose recorded variables it was handed.
	SingleNodeID string
	SourceRunID  string
	// AppName is read, never written: the app's current name, '' once the app is deleted.
	AppName string
}

const runColumns = `id, COALESCE(app_id, ''), mode, status, inputs, query, outputs, error, dsl, COALESCE(conversation_id, ''),
	COALESCE(message_id, ''), prompt_tokens, completion_tokens, started_at, finished_at, elapsed_ms,
	single_node_id, source_run_id, COALESCE((SELECT name FROM apps WHERE apps.id = workflow_runs.app_id), '')`

// InsertRun stores a run as it starts.
func (db *DB) InsertRun(ctx context.Context, r Run) error {
	_, err := db.sql.ExecContext(ctx, `INSERT INTO workflow_runs (id, app_id, mode, status, inputs, query, dsl,
		conversation_id, message_id, started_at, single_node_id, source_run_id) VALUES (?, ?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, nullIfEmpty(r.AppID), r.Mode, orJSON(r.Inputs, "{}"), r.Query, r.DSL, nullIfEmpty(r.ConversationID),
		nullIfEmpty(r.MessageID), formatTime(r.StartedAt), r.SingleNodeID, r.SourceRunID)
	if err != nil {
		return fmt.Errorf("insert run: %w", err)
	}
	return nil
}

// FinishRun records a run's outcome.
func (db *DB) FinishRun(ctx context.Context, r Run) error {
	_, err := db.sql.ExecContext(ctx, `UPDATE workflow_runs SET status = ?, outputs = ?, error = ?, prompt_tokens = ?,
		completion_tokens = ?, finished_at = ?, elapsed_ms = ? WHERE id = ?`,
		r.Status, orJSON(r.Outputs, "{}"), r.Error, r.PromptTokens, r.CompletionTokens, timeOrNil(r.FinishedAt), r.ElapsedMs, r.ID)
	if err != nil {
		return fmt.Errorf("finish run: %w", err)
	}
	return nil
}

// GetRun returns one run.
func (db *DB) GetRun(ctx context.Context, id string) (Run, error) {
	r, err := scanRun(db.sql.QueryRowContext(ctx, `SELECT `+runColumns+` FROM workflow_runs WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Run{}, fmt.Errorf("run %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return Run{}, fmt.Errorf("get run: %w", err)
	}
	return r, nil
}

// ListRuns returns runs newest first, of one app when appID is set, at most limit.
func (db *DB) ListRuns(ctx context.Context, appID string, limit int) ([]Run, error) {
	if limit <= 0 || limit > 1000 {
		limit = 100
	}
	return queryAll(ctx, db.sql, "list runs", scanRun, `SELECT `+runColumns+` FROM workflow_runs
		WHERE (?1 = '' OR app_id = ?1) ORDER BY started_at DESC LIMIT ?2`, appID, limit)
}

// InterruptRuns marks runs (and their node executions) left running by a
// process that died; it returns how many there were. Each is taken to have
// finished at its last recorded event, the last moment it was known alive.
// A node's last event is found in its run's pages: e.value is an event as
// [seq, type, node_id, created_at, payload] (see eventpages.go).
func (db *DB) InterruptRuns(ctx context.Context) (int, error) {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("interrupt runs: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE workflow_runs SET status = 'interrupted',
		error = 'Lexflow stopped while this run was in progress',
		finished_at = max(started_at, COALESCE((SELECT MAX(created_at) FROM run_event_pages p
			WHERE p.run_id = workflow_runs.id), started_at))
		WHERE status = 'running'`)
	if err != nil {
		return 0, fmt.Errorf("interrupt runs: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE node_executions SET status = 'interrupted',
		finished_at = max(started_at, COALESCE((SELECT MAX(e.value ->> 3) FROM run_event_pages p, json_each(p.events) e
			WHERE p.run_id = node_executions.run_id AND e.value ->> 2 = node_executions.node_id), started_at))
		WHERE status IN ('running', 'retrying')`); err != nil {
		return 0, fmt.Errorf("interrupt node executions: %w", err)
	}
	for _, table := range []string{"workflow_runs", "node_executions"} {
		if _, err := tx.ExecContext(ctx, `UPDATE `+table+` SET elapsed_ms = `+elapsedSQL+`
			WHERE status = 'interrupted' AND elapsed_ms = 0 AND finished_at IS NOT NULL`); err != nil {
			return 0, fmt.Errorf("interrupt %s: %w", table, err)
		}
	}
	n, _ := res.RowsAffected()
	return int(n), tx.Commit()
}

// elapsedSQL is finished_at − started_at in milliseconds.
const elapsedSQL = `CAST(round((julianday(finished_at) - julianday(started_at)) * 86400000) AS INTEGER)`

func scanRun(s scanner) (Run, error) {
	var r Run
	var started string
	var finished sql.NullString
	err := s.Scan(&r.ID, &r.AppID, &r.Mode, &r.Status, &r.Inputs, &r.Query, &r.Outputs, &r.Error, &r.DSL, &r.ConversationID,
		&r.MessageID, &r.PromptTokens, &r.CompletionTokens, &started, &finished, &r.ElapsedMs, &r.SingleNodeID,
		&r.SourceRunID, &r.AppName)
	if err != nil {
		return Run{}, err
	}
	r.StartedAt = parseTime(started)
	r.FinishedAt = timePtr(finished)
	return r, nil
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func orJSON(s, empty string) string {
	if s == "" {
		return empty
	}
	return s
}

func timeOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return formatTime(*t)
}

func timePtr(s sql.NullString) *time.Time {
	if !s.Valid {
		return nil
	}
	t := parseTime(s.String)
	return &t
}
