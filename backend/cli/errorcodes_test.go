package cli

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"lexflow/backend/api"
)

// Bad input to the library, upload and chat routes is the client's error:
// a 4xx with a code the page can act on, never a 500 or the code internal.
func TestBadInputIsNeverAnInternalError(t *testing.T) {
	folder := twoContracts(t)
	withWindowAPI(t, func(srv *httptest.Server) {
		docs := addDocuments(t, srv.URL, folder, "lease.txt", "distributor.txt")
		doc := docs["lease.txt"]
		var colls []api.Collection
		getJSON(t, srv.URL+"/api/collections", &colls)
		coll := colls[0].ID
		var conv api.Conversation
		postJSON(t, srv.URL+"/api/conversations", api.ConversationInput{Title: "Probe"}, &conv)
		turn := api.Turn{}
		postJSON(t, srv.URL+"/api/conversations/"+conv.ID+"/messages", api.SendMessage{Query: "What notice terminates the agreement?"}, &turn)
		lastTurn(t, srv.URL, conv.ID)

		for _, c := range []struct{ method, path, body string }{
			{"POST", "/api/collections", `{"name":""}`},
			{"POST", "/api/collections", `{"name":` + strings.Repeat(`"x`, 1) + strings.Repeat("x", 500) + `"}`},
			{"POST", "/api/collections", `not json`},
			{"PUT", "/api/collections/" + coll, `{"name":"   "}`},
			{"PUT", "/api/collections/" + coll, `{"name":"x","ocrLanguage":"klingon+++"}`},
			{"GET", "/api/collections/nope", ``},
			{"GET", "/api/collections/nope/documents", ``},
			{"DELETE", "/api/collections/nope", ``},
			{"POST", "/api/collections/nope/documents", "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.txt\"\r\n\r\nA\r\n--XyZ--\r\n"},
			{"POST", "/api/collections/" + coll + "/documents", "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.exe\"\r\n\r\nMZ\r\n--XyZ--\r\n"},
			{"POST", "/api/collections/" + coll + "/documents", "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"empty.txt\"\r\n\r\n\r\n--XyZ--\r\n"},
			{"POST", "/api/collections/" + coll + "/documents", "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"..\"\r\n\r\nA\r\n--XyZ--\r\n"},
			{"POST", "/api/collections/" + coll + "/documents", "garbage"},
			{"DELETE", "/api/documents/nope", ``},
			{"POST", "/api/documents/nope/reindex", ``},
			{"PUT", "/api/documents/" + doc + "/title", `{"title":` + `"` + strings.Repeat("x", 400) + `"}`},
			{"GET", "/api/documents/nope/source", ``},
			{"GET", "/api/documents/" + doc + "/pages/abc/image", ``},
			{"GET", "/api/documents/" + doc + "/pages/-1/image", ``},
			{"GET", "/api/documents/" + doc + "/pages/99999/image", ``},
			{"GET", "/api/documents/" + doc + "/pages/1/highlight", ``},
			{"GET", "/api/documents/" + doc + "/pages/1/highlight?start=9&end=2", ``},
			{"GET", "/api/documents/" + doc + "/pages/1/highlight?start=-5&end=99999999", ``},
			{"POST", "/api/search", `{"query":""}`},
			{"POST", "/api/search", `{"query":"notice","topK":-3}`},
			{"POST", "/api/search", `{"query":"notice","topK":100000000}`},
			{"POST", "/api/search", `{"query":"notice","collectionIds":["nope"]}`},
			{"POST", "/api/search", `{"query":"` + strings.Repeat("((", 200) + `"}`},
			{"POST", "/api/conversations", `{"title":"` + strings.Repeat("t", 5000) + `"}`},
			{"PATCH", "/api/conversations/" + conv.ID, `{"title":""}`},
			{"PATCH", "/api/conversations/nope", `{"title":"x"}`},
			{"DELETE", "/api/conversations/nope", ``},
			{"GET", "/api/conversations/nope/messages", ``},
			{"GET", "/api/conversations/nope/export", ``},
			{"POST", "/api/conversations/" + conv.ID + "/messages", `{"query":""}`},
			{"POST", "/api/conversations/" + conv.ID + "/messages", `{"query":"x","settings":{"documentIds":["nope"]}}`},
			{"POST", "/api/conversations/" + conv.ID + "/messages", `{"query":"x","settings":{"collectionIds":["nope"]}}`},
			{"POST", "/api/conversations/" + conv.ID + "/messages", `{"query":"x","settings":{"model":"no-such-model","providerId":"nope"}}`},
			{"POST", "/api/conversations/" + conv.ID + "/messages", `{"query":"x","settings":{"topK":-1,"temperature":99}}`},
			{"POST", "/api/conversations/nope/messages", `{"query":"x"}`},
			{"POST", "/api/messages/nope/regenerate", `{}`},
			{"POST", "/api/messages/" + turn.Human.ID + "/regenerate", `{}`},
			{"POST", "/api/messages/nope/stop", ``},
			{"POST", "/api/messages/" + turn.AI.ID + "/stop", ``},
			{"GET", "/api/messages/nope/generation", ``},
			{"GET", "/api/messages/" + turn.Human.ID + "/generation", ``},
			{"GET", "/api/generations/nope", ``},
			{"POST", "/api/generations/nope/replay", `{}`},
		} {
			code, body := send(t, srv.URL, c.method, c.path, c.body)
			if code >= 500 || strings.Contains(body, `"internal"`) {
				t.Errorf("%s %s %.60q: %d %.300s", c.method, c.path, c.body, code, body)
			}
		}
	})
}

func send(t *testing.T, base, method, path, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
	if strings.HasPrefix(body, "--XyZ") || body == "garbage" && strings.HasSuffix(path, "/documents") {
		req.Header.Set("Content-Type", "multipart/form-data; boundary=XyZ")
	} else {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 400 {
		var e struct{ Error api.ErrorBody }
		if json.Unmarshal(raw, &e) != nil || e.Error.Code == "" {
			t.Errorf("%s %s: %d without an error body: %.200s", method, path, resp.StatusCode, raw)
		}
	}
	return resp.StatusCode, string(raw)
}
