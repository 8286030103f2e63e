package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"
)

// NodeExecution is one node's execution within a run. JSON fields hold JSON text.
type NodeExecution struct {
	ID                string
	RunID             string
	NodeID            string
	NodeType          string
	Title             string
	Position          int
	PredecessorNodeID string
	Status            string // running, succeeded, failed, skipped, retrying, cancelled, interrupted
	Inputs            string
	ProcessData       string
	Outputs           string
	Error             string
	Retries           int
	PromptTokens      int
	CompletionTokens  int
	IsVirtual         bool
	ParentNodeID      string
	// Round is the round of its container (an iteration, a loop) the step
	// ran in, from 0; nil for a step in no container.
	Round      *int
	StartedAt  time.Time
	FinishedAt *time.Time
	ElapsedMs  int64
	// Variables are the variables the node read as it started, as JSON
	// ({"node.var": value}); "" when they were not recorded.
	Variables string
}

// An empty id stands for the execution's key, run_id:node_id, with #round
// for a round of a container's body (see storedExecutionID).
const executionColumns = `COALESCE(NULLIF(id, ''), run_id || ':' || node_id || iif(round >= 0, '#' || round, '')), run_id,
	node_id, node_type, title, position, predecessor_node_id, status, inputs, process_data, outputs, error, retries, prompt_tokens,
	completion_tokens, is_virtual, parent_node_id, started_at, finished_at, elapsed_ms, COALESCE(variables, ''), round`

// saveExecutionSQL names the run id first, as ?1, so a many-row version of it
// (see SaveRunBatch) binds the run id once for all its rows. Columns most
// rows leave at their default take NULL for it (see defaulted).
const saveExecutionSQL = `INSERT INTO node_executions (run_id, id, node_id, node_type, title, position,
	predecessor_node_id, status, inputs, process_data, outputs, error, retries, prompt_tokens, completion_tokens,
	is_virtual, parent_node_id, started_at, finished_at, elapsed_ms, variables, round)
	VALUES (?1, COALESCE(?, ''), ?, ?, ?, ?, COALESCE(?, ''), ?, COALESCE(?, '{}'), COALESCE(?, '{}'), COALESCE(?, '{}'),
	COALESCE(?, ''), COALESCE(?, 0), COALESCE(?, 0), COALESCE(?, 0), COALESCE(?, 0), COALESCE(?, ''), ?, ?,
	COALESCE(?, 0), ?, COALESCE(?, -1))
	ON CONFLICT (run_id, node_id, round) DO UPDATE SET status = excluded.status, inputs = excluded.inputs,
	process_data = excluded.process_data, outputs = excluded.outputs, error = excluded.error,
	retries = excluded.retries, prompt_tokens = excluded.prompt_tokens, completion_tokens = excluded.completion_tokens,
	finished_at = excluded.finished_at, elapsed_ms = excluded.elapsed_ms,
	variables = COALESCE(excluded.variables, node_executions.variables)`

// SaveNodeExecution inserts a node execution or, for the same (run, node),
// overwrites it with its newer state.
func (db *DB) SaveNodeExecution(ctx context.Context, e NodeExecution) error {
	if _, err := db.sql.ExecContext(ctx, saveExecutionSQL, executionArgs(e)...); err != nil {
		return fmt.Errorf("save node execution %s: %w", e.NodeID, err)
	}
	return nil
}

// The id of a node execution not given one is derived from its natural key,
// run_id:node_id, so an upsert of a newer state names the same row. It is
// stored empty (left unbound, as NULL, which saveExecutionSQL turns into the
// empty text), and readers derive it again: a text fewer to bind and store
// per row.
func storedExecutionID(e *NodeExecution) any {
	id := e.ID
	if id == "" || len(id) == len(e.RunID)+1+len(e.NodeID) && id[len(e.RunID)] == ':' &&
		id[:len(e.RunID)] == e.RunID && id[len(e.RunID)+1:] == e.NodeID {
		return nil
	}
	return id
}

