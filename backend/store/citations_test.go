package store

import (
	"path/filepath"
	"testing"
	"time"
)

// Citations saved before they were stored under "nodeId" read with it after
// the upgrade, in messages, generation records and cited-answer outputs; a
// quoted "node_id" inside a text and other steps' outputs stay as they were.
func TestUpgradeRenamesCitationKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	raw := openAtVersion(t, path, 22)
	at := formatTime(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
	old := `[{"marker":1,"node_id":"k1","rank":1,"score":2.5,"quotes":[{"text":"say \"node_id\": 3","verified":false,"start":0,"end":0}],"excerpt":"e","locator":{"docId":"d1"}}]`
	for _, q := range []string{
		`INSERT INTO conversations (id, created_at, updated_at) VALUES ('c1', ?1, ?1)`,
		`INSERT INTO messages (id, conversation_id, seq_id, role, citations, status, created_at, updated_at)
		 VALUES ('m1', 'c1', 1, 'ai', ?2, 'done', ?1, ?1)`,
		`INSERT INTO retrieval_records (id, query, created_at) VALUES ('rr1', 'q', ?1)`,
		`INSERT INTO generation_records (id, retrieval_record_id, prompt_name, prompt_version, citations, status, created_at)
		 VALUES ('g1', 'rr1', 'p', '1', ?2, 'success', ?1)`,
		`INSERT INTO workflow_runs (id, mode, status, started_at) VALUES ('r1', 'workflow', 'succeeded', ?1)`,
		`INSERT INTO node_executions (id, run_id, node_id, node_type, position, status, started_at, outputs)
		 VALUES ('r1:cite', 'r1', 'cite', 'cited-answer', 1, 'succeeded', ?1, '{"citations":` + old + `}'),
		        ('r1:code', 'r1', 'code', 'code', 2, 'succeeded', ?1, '{"node_id":"x"}')`,
	} {
		if _, err := raw.Exec(q, at, old); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()

	db := openAt(t, path)
	want := `[{"marker":1,"nodeId":"k1","rank":1,"score":2.5,"quotes":[{"text":"say \"node_id\": 3","verified":false,"start":0,"end":0}],"excerpt":"e","locator":{"docId":"d1"}}]`
	for _, c := range []struct{ query, want string }{
		{`SELECT citations FROM messages WHERE id = 'm1'`, want},
		{`SELECT citations FROM generation_records WHERE id = 'g1'`, want},
		{`SELECT outputs FROM node_executions WHERE node_id = 'cite'`, `{"citations":` + want + `}`},
		{`SELECT outputs FROM node_executions WHERE node_id = 'code'`, `{"node_id":"x"}`},
	} {
		var got string
		if err := db.SQL().QueryRow(c.query).Scan(&got); err != nil || got != c.want {
			t.Errorf("%s:\n got %s (%v)\nwant %s", c.query, got, err, c.want)
		}
	}
}
