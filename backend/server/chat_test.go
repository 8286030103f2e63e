package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"lexflow/backend/api"
	"lexflow/backend/store"
)

// A conversation's messages are written as the service encoded them,
// ended as every JSON response is, the second time from stored bodies.
func TestMessagesAreWrittenAsEncoded(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Routes(api.New(api.Options{DB: db})))
	t.Cleanup(func() { srv.Close(); db.Close() })
	conv, err := db.CreateConversation(ctx, store.Conversation{Title: "T"})
	if err != nil {
		t.Fatal(err)
	}
	_, ai, _, err := db.SaveTurn(ctx, conv.ID, "", "Is <notice> needed?", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.FinishMessage(ctx, store.Message{ID: ai.ID, Content: "Yes & in writing.", Status: "done"}); err != nil {
		t.Fatal(err)
	}
	var first string
	for i := range 2 {
		resp, err := http.Get(srv.URL + "/api/conversations/" + conv.ID + "/messages")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json; charset=utf-8" || !strings.HasSuffix(string(body), "]\n") {
			t.Fatalf("load %d: %d %q %q", i, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		var msgs []api.Message
		if err := json.Unmarshal(body, &msgs); err != nil || len(msgs) != 2 || msgs[0].Content != "Is <notice> needed?" ||
			msgs[1].ID != ai.ID || msgs[1].Content != "Yes & in writing." || msgs[1].Timeline == nil {
			t.Fatalf("load %d: %v %+v", i, err, msgs)
		}
		if i == 1 && string(body) != first {
			t.Errorf("the second load differs:\n%s\n%s", first, body)
		}
		first = string(body)
	}
	resp, err := http.Get(srv.URL + "/api/conversations/nope/messages")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown conversation: %d", resp.StatusCode)
	}
}
