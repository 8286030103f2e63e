package cli

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"lexflow/backend/api"
	"lexflow/backend/chat"
)

// twoContracts writes a lease and a distribution agreement, each with its
// termination clause, into a new folder and returns it.
func twoContracts(t *testing.T) string {
	folder := t.TempDir()
	must(t, os.WriteFile(filepath.Join(folder, "lease.txt"), []byte("Clause 9. Termination\nThe tenant may terminate this agreement by giving thirty days' written notice to the landlord.\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(folder, "distributor.txt"), []byte("Clause 12. Termination\nThe distributor may terminate this agreement by giving ninety days' written notice.\n"), 0o644))
	return folder
}

// getJSON decodes GET url into out.
func getJSON(t *testing.T, url string, out any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

// Over the API a question scoped to a document searches only it: its
// citations, its record's hits and the record's parameters name that
// document, the question carries its scope, the conversation keeps the
// chosen documents, and a document no longer there is a 400 on its field.
func TestChatScopedToADocument(t *testing.T) {
	folder := twoContracts(t)

	withWindowAPI(t, func(srv *httptest.Server) {
		docs := addDocuments(t, srv.URL, folder, "lease.txt", "distributor.txt")
		lease := docs["lease.txt"]
		renameDocument(t, srv.URL, lease, "Lease")

		var conv api.Conversation
		postJSON(t, srv.URL+"/api/conversations", api.ConversationInput{Title: "Scoped"}, &conv)
		send := api.SendMessage{Query: "What notice terminates the agreement?", Settings: api.TurnSettings{DocumentIDs: []string{lease}}}
		if code := postJSON(t, srv.URL+"/api/conversations/"+conv.ID+"/messages", send, nil); code != http.StatusAccepted {
			t.Fatalf("send: %d", code)
		}
		human, ai := lastTurn(t, srv.URL, conv.ID)
		if human.Scope == nil || len(human.Scope.Documents) != 1 || human.Scope.Documents[0] != (chat.Named{ID: lease, Name: "Lease"}) {
			t.Errorf("the question's scope %+v", human.Scope)
		}
		if len(ai.Citations) == 0 {
			t.Fatalf("no citations: %+v", ai)
		}
		for _, c := range ai.Citations {
			if c.Locator.DocID != lease || c.Locator.DocTitle != "Lease" {
				t.Errorf("a citation of %s (%q); the question was scoped to the lease", c.Locator.DocID, c.Locator.DocTitle)
			}
		}
		var audit api.GenerationAuditView
		getJSON(t, srv.URL+"/api/messages/"+ai.ID+"/generation", &audit)
		for _, h := range audit.Record.Hits {
			if h.Chunk.DocID != lease {
				t.Errorf("the record's hit from %s", h.Chunk.DocID)
			}
		}
		docsParam, _ := json.Marshal(audit.Record.RetrievalParameters["documents"])
		if want := `[{"id":"` + lease + `","title":"Lease"}]`; string(docsParam) != want {
			t.Errorf("the record's documents %s, want %s", docsParam, want)
		}
		var convs []api.Conversation
		getJSON(t, srv.URL+"/api/conversations", &convs)
		if len(convs) != 1 || len(convs[0].Settings.DocumentIDs) != 1 || convs[0].Settings.DocumentIDs[0] != lease {
			t.Errorf("the conversation keeps its documents: %+v", convs)
		}

		send.Settings.DocumentIDs, send.MentionIDs = nil, []string{"gone"}
		b, _ := json.Marshal(send)
		resp, err := http.Post(srv.URL+"/api/conversations/"+conv.ID+"/messages", "application/json", bytes.NewReader(b))
		must(t, err)
		defer resp.Body.Close()
		var bad struct{ Error api.ErrorBody }
		_ = json.NewDecoder(resp.Body).Decode(&bad)
		if resp.StatusCode != http.StatusBadRequest || bad.Error.Field != "documentIds" {
			t.Errorf("a mention of a deleted document: %d %+v", resp.StatusCode, bad.Error)
		}
	})
}

// addDocuments adds files of folder to a new collection and waits until
// each is searchable; it returns their ids by file name.
func addDocuments(t *testing.T, base, folder string, names ...string) map[string]string {
	t.Helper()
	var coll api.Collection
	postJSON(t, base+"/api/collections", api.CollectionInput{Name: "Contracts"}, &coll)
	paths := make([]string, len(names))
	for i, n := range names {
		paths[i] = filepath.Join(folder, n)
	}
	var results []api.UploadResult
	if code := postJSON(t, base+"/api/collections/"+coll.ID+"/local-files", api.LocalPaths{Paths: paths}, &results); code != http.StatusOK {
		t.Fatalf("add: %d", code)
	}
	ids := map[string]string{}
	for i, r := range results {
		if r.Document == nil {
			t.Fatalf("%s: %+v", names[i], r)
		}
		ids[names[i]] = r.Document.ID
	}
	waitSearchable(t, base, coll.ID, "distributor ninety days")
	waitSearchable(t, base, coll.ID, "tenant thirty days")
	return ids
}

func renameDocument(t *testing.T, base, id, title string) {
	t.Helper()
	b, _ := json.Marshal(api.DocumentTitle{Title: title})
	req, _ := http.NewRequest(http.MethodPut, base+"/api/documents/"+id+"/title", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("rename: %v %v", resp, err)
	}
	resp.Body.Close()
}

// lastTurn waits for the conversation's last answer to finish.
func lastTurn(t *testing.T, base, convID string) (human, ai api.Message) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		var ms []api.Message
		getJSON(t, base+"/api/conversations/"+convID+"/messages", &ms)
		if n := len(ms); n >= 2 && ms[n-1].Status != "streaming" {
			return ms[n-2], ms[n-1]
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the answer did not finish")
	return
}