func executionArgs(e NodeExecution) []any {
	return appendExecutionArgs(append(make([]any, 0, 22), e.RunID), &e)
}

// NodeExecutions returns a run's node executions in the order they started.
func (db *DB) NodeExecutions(ctx context.Context, runID string) ([]NodeExecution, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT `+executionColumns+` FROM node_executions
		WHERE run_id = ? ORDER BY position, started_at`, runID)
	if err != nil {
		return nil, fmt.Errorf("list node executions: %w", err)
	}
	defer rows.Close()
	out := []NodeExecution{}
	for rows.Next() {
		var e NodeExecution
		var started string
		var finished sql.NullString
		var round int
		if err := rows.Scan(&e.ID, &e.RunID, &e.NodeID, &e.NodeType, &e.Title, &e.Position, &e.PredecessorNodeID,
			&e.Status, &e.Inputs, &e.ProcessData, &e.Outputs, &e.Error, &e.Retries, &e.PromptTokens,
			&e.CompletionTokens, &e.IsVirtual, &e.ParentNodeID, &started, &finished, &e.ElapsedMs, &e.Variables, &round); err != nil {
			return nil, fmt.Errorf("list node executions: %w", err)
		}
		e.StartedAt, e.FinishedAt = parseTime(started), timePtr(finished)
		if round >= 0 {
			e.Round = &round
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// NodeVariables are the variables a node read in one recorded execution.
type NodeVariables struct {
	RunID     string
	Status    string
	StartedAt time.Time
	Variables string // JSON {"node.var": value}
	RunInputs string // the run's inputs, JSON
}

// LastNodeVariables returns the variables node nodeID of app appID read in
// its newest execution that ran in a whole run (not a run of the node alone,
// not skipped) and had them recorded; ok is false when there is none.
func (db *DB) LastNodeVariables(ctx context.Context, appID, nodeID string) (v NodeVariables, ok bool, err error) {
	var started string
	err = db.sql.QueryRowContext(ctx, `SELECT e.run_id, e.status, e.started_at, e.variables, r.inputs
		FROM workflow_runs r JOIN node_executions e ON e.run_id = r.id
		WHERE r.app_id = ? AND r.single_node_id = '' AND e.node_id = ? AND e.variables IS NOT NULL
			AND e.status IN ('succeeded', 'exception', 'failed')
		ORDER BY r.started_at DESC LIMIT 1`, appID, nodeID).Scan(&v.RunID, &v.Status, &started, &v.Variables, &v.RunInputs)
	if errors.Is(err, sql.ErrNoRows) {
		return NodeVariables{}, false, nil
	}
	if err != nil {
		return NodeVariables{}, false, fmt.Errorf("last node variables: %w", err)
	}
	v.StartedAt = parseTime(started)
	return v, true, nil
}

// RunEvent is one stored event of a run's stream.
type RunEvent struct {
	RunID     string
	Seq       int64
	Type      string
	NodeID    string
	Payload   string // JSON
	CreatedAt time.Time
}

// AppendRunEvents stores a batch of events in one transaction.
func (db *DB) AppendRunEvents(ctx context.Context, events []RunEvent) error {
	return db.SaveRunBatch(ctx, events, nil)
}

// RunEvents returns a run's events with seq greater than after, in order.
// Only the pages ending after it are read (see eventpages.go).
func (db *DB) RunEvents(ctx context.Context, runID string, after int64) ([]RunEvent, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT events FROM run_event_pages
		WHERE run_id = ? AND last_seq > ? ORDER BY last_seq`, runID, after)
	if err != nil {
		return nil, fmt.Errorf("list run events: %w", err)
	}
	defer rows.Close()
	out := []RunEvent{}
	for rows.Next() {
		var page string
		if err := rows.Scan(&page); err != nil {
			return nil, fmt.Errorf("list run events: %w", err)
		}
		if out, err = decodePage(out, runID, page, after); err != nil {
			return nil, fmt.Errorf("list run events: %w", err)
		}
	}
	// Pages overlap only where a batch filled a gap an earlier one left.
	if !slices.IsSortedFunc(out, bySeq) {
		slices.SortFunc(out, bySeq)
	}
	return out, rows.Err()
}

