package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// AskUserState is a conversation waiting for the answer to a clarifying
// question.
type AskUserState struct {
	ConversationID string
	MessageID      string // the assistant message that asked
	PendingIntent  string
	OriginalQuery  string
	Question       string
	AskUserCount   int
	ExpiresAt      time.Time
}

// SaveAskUser stores a conversation's pending question (replacing an
// earlier one) and flags the asking message.
func (db *DB) SaveAskUser(ctx context.Context, st AskUserState) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save ask-user state: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO ask_user_states (conversation_id, message_id, pending_intent,
		original_query, question, ask_user_count, expires_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (conversation_id) DO UPDATE SET message_id = excluded.message_id,
		pending_intent = excluded.pending_intent, original_query = excluded.original_query, question = excluded.question,
		ask_user_count = excluded.ask_user_count, expires_at = excluded.expires_at, updated_at = excluded.updated_at`,
		st.ConversationID, st.MessageID, st.PendingIntent, st.OriginalQuery, st.Question, st.AskUserCount,
		formatTime(st.ExpiresAt), now()); err != nil {
		return fmt.Errorf("save ask-user state: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE messages SET is_ask_user = 1, pending_intent = ? WHERE id = ?`,
		st.PendingIntent, st.MessageID); err != nil {
		return fmt.Errorf("save ask-user state: %w", err)
	}
	return tx.Commit()
}

// AskUser returns a conversation's pending question unless it expired by
// now. A row that cannot be read (a corrupt expiry) is deleted and reported
// as absent: the next message is then simply a new question.
func (db *DB) AskUser(ctx context.Context, conversationID string, now time.Time) (AskUserState, bool, error) {
	var st AskUserState
	var expires string
	err := db.sql.QueryRowContext(ctx, `SELECT conversation_id, message_id, pending_intent, original_query, question,
		ask_user_count, expires_at FROM ask_user_states WHERE conversation_id = ?`, conversationID).
		Scan(&st.ConversationID, &st.MessageID, &st.PendingIntent, &st.OriginalQuery, &st.Question, &st.AskUserCount, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return st, false, nil
	}
	if err != nil {
		return st, false, fmt.Errorf("read ask-user state: %w", err)
	}
	t, perr := time.Parse(timeLayout, expires)
	if perr != nil {
		return st, false, db.ClearAskUser(ctx, conversationID)
	}
	st.ExpiresAt = t
	if !now.Before(t) {
		return st, false, nil
	}
	return st, true, nil
}

// ClearAskUser forgets a conversation's pending question (the flow completed).
func (db *DB) ClearAskUser(ctx context.Context, conversationID string) error {
	if _, err := db.sql.ExecContext(ctx, `DELETE FROM ask_user_states WHERE conversation_id = ?`, conversationID); err != nil {
		return fmt.Errorf("clear ask-user state: %w", err)
	}
	return nil
}

// SweepAskUser deletes the states expired by now; it returns how many.
func (db *DB) SweepAskUser(ctx context.Context, now time.Time) (int, error) {
	res, err := db.sql.ExecContext(ctx, `DELETE FROM ask_user_states WHERE expires_at <= ?`, formatTime(now))
	if err != nil {
		return 0, fmt.Errorf("sweep ask-user states: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
