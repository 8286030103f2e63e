package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ConversationVariables returns a conversation's variables as its last turn
// left them (JSON text, "{}" when none were kept).
func (db *DB) ConversationVariables(ctx context.Context, id string) (string, error) {
	var vars string
	err := db.sql.QueryRowContext(ctx, `SELECT variables FROM conversations WHERE id = ?`, id).Scan(&vars)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("conversation %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("read conversation variables: %w", err)
	}
	return vars, nil
}

// SetConversationVariables keeps a conversation's variables (JSON text).
func (db *DB) SetConversationVariables(ctx context.Context, id, vars string) error {
	res, err := db.sql.ExecContext(ctx, `UPDATE conversations SET variables = ? WHERE id = ?`, vars, id)
	if err != nil {
		return fmt.Errorf("write conversation variables: %w", err)
	}
	return mustAffect(res, "conversation", id)
}
