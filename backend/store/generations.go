package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// RetrievalRecord is what one retrieval searched for and found. JSON fields hold JSON text.
type RetrievalRecord struct {
	ID         string
	MessageID  string
	RunID      string
	NodeID     string
	Query      string
	Parameters string // JSON object
	Hits       string // JSON list of ranked hits with scores and locators
	CreatedAt  time.Time
}

// GenerationRecord is one evidence-grounded generation, complete enough to audit
// and replay. JSON fields hold JSON text.
type GenerationRecord struct {
	ID                string
	MessageID         string // 1-1 with a chat message; empty for workflow runs and replays
	RunID             string
	NodeID            string
	RetrievalRecordID string
	ReplayOf          string
	TraceID           string
	RequestID         string
	PromptName        string
	PromptVersion     string
	ModelProvider     string
	ModelName         string
	ProviderSnapshot  string
	MessagesSnapshot  string
	OutputRaw         string
	OutputReasoning   string
	OutputStructured  string
	Citations         string
	Verification      string // JSON: the answer shown, its checks and claims
	Status            string // success, partial, failed, no_evidence
	ErrorMessage      string
	TimingMs          string
	PromptTokens      int
	CompletionTokens  int
	CreatedAt         time.Time
}

// SaveGeneration stores a retrieval record and the generation made from it in
// one transaction, so neither exists without the other. When the generation
// already names its retrieval record (a replay), r is not stored again. A generation of a run
// that belongs to a chat message takes that message's id unless another record
// already holds it (message_id is 1-1). It returns the records with their ids.
func (db *DB) SaveGeneration(ctx context.Context, r RetrievalRecord, g GenerationRecord) (RetrievalRecord, GenerationRecord, error) {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return r, g, fmt.Errorf("save generation: %w", err)
	}
	defer tx.Rollback()
	if r.ID == "" {
		r.ID = newID()
	}
	if g.ID == "" {
		g.ID = newID()
	}
	t := time.Now().UTC().Truncate(time.Millisecond)
	r.CreatedAt, g.CreatedAt = t, t
	if g.MessageID == "" && g.RunID != "" && g.ReplayOf == "" {
		g.MessageID, err = freeRunMessage(ctx, tx, g.RunID)
		if err != nil {
			return r, g, fmt.Errorf("save generation: %w", err)
		}
	}
	if g.RetrievalRecordID == "" {
		g.RetrievalRecordID, r.MessageID = r.ID, g.MessageID
		if err := insertRetrieval(ctx, tx, r); err != nil {
			return r, g, err
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO generation_records (`+generationColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, g.args(t)...); err != nil {
		return r, g, fmt.Errorf("save generation record: %w", err)
	}
	return r, g, tx.Commit()
}

func insertRetrieval(ctx context.Context, tx *sql.Tx, r RetrievalRecord) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO retrieval_records (id, message_id, run_id, node_id, query, parameters,
		hits, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, r.ID, nullIfEmpty(r.MessageID), nullIfEmpty(r.RunID), r.NodeID,
		r.Query, orJSON(r.Parameters, "{}"), orJSON(r.Hits, "[]"), formatTime(r.CreatedAt)); err != nil {
		return fmt.Errorf("save retrieval record: %w", err)
	}
	return nil
}

// freeRunMessage is the chat message a run answers, unless a generation record already has it.
func freeRunMessage(ctx context.Context, tx *sql.Tx, runID string) (string, error) {
	var id string
	err := tx.QueryRowContext(ctx, `SELECT COALESCE(r.message_id, '') FROM workflow_runs r WHERE r.id = ?
		AND NOT EXISTS (SELECT 1 FROM generation_records g WHERE g.message_id = r.message_id)`, runID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

const generationColumns = `id, message_id, run_id, node_id, retrieval_record_id, replay_of, trace_id, request_id,
	prompt_name, prompt_version, model_provider, model_name, provider_snapshot, messages_snapshot, output_raw,
	output_reasoning, output_structured, citations, verification, status, error_message, timing_ms, prompt_tokens,
	completion_tokens, created_at`

func (g GenerationRecord) args(created time.Time) []any {
	return []any{g.ID, nullIfEmpty(g.MessageID), nullIfEmpty(g.RunID), g.NodeID, g.RetrievalRecordID,
		nullIfEmpty(g.ReplayOf), g.TraceID, g.RequestID, g.PromptName, g.PromptVersion, g.ModelProvider, g.ModelName,
		orJSON(g.ProviderSnapshot, "{}"), orJSON(g.MessagesSnapshot, "[]"), g.OutputRaw, g.OutputReasoning,
		orJSON(g.OutputStructured, "{}"), orJSON(g.Citations, "[]"), orJSON(g.Verification, "{}"), g.Status, g.ErrorMessage,
		orJSON(g.TimingMs, "{}"), g.PromptTokens, g.CompletionTokens, formatTime(created)}
}

const selectGeneration = `SELECT id, COALESCE(message_id, ''), COALESCE(run_id, ''), node_id, retrieval_record_id,
	COALESCE(replay_of, ''), trace_id, request_id, prompt_name, prompt_version, model_provider, model_name,
	provider_snapshot, messages_snapshot, output_raw, output_reasoning, output_structured, citations, verification, status,
	error_message, timing_ms, prompt_tokens, completion_tokens, created_at FROM generation_records`

func scanGeneration(s scanner) (GenerationRecord, error) {
	var g GenerationRecord
	var created string
	err := s.Scan(&g.ID, &g.MessageID, &g.RunID, &g.NodeID, &g.RetrievalRecordID, &g.ReplayOf, &g.TraceID, &g.RequestID,
		&g.PromptName, &g.PromptVersion, &g.ModelProvider, &g.ModelName, &g.ProviderSnapshot, &g.MessagesSnapshot,
		&g.OutputRaw, &g.OutputReasoning, &g.OutputStructured, &g.Citations, &g.Verification, &g.Status, &g.ErrorMessage,
		&g.TimingMs, &g.PromptTokens, &g.CompletionTokens, &created)
	g.CreatedAt = parseTime(created)
	return g, err
}

// GetGeneration returns one generation record.
func (db *DB) GetGeneration(ctx context.Context, id string) (GenerationRecord, error) {
	return db.oneGeneration(ctx, `WHERE id = ?`, id)
}

// MessageGeneration returns the generation record of a chat message.
func (db *DB) MessageGeneration(ctx context.Context, messageID string) (GenerationRecord, error) {
	return db.oneGeneration(ctx, `WHERE message_id = ?`, messageID)
}

// RunGeneration returns the generation record a run's node made.
func (db *DB) RunGeneration(ctx context.Context, runID, nodeID string) (GenerationRecord, error) {
	return db.oneGeneration(ctx, `WHERE run_id = ? AND node_id = ? AND replay_of IS NULL ORDER BY created_at LIMIT 1`, runID, nodeID)
}

func (db *DB) oneGeneration(ctx context.Context, where string, args ...any) (GenerationRecord, error) {
	g, err := scanGeneration(db.sql.QueryRowContext(ctx, selectGeneration+" "+where, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return GenerationRecord{}, fmt.Errorf("generation record: %w", ErrNotFound)
	}
	if err != nil {
		return GenerationRecord{}, fmt.Errorf("get generation record: %w", err)
	}
	return g, nil
}

// Replays returns the records that re-ran a record, oldest first.
func (db *DB) Replays(ctx context.Context, id string) ([]GenerationRecord, error) {
	return queryAll(ctx, db.sql, "list replays", scanGeneration, selectGeneration+` WHERE replay_of = ? ORDER BY created_at`, id)
}

// GetRetrieval returns one retrieval record.
func (db *DB) GetRetrieval(ctx context.Context, id string) (RetrievalRecord, error) {
	var r RetrievalRecord
	var created string
	err := db.sql.QueryRowContext(ctx, `SELECT id, COALESCE(message_id, ''), COALESCE(run_id, ''), node_id, query,
		parameters, hits, created_at FROM retrieval_records WHERE id = ?`, id).
		Scan(&r.ID, &r.MessageID, &r.RunID, &r.NodeID, &r.Query, &r.Parameters, &r.Hits, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("retrieval record %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return r, fmt.Errorf("get retrieval record: %w", err)
	}
	r.CreatedAt = parseTime(created)
	return r, nil
}
