package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// oddPayloads are payloads whose bytes a page must give back exactly:
// escapes, control characters, non-ASCII, bad UTF-8 and text that is not JSON.
var oddPayloads = []string{`{"chunk":"say \"hi\"\\n","response":true}`, "{\"a\":\"tab\there\\u003c\"}", "line\nbreak\r\x01\x1f",
	`{"t":"días 🎉 – ok"}`, "no\u00a0break – ok", "", `[1,2.50,{"x":null}]`, `"just a string"`, `\u0041 stays as typed`}

// runEvents makes events from..to of a run, a millisecond apart, with
// payloads that cycle through oddPayloads and plain JSON.
func runEvents(runID string, from, to int64, start time.Time) []RunEvent {
	var out []RunEvent
	for seq := from; seq <= to; seq++ {
		payload := fmt.Sprintf(`{"seq":%d,"kind":"node_started"}`, seq)
		if seq%3 == 0 {
			payload = oddPayloads[int(seq/3)%len(oddPayloads)]
		}
		out = append(out, RunEvent{RunID: runID, Seq: seq, Type: "node_started", NodeID: fmt.Sprint("n", seq%7),
			Payload: payload, CreatedAt: start.Add(time.Duration(seq) * time.Millisecond)})
	}
	return out
}

func pageCount(t *testing.T, db *DB, runID string) int {
	t.Helper()
	var n int
	if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM run_event_pages WHERE run_id = ?`, runID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func sameEvents(t *testing.T, what string, got, want []RunEvent) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d events, want %d", what, len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.RunID != w.RunID || g.Seq != w.Seq || g.Type != w.Type || g.NodeID != w.NodeID || g.Payload != w.Payload ||
			!g.CreatedAt.Equal(w.CreatedAt.Truncate(time.Millisecond)) {
			t.Fatalf("%s: event %d = %+v, want %+v", what, i, g, w)
		}
	}
}

// Replay from any seq, at a page's edge or in its middle, gives exactly the
// events after it, byte for byte.
func TestReplayFromEverySeqAcrossPages(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	if err := db.InsertRun(ctx, Run{ID: "r1", Mode: "workflow", StartedAt: start}); err != nil {
		t.Fatal(err)
	}
	all := runEvents("r1", 1, 420, start)
	for _, cut := range [][2]int{{0, 300}, {300, 301}, {301, 420}} { // 300 events make two pages
		if err := db.SaveRunBatch(ctx, all[cut[0]:cut[1]], nil); err != nil {
			t.Fatal(err)
		}
	}
	if n := pageCount(t, db, "r1"); n != 4 {
		t.Errorf("%d pages, want 4", n)
	}
	for after := 0; after <= len(all)+1; after++ {
		got, err := db.RunEvents(ctx, "r1", int64(after))
		if err != nil {
			t.Fatal(err)
		}
		sameEvents(t, fmt.Sprint("after ", after), got, all[min(after, len(all)):])
	}
	if got, _ := db.RunEvents(ctx, "other", 0); got == nil || len(got) != 0 {
		t.Errorf("events of an unknown run = %#v, want an empty list", got)
	}
}

// An event saved again, alone, in a retried batch, overlapping new ones or
// twice in one batch, is stored once, as first saved; a batch filling a gap
// an earlier one left is replayed in seq order.
func TestRepeatedEventsAreStoredOnce(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	db.InsertRun(ctx, Run{ID: "r1", Mode: "workflow", StartedAt: start})
	all := runEvents("r1", 1, 12, start)
	changed := func(es []RunEvent) []RunEvent {
		out := append([]RunEvent(nil), es...)
		for i := range out {
			out[i].Payload, out[i].Type = "retry", "dup"
		}
		return out
	}
	batches := [][]RunEvent{
		{all[0], all[1], all[3]},                          // 1, 2, 4: leaves a gap at 3
		changed(all[0:2]),                                 // a retried batch
		append(changed(all[1:2]), all[2], all[4], all[5]), // 2 again, the gap 3, then 5, 6
		{all[7], all[6], changed(all[6:7])[0], all[8]},    // out of order, 7 twice
		all[9:], changed(all[9:]), // a batch, then the same batch again
	}
	for i, b := range batches {
		if err := db.SaveRunBatch(ctx, b, nil); err != nil {
			t.Fatalf("batch %d: %v", i, err)
		}
	}
	got, err := db.RunEvents(ctx, "r1", 0)
	if err != nil {
		t.Fatal(err)
	}
	sameEvents(t, "replay", got, all)
	for after := range len(all) {
		got, _ := db.RunEvents(ctx, "r1", int64(after))
		sameEvents(t, fmt.Sprint("after ", after), got, all[after:])
	}
	var stored int
	db.SQL().QueryRow(`SELECT SUM(json_array_length(events)) FROM run_event_pages`).Scan(&stored)
	if stored != len(all) {
		t.Errorf("%d events in pages, want %d", stored, len(all))
	}
}

// openAtVersion creates a database with migrations up to version only.
func openAtVersion(t *testing.T, path string, version int) *sql.DB {
	t.Helper()
	raw, err := sql.Open("sqlite3", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := raw.Exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms[:version] {
		if err := apply(ctx, raw, m); err != nil {
			t.Fatal(err)
		}
	}
	return raw
}

// Events stored one row each, before pages, are all there after the
// upgrade, byte for byte, and the recovery of interrupted runs and answers
// reads them.
func TestUpgradeMovesEventsIntoPages(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	raw := openAtVersion(t, path, 8)
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	want := map[string][]RunEvent{"r1": runEvents("r1", 1, 600, start), "r2": runEvents("r2", 5, 9, start)}
	chunks := []RunEvent{
		{RunID: "r3", Seq: 1, Type: "node_stream_chunk", NodeID: "answer", Payload: `{"chunk":"Ninety \"días\" ","response":true}`, CreatedAt: start},
		{RunID: "r3", Seq: 2, Type: "node_stream_chunk", NodeID: "llm", Payload: `{"chunk":"hidden"}`, CreatedAt: start},
		{RunID: "r3", Seq: 3, Type: "node_stream_chunk", NodeID: "answer", Payload: `{"chunk":"🎉","response":true}`, CreatedAt: start.Add(time.Second)},
	}
	want["r3"] = chunks
	for run, events := range want {
		if _, err := raw.Exec(`INSERT INTO workflow_runs (id, mode, status, started_at) VALUES (?, 'chatflow', 'running', ?)`,
			run, formatTime(start)); err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			if _, err := raw.Exec(`INSERT INTO run_events (run_id, seq, type, node_id, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
				e.RunID, e.Seq, e.Type, e.NodeID, e.Payload, formatTime(e.CreatedAt)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := raw.Exec(`INSERT INTO node_executions (id, run_id, node_id, node_type, position, status, started_at)
		VALUES ('x1', 'r1', 'n2', 'llm', 1, 'running', ?)`, formatTime(start)); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`INSERT INTO conversations (id, created_at, updated_at) VALUES ('c1', ?1, ?1)`,
		`INSERT INTO messages (id, conversation_id, seq_id, role, status, run_id, created_at, updated_at)
		VALUES ('m1', 'c1', 1, 'ai', 'streaming', 'r3', ?1, ?1)`} {
		if _, err := raw.Exec(q, formatTime(start)); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()

	db := openAt(t, path)
	ctx := context.Background()
	for run, events := range want {
		got, err := db.RunEvents(ctx, run, 0)
		if err != nil {
			t.Fatal(err)
		}
		sameEvents(t, run, got, events)
		mid, _ := db.RunEvents(ctx, run, events[len(events)/2].Seq)
		sameEvents(t, run+" from the middle", mid, events[len(events)/2+1:])
	}
	if n := pageCount(t, db, "r1"); n != 3 {
		t.Errorf("r1 in %d pages, want 3 of at most 256 events", n)
	}
	// New events go on after the moved ones.
	more := runEvents("r1", 601, 610, start)
	if err := db.SaveRunBatch(ctx, append(want["r1"][590:], more...), nil); err != nil {
		t.Fatal(err)
	}
	got, _ := db.RunEvents(ctx, "r1", 0)
	sameEvents(t, "r1 after more", got, append(want["r1"], more...))

	if n, err := db.InterruptRuns(ctx); err != nil || n != 3 {
		t.Fatalf("interrupted %d runs, %v", n, err)
	}
	execs, _ := db.NodeExecutions(ctx, "r1")
	lastOfN2 := start.Add(604 * time.Millisecond) // the last seq ≤ 610 with seq%7 == 2
	if len(execs) != 1 || execs[0].Status != "interrupted" || execs[0].ID != "x1" || !execs[0].FinishedAt.Equal(lastOfN2) {
		t.Errorf("interrupted node = %+v, want finished at %v", execs, lastOfN2)
	}
	if r, _ := db.GetRun(ctx, "r1"); !r.FinishedAt.Equal(start.Add(610 * time.Millisecond)) {
		t.Errorf("interrupted run finished at %v", r.FinishedAt)
	}
	if n, err := db.InterruptMessages(ctx); err != nil || n != 1 {
		t.Fatalf("interrupted %d messages, %v", n, err)
	}
	if m, _ := db.GetMessage(ctx, "m1"); m.Content != `Ninety "días" 🎉` {
		t.Errorf("interrupted answer %q", m.Content)
	}
}

// The chunks of an interrupted answer are gathered across pages, in order.
func TestInterruptedAnswerAcrossPages(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	ai := streamingAnswer(t, db)
	var events []RunEvent
	want := ""
	for seq := int64(1); seq <= 600; seq++ {
		text := fmt.Sprintf("w%d\n", seq)
		if seq%2 == 0 {
			want += text
		}
		events = append(events, RunEvent{RunID: "r1", Seq: seq, Type: "node_stream_chunk", NodeID: "answer", CreatedAt: time.Now(),
			Payload: fmt.Sprintf(`{"chunk":%q,"response":%t}`, text, seq%2 == 0)})
	}
	for _, cut := range [][2]int{{0, 100}, {100, 599}, {599, 600}} {
		if err := db.SaveRunBatch(ctx, events[cut[0]:cut[1]], nil); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := db.InterruptMessages(ctx); err != nil || n != 1 {
		t.Fatalf("interrupted %d, %v", n, err)
	}
	if m, _ := db.GetMessage(ctx, ai.ID); m.Content != want {
		t.Errorf("interrupted answer has %d bytes, want %d", len(m.Content), len(want))
	}
}

func TestPageEncodingRoundTrips(t *testing.T) {
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	var events []RunEvent
	for i, p := range append(oddPayloads, "\u2028\u2029", "\\", `"`, "\x00") {
		events = append(events, RunEvent{RunID: "r", Seq: int64(i + 1), Type: p, NodeID: p, Payload: p, CreatedAt: start})
	}
	page, err := encodePage(events)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodePage(nil, "r", page, 0)
	if err != nil || !reflect.DeepEqual(got, events) {
		t.Fatalf("decoded %+v, %v\nwant %+v", got, err, events)
	}
	// A payload that is not UTF-8 comes back with U+FFFD for each bad byte.
	page, err = encodePage([]RunEvent{{RunID: "r", Seq: 1, Payload: "\xff\xfe not utf-8", CreatedAt: start}})
	if got, err := decodePage(nil, "r", page, 0); err != nil || len(got) != 1 || got[0].Payload != "\ufffd\ufffd not utf-8" {
		t.Fatalf("decoded %+v, %v", got, err)
	}
	// JSON escapes SQLite or another writer may use decode too.
	got, err = decodePage(nil, "r", ` [ [7, "a\/b\u00e9\ud83c\udf89\b\f", "", "2026-05-01T09:00:00.000Z", "x"] ] `, 0)
	if err != nil || len(got) != 1 || got[0].Type != "a/bé🎉\b\f" || got[0].Seq != 7 {
		t.Fatalf("decoded %+v, %v", got, err)
	}
	for _, bad := range []string{``, `[`, `[[1,"a","b","c"]]`, `[[1,"a","b","c","d"`, `[["1","a","b","c","d"]]`, `[[1,"a\x","b","c","d"]]`} {
		if _, err := decodePage(nil, "r", bad, 0); err == nil {
			t.Errorf("decoded malformed page %q", bad)
		}
	}
}

// A payload goes into a page as it is only when it is a JSON object that
// encoding/json and SQLite both take; every other one is escaped. A page of
// both forms is JSON to SQLite, and gives each payload back exactly.
func TestRawPayloadsAreStrictJSONObjects(t *testing.T) {
	raw := []string{`{}`, `{"seq":1,"kind":"node_started","inputs":{"q":"días 🎉"},"n":[-0.5e+3,0,1E2,true,false,null]}`,
		"{\"esc\":\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9\\uD83C\\udf89\"}",
		`{"deep":` + strings.Repeat(`[`, maxRawDepth-1) + strings.Repeat(`]`, maxRawDepth-1) + `}`}
	escaped := []string{`{ "a" : [ ] , "b" : { } }`, ``, `{`, `}`, `[1,2]`, `"s"`, `1`, ` {}`, `{} `, `{}{}`, `{"a":1,}`, `{"a"}`, `{a:1}`, `{'a':1}`,
		`{"a":01}`, `{"a":1.}`, `{"a":.5}`, `{"a":-}`, `{"a":1e}`, `{"a":+1}`, `{"a":NaN}`, `{"a":tru}`, `{"a":[1,]}`,
		`{"a":"\x"}`, `{"a":"\u12"}`, `{"a":"\u12G4"}`, "{\"a\":\"tab\there\"}", "{\"a\":\"\xff\"}", "{\"\xc3\":1}",
		`{"a":"open}`, `{"a":[}`, `{"a":{]}`, `{"deep":` + strings.Repeat(`[`, maxRawDepth) + strings.Repeat(`]`, maxRawDepth) + `}`,
		"{\"a\":1}\x00", `{"a":1 // note` + "\n}", `{"a":0x10}`, `{"a":Infinity}`}
	db := openTemp(t)
	for _, s := range raw {
		if !rawObject(s) || !json.Valid([]byte(s)) {
			t.Errorf("rawObject(%q) = %v, json.Valid %v; want both true", s, rawObject(s), json.Valid([]byte(s)))
		}
	}
	for _, s := range escaped {
		if rawObject(s) {
			t.Errorf("rawObject(%q) = true", s)
		}
	}
	var events []RunEvent
	for _, p := range append(append(raw, escaped...), oddPayloads...) {
		if !utf8.ValidString(p) {
			continue // comes back with U+FFFD (TestPageEncodingRoundTrips)
		}
		events = append(events, RunEvent{RunID: "r", Seq: int64(len(events) + 1), Type: "t", NodeID: "n", Payload: p,
			CreatedAt: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)})
	}
	page, err := encodePage(events)
	if err != nil || !json.Valid([]byte(page)) {
		t.Fatalf("page is not JSON: %s", page)
	}
	for after := range int64(len(events)) {
		got, err := decodePage(nil, "r", page, after)
		if err != nil || !reflect.DeepEqual(got, events[after:]) {
			t.Fatalf("after %d: decoded %+v, %v", after, got, err)
		}
	}
	// SQLite reads every member, an object as itself and a string as its text.
	rows, err := db.SQL().Query(`SELECT e.value ->> 0, json_type(e.value, '$[4]'), e.value ->> 4 FROM json_each(?) e`, page)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var seq int
		var kind, text string
		if err := rows.Scan(&seq, &kind, &text); err != nil {
			t.Fatal(err)
		}
		p := events[seq-1].Payload
		switch {
		case rawObject(p) != (kind == "object"):
			t.Errorf("payload %q stored as %s", p, kind)
		case kind == "text" && text != p && utf8.ValidString(p):
			t.Errorf("SQLite reads payload %q as %q", p, text)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// Whatever rawObject lets into a page as it is, encoding/json takes too.
func FuzzRawObject(f *testing.F) {
	for _, s := range append(oddPayloads, `{"a":[1,{"b":"c"}],"d":-1.5e3}`, `{"a":"\u00e9"}`) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if rawObject(s) && (!json.Valid([]byte(s)) || !utf8.ValidString(s)) {
			t.Errorf("rawObject(%q) but it is not valid JSON", s)
		}
	})
}
