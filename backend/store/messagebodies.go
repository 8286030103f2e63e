package store

import (
	"context"
	"encoding/json"
	"fmt"
)

// A message body is a message as the API returns it, encoded by the api
// package and stored here once the message is final, so that opening a long
// conversation reads bytes instead of rebuilding every answer. Each body
// carries the format (the build) that encoded it; see migration 0014 for
// what drops a body when its message changes.

// MessageBody is one message of a conversation with its stored body, or with
// a nil Body when none of the format asked for is stored; Final then says
// whether a body made now could be kept.
type MessageBody struct {
	ID        string
	Body      []byte
	Final     bool
	Streaming bool // its answer is being written
}

// finalMessage holds for a message m that nothing changes any more but what
// the triggers of migration 0014 watch: it is no longer streaming, and the
// run that produced it has ended with none of its steps left running (the
// recorder writes every step before it ends the run; InterruptRuns, at the
// next start, rewrites only steps left running).
const finalMessage = `m.status <> 'streaming' AND (m.run_id IS NULL OR (
	NOT EXISTS (SELECT 1 FROM workflow_runs r WHERE r.id = m.run_id AND r.status = 'running') AND
	NOT EXISTS (SELECT 1 FROM node_executions n WHERE n.run_id = m.run_id AND (n.status = 'running' OR n.status = 'retrying'))))`

// MessageBodies returns a conversation's messages in seq order, each with its
// stored body of format when there is one.
func (db *DB) MessageBodies(ctx context.Context, conversationID, format string) ([]MessageBody, error) {
	return queryAll(ctx, db.sql, "read message bodies", func(s scanner) (MessageBody, error) {
		var b MessageBody
		err := s.Scan(&b.ID, &b.Body, &b.Final, &b.Streaming)
		return b, err
	}, `SELECT m.id, b.body, CASE WHEN b.body IS NULL THEN `+finalMessage+` ELSE 0 END, m.status = 'streaming'
		FROM messages m LEFT JOIN message_bodies b ON b.message_id = m.id AND b.format = ?
		WHERE m.conversation_id = ? ORDER BY m.seq_id`, format, conversationID)
}

// EncodeFunc encodes messages, each with the steps of its run, into bodies
// in the same order.
type EncodeFunc func(ms []Message, timelines map[string][]TimelineNode) ([][]byte, error)

// EncodeMessages reads the messages ids names (those no longer there are
// left out), with the steps of their runs, and returns each one's body made
// by encode. With keep it reads, encodes and stores the bodies of the final
// ones in one write transaction, so that nothing can change in between.
func (db *DB) EncodeMessages(ctx context.Context, ids []string, format string, keep bool, encode EncodeFunc) (map[string][]byte, error) {
	if !keep {
		return encodeMessages(ctx, db.sql, ids, encode)
	}
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("encode messages: %w", err)
	}
	defer tx.Rollback()
	bodies, err := encodeMessages(ctx, tx, ids, encode)
	if err != nil {
		return nil, err
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO message_bodies (message_id, format, body)
		SELECT m.id, ?, ? FROM messages m WHERE m.id = ? AND `+finalMessage+`
		ON CONFLICT (message_id) DO UPDATE SET format = excluded.format, body = excluded.body`)
	if err != nil {
		return nil, fmt.Errorf("store message bodies: %w", err)
	}
	defer stmt.Close()
	for id, body := range bodies {
		if _, err := stmt.ExecContext(ctx, format, body, id); err != nil {
			return nil, fmt.Errorf("store message bodies: %w", err)
		}
	}
	return bodies, tx.Commit()
}

func encodeMessages(ctx context.Context, q querier, ids []string, encode EncodeFunc) (map[string][]byte, error) {
	list, _ := json.Marshal(ids)
	ms, err := queryAll(ctx, q, "list messages", scanMessage,
		messageSelect+` WHERE m.id IN (SELECT value FROM json_each(?)) ORDER BY m.seq_id`, string(list))
	if err != nil {
		return nil, err
	}
	steps, err := timelines(ctx, q, `SELECT run_id FROM messages WHERE id IN (SELECT value FROM json_each(?)) AND run_id IS NOT NULL`, string(list))
	if err != nil {
		return nil, err
	}
	made, err := encode(ms, steps)
	if err != nil {
		return nil, err
	}
	bodies := make(map[string][]byte, len(ms))
	for i, m := range ms {
		bodies[m.ID] = made[i]
	}
	return bodies, nil
}
