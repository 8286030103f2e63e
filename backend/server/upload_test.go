package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"lexflow/backend/api"
)

// rawPart is one part of a hand-written multipart body: its file name goes
// into the header byte for byte, as a hostile or broken client would send it.
type rawPart struct{ name, body string }

func multipartBody(boundary string, parts ...rawPart) string {
	var b strings.Builder
	for _, p := range parts {
		fmt.Fprintf(&b, "--%s\r\nContent-Disposition: form-data; name=\"files\"; filename=\"%s\"\r\nContent-Type: text/plain\r\n\r\n%s\r\n", boundary, p.name, p.body)
	}
	fmt.Fprintf(&b, "--%s--\r\n", boundary)
	return b.String()
}

func (a *libraryAPI) collectionID() string {
	cs, err := a.db.ListCollections(context.Background())
	if err != nil || len(cs) == 0 {
		a.t.Fatalf("no collection: %v", err)
	}
	return cs[0].ID
}

// postUpload sends body as an upload and returns the status and the outcomes.
func (a *libraryAPI) postUpload(body string) (int, []api.UploadResult, string) {
	a.t.Helper()
	req, _ := http.NewRequest("POST", a.srv.URL+"/api/collections/"+a.collectionID()+"/documents", strings.NewReader(body))
	req.Header.Set("Content-Type", "multipart/form-data; boundary=XyZ")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out []api.UploadResult
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(raw, &out); err != nil {
			a.t.Fatalf("decode %q: %v", raw, err)
		}
	}
	return resp.StatusCode, out, string(raw)
}

func lawText(n int) string {
	return fmt.Sprintf("Article %d. The seller shall deliver goods that conform to the contract number %d.", n, n)
}

// A bad name in one part is that part's error: the parts before and after it
// are added, and the answer lists every part in order.
func TestUploadABadPartNameFailsThatPartAlone(t *testing.T) {
	a := newLibraryAPI(t)
	parts := []rawPart{
		{"before.txt", lawText(1)},
		{"nul\x00name.txt", lawText(2)},
		{"line\nbreak.txt", lawText(3)},
		{"carriage\rreturn.txt", lawText(4)},
		{"..", lawText(5)},
		{"line\r\nbreak: colon.txt", lawText(6)},
		{"bell\x07.txt", lawText(7)},
		{"after.txt", lawText(8)},
	}
	code, out, raw := a.postUpload(multipartBody("XyZ", parts...))
	if code != http.StatusOK {
		t.Fatalf("upload answered %d: %s", code, raw)
	}
	if len(out) != len(parts) {
		t.Fatalf("%d outcomes for %d parts: %s", len(out), len(parts), raw)
	}
	for i, res := range out {
		wantAdded := i == 0 || i == len(parts)-1
		switch {
		case res.Part != i+1:
			t.Errorf("outcome %d names part %d", i, res.Part)
		case wantAdded && (res.Error != nil || res.Document == nil):
			t.Errorf("part %d (%q) was not added: %+v", i+1, parts[i].name, res.Error)
		case !wantAdded && (res.Error == nil || res.Error.Code != "bad_request"):
			t.Errorf("part %d (%q): want a bad_request error, got %+v", i+1, parts[i].name, res.Error)
		}
	}
	for part, words := range map[int]string{2: "a NUL character", 3: "a line break", 4: "a line break", 7: "U+0007"} {
		if e := out[part-1].Error; e == nil || !strings.Contains(e.Message, words) {
			t.Errorf("part %d: %+v, want the reason to name %s", part, e, words)
		}
	}
	if got := out[len(out)-1].Name; got != "after.txt" {
		t.Errorf("last part named %q", got)
	}
}

// A body that breaks off keeps the parts read before the break and says where
// it broke.
func TestUploadABrokenBodyKeepsTheEarlierParts(t *testing.T) {
	a := newLibraryAPI(t)
	body := multipartBody("XyZ", rawPart{"first.txt", lawText(1)}) + "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"cut.txt\"\r\n\r\nArticle 2. The bo"
	body = strings.Replace(body, "--XyZ--\r\n", "", 1)
	code, out, raw := a.postUpload(body)
	if code != http.StatusOK || len(out) != 2 {
		t.Fatalf("answered %d with %s", code, raw)
	}
	if out[0].Document == nil || out[1].Error == nil || out[1].Part != 2 {
		t.Errorf("outcomes: %s", raw)
	}
}

func TestUploadOfNothingIsInvalid(t *testing.T) {
	a := newLibraryAPI(t)
	for name, body := range map[string]string{
		"no parts":    "--XyZ--\r\n",
		"no boundary": "just text",
		"only fields": "--XyZ\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n--XyZ--\r\n",
	} {
		code, _, raw := a.postUpload(body)
		if code != http.StatusBadRequest || !strings.Contains(raw, `"bad_request"`) {
			t.Errorf("%s: answered %d %s", name, code, raw)
		}
	}
}
