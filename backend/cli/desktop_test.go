package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"lexflow/backend/api"
)

// postJSON sends body as JSON and decodes a successful answer into out.
func postJSON(t *testing.T, url string, body, out any) int {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode < 300 {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatalf("POST %s: %v", url, err)
		}
	}
	return resp.StatusCode
}

// The desktop window's native drop hands over paths: the window's API lists
// what they hold and adds each file as an upload of its bytes would, one
// outcome per path, and the files become searchable.
func TestDesktopWindowAddsDroppedPaths(t *testing.T) {
	drop := t.TempDir()
	folder := filepath.Join(drop, "statutes")
	must(t, os.MkdirAll(folder, 0o755))
	must(t, os.WriteFile(filepath.Join(folder, "notice.txt"), []byte("Article 4. Notice of termination must be given in writing thirty days ahead.\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(folder, "copy.txt"), []byte("Article 4. Notice of termination must be given in writing thirty days ahead.\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(folder, ".DS_Store"), []byte("x"), 0o644))

	withWindowAPI(t, func(srv *httptest.Server) {
		var coll api.Collection
		if code := postJSON(t, srv.URL+"/api/collections", api.CollectionInput{Name: "Dropped"}, &coll); code != http.StatusCreated {
			t.Fatalf("create collection: %d", code)
		}
		var list api.LocalFileList
		if code := postJSON(t, srv.URL+"/api/local-files", api.LocalPaths{Paths: []string{folder}}, &list); code != http.StatusOK {
			t.Fatalf("list: %d", code)
		}
		if len(list.Files) != 2 || list.Hidden != 1 || list.Files[0].Rel != "statutes/copy.txt" || list.Files[0].Name != "copy.txt" {
			t.Fatalf("listing = %+v", list)
		}
		paths := []string{list.Files[0].Path, list.Files[1].Path, filepath.Join(folder, "gone.txt"), folder}
		var results []api.UploadResult
		if code := postJSON(t, srv.URL+"/api/collections/"+coll.ID+"/local-files", api.LocalPaths{Paths: paths}, &results); code != http.StatusOK {
			t.Fatalf("add: %d", code)
		}
		assertLocalOutcomes(t, results)
		waitSearchable(t, srv.URL, coll.ID, "notice of termination in writing")
	})
}

// withWindowAPI runs the desktop face on a fresh data directory and calls fn
// with the window's API served over HTTP, then lets the app close.
func withWindowAPI(t *testing.T, fn func(srv *httptest.Server)) {
	t.Helper()
	env := testEnv(t.TempDir(), &syncBuffer{}, &syncBuffer{})
	env.HasDisplay = func() bool { return true }
	env.Desktop = func(ctx context.Context, d DesktopApp) error {
		srv := httptest.NewServer(d.API)
		defer srv.Close()
		fn(srv)
		return nil
	}
	if code := Run(context.Background(), nil, env); code != ExitOK {
		t.Fatalf("desktop exited %d", code)
	}
}

// One outcome per path, in order: the first file queued, the same bytes again
// a duplicate, a missing path and a folder each refused in words.
func assertLocalOutcomes(t *testing.T, results []api.UploadResult) {
	t.Helper()
	if len(results) != 4 {
		t.Fatalf("%d outcomes for 4 paths: %+v", len(results), results)
	}
	if r := results[0]; r.Error != nil || r.Document == nil || r.Name != "copy.txt" {
		t.Errorf("first file: %+v", r)
	}
	if r := results[1]; !r.Duplicate {
		t.Errorf("the same bytes again: %+v, want a duplicate", r)
	}
	for i, words := range map[int]string{2: "no such file", 3: "a folder"} {
		if r := results[i]; r.Error == nil || !strings.Contains(r.Error.Message, words) {
			t.Errorf("outcome %d = %+v, want an error saying %q", i, r, words)
		}
	}
}

func waitSearchable(t *testing.T, base, collectionID, query string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		var res api.SearchResponse
		postJSON(t, base+"/api/search", api.SearchRequest{Query: query, CollectionIDs: []string{collectionID}}, &res)
		if len(res.Hits) > 0 {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%q finds nothing in the collection", query)
}

// The browser face has no route that reads files by path: a web page must
// never make the backend read a file it names.
func TestServeHasNoLocalFileRoutes(t *testing.T) {
	var out, errOut syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		done <- Run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, testEnv(t.TempDir(), &out, &errOut))
	}()
	defer func() { cancel(); <-done }()
	m := waitFor(t, &out, regexp.MustCompile(`(http://127\.0\.0\.1:\d+)/#token=(\S+)`))
	for _, path := range []string{"/api/local-files", "/api/collections/any/local-files"} {
		req, _ := http.NewRequest("POST", m[1]+path, strings.NewReader(`{"paths":["/etc/hostname"]}`))
		req.Header.Set("Authorization", "Bearer "+m[2])
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("POST %s in the browser face: %d, want 404", path, resp.StatusCode)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
