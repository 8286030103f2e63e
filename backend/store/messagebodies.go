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
// what drops a body when its message changes, and 0015 for what keeps a
// body encoded before a change from being stored after it.

// MessageBody is one message of a conversation with its stored body, or with
// a nil Body when none of the format asked for is stored.
type MessageBody struct {
	ID        string
	Body      []byte
	Streaming bool // its answer is being written
}

// finalMessage holds for a message m that nothing changes any more but what
// moves its body_version (migration 0015): it is no longer streaming, and the
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
		err := s.Scan(&b.ID, &b.Body, &b.Streaming)
		return b, err
	}, `SELECT m.id, b.body, m.status = 'streaming'
		FROM messages m LEFT JOIN message_bodies b ON b.message_id = m.id AND b.format = ?
		WHERE m.conversation_id = ? ORDER BY m.seq_id`, format, conversationID)
}

// EncodeFunc encodes messages, each with the steps of its run, into bodies
// in the same order.
type EncodeFunc func(ms []Message, timelines map[string][]TimelineNode) ([][]byte, error)

// EncodedBody is a message's body made from one read of it, with what
// storing the body later needs.
type EncodedBody struct {
	ID      string
	Body    []byte
	Version int64 // the message's body_version at the read
	Final   bool  // at the read: only what moves the version could change the message
}

// EncodeMessages reads the messages ids names (those no longer there are
// left out), with the steps of their runs, and returns each one's body made
// by encode, in seq order. It writes nothing: KeepMessageBodies stores them.
// A message, its record, detail, version and finality come from one query,
// so they agree; the steps are read after it (not alongside: a run that
// ended in between would pair a final message with steps still running),
// and those of a final message's run no longer change.
func (db *DB) EncodeMessages(ctx context.Context, ids []string, encode EncodeFunc) ([]EncodedBody, error) {
	list, _ := json.Marshal(ids)
	read, err := queryAll(ctx, db.sql, "list messages", scanVersionedMessage,
		messageColumns+`, m.body_version, `+finalMessage+messageFrom+` WHERE m.id IN (SELECT value FROM json_each(?)) ORDER BY m.seq_id`, string(list))
	if err != nil {
		return nil, err
	}
	steps, err := timelines(ctx, db.sql, `SELECT run_id FROM messages WHERE id IN (SELECT value FROM json_each(?)) AND run_id IS NOT NULL`, string(list))
	if err != nil {
		return nil, err
	}
	ms := make([]Message, len(read))
	for i, r := range read {
		ms[i] = r.message
	}
	made, err := encode(ms, steps)
	if err != nil {
		return nil, err
	}
	out := make([]EncodedBody, len(read))
	for i, r := range read {
		out[i] = EncodedBody{ID: r.message.ID, Body: made[i], Version: r.version, Final: r.final}
	}
	return out, nil
}

// versionedMessage is a message read with its body_version and finality.
type versionedMessage struct {
	message Message
	version int64
	final   bool
}

func scanVersionedMessage(s scanner) (versionedMessage, error) {
	var v versionedMessage
	var err error
	v.message, err = scanMessage(scanFunc(func(dest ...any) error { return s.Scan(append(dest, &v.version, &v.final)...) }))
	return v, err
}

// scanFunc is a scanner made of a function, here one that reads more columns.
type scanFunc func(dest ...any) error

func (f scanFunc) Scan(dest ...any) error { return f(dest...) }

// KeepMessageBodies stores the final ones of bodies under format, in one
// write transaction, each only while its message is at the version it was
// read at (checked in the statement that stores it): a change made since
// then wins, and the next read encodes the message again. A body already
// stored under format is left as it is. It returns how many it stored.
func (db *DB) KeepMessageBodies(ctx context.Context, format string, bodies []EncodedBody) (int, error) {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("keep message bodies: %w", err)
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO message_bodies (message_id, format, body)
		SELECT m.id, ?, ? FROM messages m WHERE m.id = ? AND m.body_version = ? AND `+finalMessage+`
		ON CONFLICT (message_id) DO UPDATE SET format = excluded.format, body = excluded.body
		WHERE format <> excluded.format`)
	if err != nil {
		return 0, fmt.Errorf("keep message bodies: %w", err)
	}
	defer stmt.Close()
	kept := 0
	for _, b := range bodies {
		if !b.Final {
			continue
		}
		res, err := stmt.ExecContext(ctx, format, b.Body, b.ID, b.Version)
		if err != nil {
			return 0, fmt.Errorf("keep message bodies: %w", err)
		}
		n, _ := res.RowsAffected()
		kept += int(n)
	}
	return kept, tx.Commit()
}
