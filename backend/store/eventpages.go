package store

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// A run's events are kept in pages (see migration 0011): a row of
// run_event_pages holds a stretch of a run's events, in seq order, as a JSON
// array of [seq, type, node_id, created_at, payload]. A recorder batch is one
// page (or a few, at pageEvents each), so an event costs some bytes of a page
// rather than an insert of its own. This file writes and reads that format.
//
// The payload is the JSON object itself when it is one (every payload the
// recorder writes is), so a page stays readable to SQLite's JSON functions
// and to a person; anything else, as migration 0011 wrote every payload, is
// a JSON string of its text. The reader gives each payload back byte for
// byte (a string's invalid UTF-8 comes back as U+FFFD). Builds before schema
// 13 read only the string form, and refuse a database of schema 13.

// pageEvents is the most events a page holds: replay from the middle of a
// page decodes the whole page, so a huge batch is cut into several.
const pageEvents = 256

const (
	savePageSQL = `INSERT INTO run_event_pages (run_id, last_seq, first_seq, created_at, events) VALUES (?, ?, ?, ?, ?)`
	lastSeqSQL  = `SELECT MAX(last_seq) FROM run_event_pages WHERE run_id = ?`
	// The pages that may hold events seq ?2 to ?3.
	pagesBetweenSQL = `SELECT events FROM run_event_pages WHERE run_id = ?1 AND last_seq >= ?2 AND first_seq <= ?3`
)

// saveEvents writes a batch's events as pages, a run at a time. An event
// already stored (a batch written again) is left as it is, as is a second
// event of the same seq in the batch: the first one stored wins.
func saveEvents(ctx context.Context, tx *sql.Tx, events []RunEvent) error {
	for len(events) > 0 {
		n := sameRun(events, func(e *RunEvent) string { return e.RunID })
		fresh, err := unstored(ctx, tx, events[:n])
		if err != nil {
			return err
		}
		for len(fresh) > 0 {
			k := min(len(fresh), pageEvents)
			if err := savePage(ctx, tx, fresh[:k]); err != nil {
				return err
			}
			fresh = fresh[k:]
		}
		events = events[n:]
	}
	return nil
}

// unstored returns a run's events in seq order without repeated seqs or
// ones already stored. The recorder sends each event once and in order,
// after every stored one: then this costs one index lookup.
func unstored(ctx context.Context, tx *sql.Tx, events []RunEvent) ([]RunEvent, error) {
	fresh := slices.Clone(events)
	slices.SortStableFunc(fresh, bySeq)
	fresh = slices.CompactFunc(fresh, func(a, b RunEvent) bool { return a.Seq == b.Seq })
	var last sql.NullInt64
	if err := tx.QueryRowContext(ctx, lastSeqSQL, fresh[0].RunID).Scan(&last); err != nil || !last.Valid || fresh[0].Seq > last.Int64 {
		return fresh, err
	}
	stored, err := storedSeqs(ctx, tx, fresh[0].RunID, fresh[0].Seq, fresh[len(fresh)-1].Seq)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(fresh, func(e RunEvent) bool { return stored[e.Seq] }), nil
}

func bySeq(a, b RunEvent) int { return cmp.Compare(a.Seq, b.Seq) }

// storedSeqs is the set of the run's stored seqs from first to last.
func storedSeqs(ctx context.Context, tx *sql.Tx, runID string, first, last int64) (map[int64]bool, error) {
	pages, err := queryAll(ctx, tx, "read run event pages", func(s scanner) (string, error) {
		var page string
		return page, s.Scan(&page)
	}, pagesBetweenSQL, runID, first, last)
	stored := map[int64]bool{}
	for _, page := range pages {
		events, err := decodePage(nil, runID, page, first-1)
		if err != nil {
			return nil, err
		}
		for _, e := range events {
			stored[e.Seq] = true
		}
	}
	return stored, err
}

// savePage inserts events, of one run and in seq order, as one page.
func savePage(ctx context.Context, tx *sql.Tx, events []RunEvent) error {
	latest := events[0].CreatedAt
	for _, e := range events[1:] {
		if e.CreatedAt.After(latest) {
			latest = e.CreatedAt
		}
	}
	page, err := encodePage(events)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, savePageSQL, events[0].RunID, events[len(events)-1].Seq, events[0].Seq, timeText(latest), page)
	return err
}

// encodePage is the JSON of a page holding events, in seq order.
func encodePage(events []RunEvent) (string, error) {
	rows := make([][5]any, len(events))
	for i, e := range events {
		var payload any = e.Payload
		if rawObject(e.Payload) {
			payload = json.RawMessage(e.Payload)
		}
		rows[i] = [5]any{e.Seq, e.Type, e.NodeID, timeText(e.CreatedAt), payload}
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // "<" stays "<": pages are read back, never put in HTML
	if err := enc.Encode(rows); err != nil {
		return "", fmt.Errorf("encode run event page: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// maxRawDepth bounds the nesting of a payload stored as an object: SQLite's
// JSON functions refuse deeper than 1,000.
const maxRawDepth = 500

// rawObject reports whether a payload goes into a page as the object it is:
// compact JSON (encoding/json would compact it, and the reader must give it
// back byte for byte), valid UTF-8, nested at most maxRawDepth deep.
func rawObject(s string) bool {
	if len(s) < 2 || s[0] != '{' || !utf8.ValidString(s) || !json.Valid([]byte(s)) {
		return false
	}
	var compact bytes.Buffer
	if json.Compact(&compact, []byte(s)) != nil || compact.Len() != len(s) {
		return false
	}
	return bracketDepth(s) <= maxRawDepth
}

// bracketDepth is the deepest nesting of brackets in s, counting those inside
// strings too: never less than the JSON's depth, which is all a bound needs.
func bracketDepth(s string) int {
	depth, deepest := 0, 0
	for i := range len(s) {
		switch s[i] {
		case '{', '[':
			depth++
			deepest = max(deepest, depth)
		case '}', ']':
			depth--
		}
	}
	return deepest
}

// decodePage appends to out the events of a page of the run runID whose seq
// is greater than after. It reads what encodePage writes and what SQLite's
// json_array writes (migration 0009): the same layout, any JSON escapes.
func decodePage(out []RunEvent, runID, page string, after int64) ([]RunEvent, error) {
	var rows [][5]json.RawMessage
	if err := json.Unmarshal([]byte(page), &rows); err != nil {
		return out, fmt.Errorf("run %s: %w: %w", runID, errBadPage, err)
	}
	for _, row := range rows {
		e, err := decodeEvent(runID, row)
		if err != nil {
			return out, fmt.Errorf("run %s: %w: %w", runID, errBadPage, err)
		}
		if e.Seq > after {
			out = append(out, e)
		}
	}
	return out, nil
}

var errBadPage = errors.New("malformed run event page")

// decodeEvent reads one [seq, type, node_id, created_at, payload] row.
func decodeEvent(runID string, row [5]json.RawMessage) (RunEvent, error) {
	e := RunEvent{RunID: runID}
	var created string
	for i, dst := range []any{&e.Seq, &e.Type, &e.NodeID, &created} {
		if err := json.Unmarshal(row[i], dst); err != nil {
			return e, err
		}
	}
	e.CreatedAt = parseTime(created)
	payload := bytes.TrimSpace(row[4])
	switch {
	case len(payload) == 0:
		return e, errors.New("an event without its payload")
	case payload[0] == '"':
		return e, json.Unmarshal(payload, &e.Payload)
	case payload[0] == '{':
		e.Payload = string(payload)
		return e, nil
	}
	return e, fmt.Errorf("payload %.20s is neither an object nor a string", payload)
}