// GenerationDetail is an LLM generation's content, reasoning and tool calls in
// stream order. JSON fields hold JSON text.
type GenerationDetail struct {
	ID        string
	AppID     string
	MessageID string // set for a chat message...
	RunID     string // ...or RunID and NodeID for a workflow node execution
	NodeID    string
	Reasoning string // JSON list of reasoning segments
	ToolCalls string // JSON list of {name, arguments, result}
	Sequence  string // JSON list of {type, start, end} | {type, index}
	CreatedAt time.Time
}

// SaveGenerationDetail stores the one detail row of a message or of a node
// execution, replacing an earlier one for the same key.
func (db *DB) SaveGenerationDetail(ctx context.Context, g GenerationDetail) error {
	if g.ID == "" {
		g.ID = newID()
	}
	conflict := `(workflow_run_id, node_id)`
	if g.MessageID != "" {
		conflict = `(message_id)`
	}
	_, err := db.sql.ExecContext(ctx, `INSERT INTO llm_generation_details (id, app_id, message_id, workflow_run_id,
		node_id, reasoning_content, tool_calls, sequence, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT `+conflict+` DO UPDATE SET reasoning_content = excluded.reasoning_content,
		tool_calls = excluded.tool_calls, sequence = excluded.sequence`,
		g.ID, nullIfEmpty(g.AppID), nullIfEmpty(g.MessageID), nullIfEmpty(g.RunID), nullIfEmpty(g.NodeID),
		orJSON(g.Reasoning, "[]"), orJSON(g.ToolCalls, "[]"), orJSON(g.Sequence, "[]"), now())
	if err != nil {
		return fmt.Errorf("save generation detail: %w", err)
	}
	return nil
}

// LinkGenerationDetail keys a node execution's detail to the chat message it
// answered as well (a chat turn's detail is found by message id). A
// message already linked keeps its first detail.
func (db *DB) LinkGenerationDetail(ctx context.Context, runID, nodeID, messageID string) error {
	_, err := db.sql.ExecContext(ctx, `UPDATE OR IGNORE llm_generation_details SET message_id = ?
		WHERE workflow_run_id = ? AND node_id = ? AND message_id IS NULL`, messageID, runID, nodeID)
	if err != nil {
		return fmt.Errorf("link generation detail: %w", err)
	}
	return nil
}

// LinkLastGenerationDetail keys the detail of a run's last model step (not
// a virtual one) to the chat message it answered, for answers that have no
// generation record of their own.
func (db *DB) LinkLastGenerationDetail(ctx context.Context, runID, messageID string) error {
	_, err := db.sql.ExecContext(ctx, `UPDATE OR IGNORE llm_generation_details SET message_id = ? WHERE id = (
		SELECT d.id FROM llm_generation_details d JOIN node_executions e ON e.run_id = d.workflow_run_id AND e.node_id = d.node_id
		WHERE d.workflow_run_id = ? AND NOT e.is_virtual AND d.message_id IS NULL ORDER BY d.created_at DESC, d.rowid DESC LIMIT 1)`,
		messageID, runID)
	if err != nil {
		return fmt.Errorf("link generation detail: %w", err)
	}
	return nil
}

// NodeGenerationDetail returns the detail of one node execution, if any.
func (db *DB) NodeGenerationDetail(ctx context.Context, runID, nodeID string) (GenerationDetail, bool, error) {
	return db.generationDetail(ctx, `workflow_run_id = ? AND node_id = ?`, runID, nodeID)
}

// MessageGenerationDetail returns the detail of one chat message, if any.
func (db *DB) MessageGenerationDetail(ctx context.Context, messageID string) (GenerationDetail, bool, error) {
	return db.generationDetail(ctx, `message_id = ?`, messageID)
}

