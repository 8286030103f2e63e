package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
)

// TimelineNode is a node execution as a conversation shows it under each
// answer: its state and timings, without its inputs and outputs, except a
// variable extraction's source, prompt and text, and an agent's notes.
type TimelineNode struct {
	RunID, NodeID, NodeType, Title, Status, Error string
	PromptTokens, CompletionTokens                int
	IsVirtual                                     bool
	ParentNodeID                                  string
	StartedAt                                     time.Time
	FinishedAt                                    *time.Time
	ElapsedMs                                     int64
	ExtractionSource, ExtractionPrompt            string // virtual nodes only
	ExtractionText                                string
	// Notes are, for the person reading the answer, a retrieval step's note
	// on the follow-up it searched for, or an agent step's warnings (it hit
	// its round limit, a call was refused as a repeat, ...).
	Notes []string
}

// fieldSep joins a timeline row's short fields into one column: reading a
// column through the driver costs more than the bytes in it, and a long
// conversation has thousands of steps.
const fieldSep = "\x1f"

// clean makes a text expression safe to join with fieldSep: a separator in
// it (no node of ours writes one) shows as a space.
func clean(expr string) string { return "replace(" + expr + ", char(31), ' ')" }

// ConversationTimelines returns the node executions of every run that
// answered in the conversation, by run, each in the order they started: one
// query for the whole history, so a long conversation opens at once.
func (db *DB) ConversationTimelines(ctx context.Context, conversationID string) (map[string][]TimelineNode, error) {
	return timelines(ctx, db.sql, `SELECT run_id FROM messages WHERE conversation_id = ? AND run_id IS NOT NULL`, conversationID)
}

// timelines returns the node executions of the runs the query runs lists, by
// run, each in the order they started.
func timelines(ctx context.Context, q querier, runs string, args ...any) (map[string][]TimelineNode, error) {
	nodes, err := queryAll(ctx, q, "conversation timelines", scanTimelineNode, `SELECT n.run_id,
		`+clean("n.node_id")+` || char(31) || `+clean("n.node_type")+` || char(31) || `+clean("n.title")+` || char(31) ||
		n.status || char(31) || n.prompt_tokens || char(31) || n.completion_tokens || char(31) || n.is_virtual || char(31) ||
		`+clean("n.parent_node_id")+` || char(31) || n.started_at || char(31) || COALESCE(n.finished_at, '') || char(31) || n.elapsed_ms,
		n.error,
		CASE WHEN n.is_virtual THEN `+clean("COALESCE(json_extract(n.inputs, '$.context_source'), '')")+` || char(31) ||
			`+clean("COALESCE(json_extract(n.inputs, '$.extraction_prompt'), '')")+` || char(31) ||
			`+clean("COALESCE(json_extract(n.outputs, '$.text'), '')")+`
			WHEN n.node_type = 'agent' THEN COALESCE(json_extract(n.process_data, '$.warnings'), '')
			WHEN n.node_type = 'knowledge-retrieval' THEN COALESCE(json_extract(n.process_data, '$.notes'), '') ELSE '' END
		FROM node_executions n
		WHERE n.run_id IN (`+runs+`)
		ORDER BY n.run_id, n.position, n.started_at`, args...)
	if err != nil {
		return nil, err
	}
	byRun := map[string][]TimelineNode{}
	for _, n := range nodes {
		byRun[n.RunID] = append(byRun[n.RunID], n)
	}
	return byRun, nil
}

func scanTimelineNode(s scanner) (TimelineNode, error) {
	var n TimelineNode
	var packed, extraction string
	if err := s.Scan(&n.RunID, &packed, &n.Error, &extraction); err != nil {
		return n, err
	}
	f := strings.Split(packed, fieldSep)
	if len(f) != 11 {
		return n, errBadTimelineRow
	}
	n.NodeID, n.NodeType, n.Title, n.Status = f[0], f[1], f[2], f[3]
	n.PromptTokens, _ = strconv.Atoi(f[4])
	n.CompletionTokens, _ = strconv.Atoi(f[5])
	n.IsVirtual, n.ParentNodeID = f[6] == "1", f[7]
	n.StartedAt, n.FinishedAt = parseTime(f[8]), timePtr(sql.NullString{String: f[9], Valid: f[9] != ""})
	n.ElapsedMs, _ = strconv.ParseInt(f[10], 10, 64)
	switch {
	case (n.NodeType == "agent" || n.NodeType == "knowledge-retrieval") && extraction != "":
		_ = json.Unmarshal([]byte(extraction), &n.Notes) // the notes are a convenience; a bad list only hides them
	case n.IsVirtual:
		if x := strings.Split(extraction, fieldSep); len(x) == 3 {
			n.ExtractionSource, n.ExtractionPrompt, n.ExtractionText = x[0], x[1], x[2]
		}
	}
	return n, nil
}

// errBadTimelineRow cannot happen: every joined field is cleaned.
var errBadTimelineRow = errors.New("a timeline row does not split into its fields")
