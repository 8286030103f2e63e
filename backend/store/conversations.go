package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Conversation is a chat thread. Settings is JSON text.
type Conversation struct {
	ID           string
	AppID        string
	Title        string
	Settings     string
	Preview      bool // a Studio preview's scratch pad: not listed, swept when left alone
	MessageCount int
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Message is one message of a conversation. ToolCalls and Citations are JSON text.
type Message struct {
	ID             string
	ConversationID string
	Seq            int
	Role           string // human, ai, tool, system
	Content        string
	ToolCalls      string
	Citations      string
	RunID          string
	Status         string // streaming, done, interrupted, failed
	Error          string
	TurnKey        string
	IsAskUser      bool   // the answer is a clarifying question
	PendingIntent  string // what the flow was doing when it asked
	Scope          string // a question's: JSON of what it searched (see migration 0022); "" for the whole library
	CreatedAt      time.Time
	UpdatedAt      time.Time
	// From the message's generation record, when it has one (read-only).
	GenerationID     string
	GenerationNodeID string // the step that generated it
	GenerationStatus string
	GenerationTiming string // JSON: milliseconds per stage
	Verification     string
	ModelProvider    string
	ModelName        string
	// From its generation detail, when it has one (JSON text, read-only).
	DetailReasoning, DetailToolCalls, DetailSequence string
}

// CreateConversation stores a new conversation.
func (db *DB) CreateConversation(ctx context.Context, c Conversation) (Conversation, error) {
	if c.ID == "" {
		c.ID = newID()
	}
	t := time.Now().UTC().Truncate(time.Millisecond)
	c.CreatedAt, c.UpdatedAt = t, t
	_, err := db.sql.ExecContext(ctx, `INSERT INTO conversations (id, app_id, title, settings, preview, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, c.ID, nullIfEmpty(c.AppID), c.Title, orJSON(c.Settings, "{}"), c.Preview, formatTime(t), formatTime(t))
	if err != nil {
		return Conversation{}, fmt.Errorf("create conversation: %w", err)
	}
	return c, nil
}

const conversationSelect = `SELECT c.id, COALESCE(c.app_id, ''), c.title, c.settings, c.preview, c.created_at, c.updated_at,
	(SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id) FROM conversations c`

func scanConversation(s scanner) (Conversation, error) {
	var c Conversation
	var created, updated string
	err := s.Scan(&c.ID, &c.AppID, &c.Title, &c.Settings, &c.Preview, &created, &updated, &c.MessageCount)
	c.CreatedAt, c.UpdatedAt = parseTime(created), parseTime(updated)
	return c, err
}

// GetConversation returns one conversation.
func (db *DB) GetConversation(ctx context.Context, id string) (Conversation, error) {
	c, err := scanConversation(db.sql.QueryRowContext(ctx, conversationSelect+` WHERE c.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("conversation %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return c, fmt.Errorf("get conversation: %w", err)
	}
	return c, nil
}

// ListConversations returns conversations, most recently active first;
// previews are not among them.
func (db *DB) ListConversations(ctx context.Context) ([]Conversation, error) {
	return queryAll(ctx, db.sql, "list conversations", scanConversation, conversationSelect+` WHERE NOT c.preview ORDER BY c.updated_at DESC, c.id`)
}

// SweepPreviews deletes the preview conversations last active before
// before, with their messages, and says how many it deleted.
func (db *DB) SweepPreviews(ctx context.Context, before time.Time) (int, error) {
	res, err := db.sql.ExecContext(ctx, `DELETE FROM conversations WHERE preview AND updated_at < ?`, formatTime(before))
	if err != nil {
		return 0, fmt.Errorf("sweep preview conversations: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// UpdateConversation changes the title and settings; empty values keep the stored ones.
func (db *DB) UpdateConversation(ctx context.Context, id, title, settings string) error {
	res, err := db.sql.ExecContext(ctx, `UPDATE conversations SET title = COALESCE(NULLIF(?, ''), title),
		settings = COALESCE(NULLIF(?, ''), settings), updated_at = ? WHERE id = ?`, title, settings, now(), id)
	if err != nil {
		return fmt.Errorf("update conversation: %w", err)
	}
	return mustAffect(res, "conversation", id)
}

// DeleteConversation removes a conversation and its messages. Generation
// records stay: they are the audit trail.
func (db *DB) DeleteConversation(ctx context.Context, id string) error {
	res, err := db.sql.ExecContext(ctx, `DELETE FROM conversations WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("delete conversation: %w", err)
	}
	return mustAffect(res, "conversation", id)
}

func mustAffect(res sql.Result, what, id string) error {
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%s %q: %w", what, id, ErrNotFound)
	}
	return nil
}

// SaveTurn appends a question and the answer to come (status streaming) in
// one transaction, each with the next seq_id. Saving a turn is idempotent:
// with a turn key that was saved before, it returns the stored pair and
// created is false. An empty human content appends only the answer (a
// regeneration); scope is the question's (Message.Scope).
func (db *DB) SaveTurn(ctx context.Context, conversationID, turnKey, question, scope string) (human, ai Message, created bool, err error) {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return human, ai, false, fmt.Errorf("save turn: %w", err)
	}
	defer tx.Rollback()
	if turnKey != "" {
		human, ai, err = turnByKey(ctx, tx, conversationID, turnKey)
		if err == nil {
			return human, ai, false, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return human, ai, false, fmt.Errorf("save turn: %w", err)
		}
	}
	t := time.Now().UTC().Truncate(time.Millisecond)
	if question != "" {
		human = Message{ConversationID: conversationID, Role: "human", Content: question, Status: "done", TurnKey: turnKey, Scope: scope}
		if human, err = insertMessage(ctx, tx, human, t); err != nil {
			return human, ai, false, err
		}
	}
	ai = Message{ConversationID: conversationID, Role: "ai", Status: "streaming", TurnKey: turnKey}
	if ai, err = insertMessage(ctx, tx, ai, t); err != nil {
		return human, ai, false, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE conversations SET updated_at = ? WHERE id = ?`, formatTime(t), conversationID); err != nil {
		return human, ai, false, fmt.Errorf("save turn: %w", err)
	}
	return human, ai, true, tx.Commit()
}

func turnByKey(ctx context.Context, tx *sql.Tx, conversationID, key string) (human, ai Message, err error) {
	rows, err := tx.QueryContext(ctx, messageSelect+` WHERE m.conversation_id = ? AND m.turn_key = ? ORDER BY m.seq_id`, conversationID, key)
	if err != nil {
		return human, ai, err
	}
	defer rows.Close()
	found := false
	for rows.Next() {
		m, err := scanMessage(rows)
		if err != nil {
			return human, ai, err
		}
		found = true
		if m.Role == "human" {
			human = m
		} else {
			ai = m
		}
	}
	if err := rows.Err(); err != nil {
		return human, ai, err
	}
	if !found {
		return human, ai, sql.ErrNoRows
	}
	return human, ai, nil
}

// insertMessage adds a message with seq_id MAX+1 inside tx.
func insertMessage(ctx context.Context, tx *sql.Tx, m Message, t time.Time) (Message, error) {
	m.ID, m.CreatedAt, m.UpdatedAt = newID(), t, t
	err := tx.QueryRowContext(ctx, `INSERT INTO messages (id, conversation_id, seq_id, role, content, status, turn_key, scope,
		created_at, updated_at) VALUES (?, ?, (SELECT COALESCE(MAX(seq_id), 0) + 1 FROM messages WHERE conversation_id = ?),
		?, ?, ?, ?, ?, ?, ?) RETURNING seq_id`, m.ID, m.ConversationID, m.ConversationID, m.Role, m.Content, m.Status, m.TurnKey,
		m.Scope, formatTime(t), formatTime(t)).Scan(&m.Seq)
	if err != nil {
		return m, fmt.Errorf("save message: %w", err)
	}
	return m, nil
}

// SetMessageRun links a message to the run producing it.
func (db *DB) SetMessageRun(ctx context.Context, id, runID string) error {
	_, err := db.sql.ExecContext(ctx, `UPDATE messages SET run_id = ?, updated_at = ? WHERE id = ?`, runID, now(), id)
	if err != nil {
		return fmt.Errorf("link message to run: %w", err)
	}
	return nil
}

// FinishMessage records an answer's final content, citations and status.
func (db *DB) FinishMessage(ctx context.Context, m Message) error {
	_, err := db.sql.ExecContext(ctx, `UPDATE messages SET content = ?, citations = ?, status = ?, error = ?, updated_at = ?
		WHERE id = ?`, m.Content, orJSON(m.Citations, "[]"), m.Status, m.Error, now(), m.ID)
	if err != nil {
		return fmt.Errorf("finish message: %w", err)
	}
	return nil
}

// InterruptMessages marks answers still streaming, left by a process that
// died, as interrupted, keeping the answer text their run had streamed
// (rebuilt from the stored events, e.value in a page being [seq, type,
// node_id, created_at, payload]: see eventpages.go); it returns how many.
func (db *DB) InterruptMessages(ctx context.Context) (int, error) {
	res, err := db.sql.ExecContext(ctx, `UPDATE messages SET status = 'interrupted',
		error = 'Lexflow stopped before this answer was complete',
		content = COALESCE((SELECT group_concat(chunk, '') FROM (
			SELECT json_extract(e.value ->> 4, '$.chunk') AS chunk FROM run_event_pages p, json_each(p.events) e
			WHERE p.run_id = messages.run_id AND e.value ->> 1 = 'node_stream_chunk'
			AND json_extract(e.value ->> 4, '$.response') = 1 ORDER BY e.value ->> 0)), content),
		updated_at = ? WHERE status = 'streaming'`, now())
	if err != nil {
		return 0, fmt.Errorf("interrupt messages: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

const messageSelect = messageColumns + messageFrom

// messageColumns and messageFrom make up messageSelect, for a query that reads more columns.
const (
	messageColumns = `SELECT m.id, m.conversation_id, m.seq_id, m.role, m.content, m.tool_calls, m.citations,
	COALESCE(m.run_id, ''), m.status, m.error, m.turn_key, m.is_ask_user, m.pending_intent, m.scope, m.created_at, m.updated_at, COALESCE(g.id, ''),
	COALESCE(g.node_id, ''), COALESCE(g.status, ''), COALESCE(g.timing_ms, ''), COALESCE(g.verification, ''),
	COALESCE(g.model_provider, ''), COALESCE(g.model_name, ''), COALESCE(d.reasoning_content, ''), COALESCE(d.tool_calls, ''), COALESCE(d.sequence, '')`
	messageFrom = `
	FROM messages m LEFT JOIN generation_records g ON g.message_id = m.id
	LEFT JOIN llm_generation_details d ON d.message_id = m.id`
)

func scanMessage(s scanner) (Message, error) {
	var m Message
	var created, updated string
	err := s.Scan(&m.ID, &m.ConversationID, &m.Seq, &m.Role, &m.Content, &m.ToolCalls, &m.Citations, &m.RunID, &m.Status,
		&m.Error, &m.TurnKey, &m.IsAskUser, &m.PendingIntent, &m.Scope, &created, &updated, &m.GenerationID, &m.GenerationNodeID, &m.GenerationStatus, &m.GenerationTiming, &m.Verification, &m.ModelProvider,
		&m.ModelName, &m.DetailReasoning, &m.DetailToolCalls, &m.DetailSequence)
	m.CreatedAt, m.UpdatedAt = parseTime(created), parseTime(updated)
	return m, err
}

// GetMessage returns one message.
func (db *DB) GetMessage(ctx context.Context, id string) (Message, error) {
	m, err := scanMessage(db.sql.QueryRowContext(ctx, messageSelect+` WHERE m.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return m, fmt.Errorf("message %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return m, fmt.Errorf("get message: %w", err)
	}
	return m, nil
}

// ListMessages returns a conversation's messages in seq order.
func (db *DB) ListMessages(ctx context.Context, conversationID string) ([]Message, error) {
	return queryAll(ctx, db.sql, "list messages", scanMessage, messageSelect+` WHERE m.conversation_id = ? ORDER BY m.seq_id`, conversationID)
}

// EachEarlierMessage calls fn with the conversation's messages before seq,
// newest first (role, content and status only), until fn returns false:
// what building a turn's context needs, without the answers' records.
func (db *DB) EachEarlierMessage(ctx context.Context, conversationID string, seq int, fn func(Message) bool) error {
	rows, err := db.sql.QueryContext(ctx, `SELECT role, content, status FROM messages
		WHERE conversation_id = ? AND seq_id < ? ORDER BY seq_id DESC`, conversationID, seq)
	if err != nil {
		return fmt.Errorf("read earlier messages: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.Role, &m.Content, &m.Status); err != nil {
			return fmt.Errorf("read earlier messages: %w", err)
		}
		if !fn(m) {
			break
		}
	}
	return rows.Err()
}

// QuestionBefore returns the human message an answer replies to: the last one before it.
func (db *DB) QuestionBefore(ctx context.Context, m Message) (Message, error) {
	q, err := scanMessage(db.sql.QueryRowContext(ctx, messageSelect+` WHERE m.conversation_id = ? AND m.seq_id < ?
		AND m.role = 'human' ORDER BY m.seq_id DESC LIMIT 1`, m.ConversationID, m.Seq))
	if errors.Is(err, sql.ErrNoRows) {
		return q, fmt.Errorf("the question of message %q: %w", m.ID, ErrNotFound)
	}
	return q, err
}