func (db *DB) generationDetail(ctx context.Context, where string, args ...any) (GenerationDetail, bool, error) {
	var g GenerationDetail
	var app, msg, run, node sql.NullString
	var created string
	err := db.sql.QueryRowContext(ctx, `SELECT id, app_id, message_id, workflow_run_id, node_id, reasoning_content,
		tool_calls, sequence, created_at FROM llm_generation_details WHERE `+where, args...).
		Scan(&g.ID, &app, &msg, &run, &node, &g.Reasoning, &g.ToolCalls, &g.Sequence, &created)
	if err == sql.ErrNoRows {
		return GenerationDetail{}, false, nil
	}
	if err != nil {
		return GenerationDetail{}, false, fmt.Errorf("get generation detail: %w", err)
	}
	g.AppID, g.MessageID, g.RunID, g.NodeID = app.String, msg.String, run.String, node.String
	g.CreatedAt = parseTime(created)
	return g, true, nil
}

// appendExecutionArgs appends one execution's values for saveExecutionSQL,
// all but the run id.
func appendExecutionArgs(args []any, e *NodeExecution) []any {
	var finished any
	if e.FinishedAt != nil {
		finished = timeText(*e.FinishedAt)
	}
	// Integers go in as int64, a driver value already: database/sql converts
	// other integer types by reflection, per value.
	return append(args, storedExecutionID(e), e.NodeID, e.NodeType, e.Title, int64(e.Position), defaulted(e.PredecessorNodeID, ""),
		e.Status, defaulted(e.Inputs, "{}"), defaulted(e.ProcessData, "{}"), defaulted(e.Outputs, "{}"),
		defaulted(e.Error, ""), nonZero(int64(e.Retries)), nonZero(int64(e.PromptTokens)),
		nonZero(int64(e.CompletionTokens)), nonZero(e.IsVirtual), defaulted(e.ParentNodeID, ""),
		timeText(e.StartedAt), finished, nonZero(e.ElapsedMs), nullIfEmpty(e.Variables), roundArg(e.Round))
}

// roundArg is the round to store, nil (stored as -1) for a step in no container.
func roundArg(round *int) any {
	if round == nil {
		return nil
	}
	return int64(*round)
}

// nonZero is v, or nil for the zero value, which saveExecutionSQL puts back.
func nonZero[T comparable](v T) any {
	var zero T
	if v == zero {
		return nil
	}
	return v
}

// defaulted is v, or nil when v is empty or the column's default, which
// saveExecutionSQL puts back: binding a text costs a cgo call and a copy in
// SQLite, a NULL nothing (runConn.bind leaves it out), and most rows leave
// these columns at their defaults.
func defaulted(v, def string) any {
	if v == "" || v == def {
		return nil
	}
	return v
}

// timeText is formatTime without the cost of time.Format's layout parsing,
// which showed up in the recorder's profile (several timestamps per node).
func timeText(t time.Time) string {
	var b [len(timeLayout)]byte
	return string(appendTimeText(b[:0], t))
}

// appendTimeText appends timeText(t) to b.
func appendTimeText(b []byte, t time.Time) []byte {
	t = t.UTC()
	year, month, day := t.Date()
	if year < 0 || year > 9999 {
		return append(b, formatTime(t)...)
	}
	hour, minute, sec := t.Clock()
	ms := t.Nanosecond() / 1e6
	var d [len(timeLayout)]byte
	put := func(at, v, n int) {
		for i := at + n - 1; i >= at; i-- {
			d[i] = byte('0' + v%10)
			v /= 10
		}
	}
	put(0, year, 4)
	d[4] = '-'
	put(5, int(month), 2)
	d[7] = '-'
	put(8, day, 2)
	d[10] = 'T'
	put(11, hour, 2)
	d[13] = ':'
	put(14, minute, 2)
	d[16] = ':'
	put(17, sec, 2)
	d[19] = '.'
	put(20, ms, 3)
	d[23] = 'Z'
	return append(b, d[:]...)
}
