package gzfs

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree writes files to a temporary folder, those named *.gz gzipped.
func tree(t *testing.T, files map[string]string) fs.FS {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		data := []byte(text)
		if strings.HasSuffix(name, ".gz") {
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf)
			zw.Write(data)
			zw.Close()
			data = buf.Bytes()
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return New(os.DirFS(dir))
}

func TestServesGzippedFilesUnpacked(t *testing.T) {
	script := strings.Repeat("console.log('lexflow');\n", 200)
	srv := httptest.NewServer(http.FileServerFS(tree(t, map[string]string{
		"index.html":       "<!doctype html><title>Lexflow</title>",
		"assets/app.js.gz": script,
	})))
	defer srv.Close()

	tests := []struct {
		path, rangeHeader string
		status            int
		body, contentType string
	}{
		{"/assets/app.js", "", http.StatusOK, script, "text/javascript; charset=utf-8"},
		{"/assets/app.js", "bytes=8-14", http.StatusPartialContent, script[8:15], "text/javascript; charset=utf-8"},
		{"/index.html", "", http.StatusMovedPermanently, "", ""}, // FileServer's own redirect to /: plain files pass through
		{"/", "", http.StatusOK, "<!doctype html><title>Lexflow</title>", "text/html; charset=utf-8"},
		{"/assets/missing.js", "", http.StatusNotFound, "404 page not found\n", "text/plain; charset=utf-8"},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+tt.path, nil)
		if tt.rangeHeader != "" {
			req.Header.Set("Range", tt.rangeHeader)
		}
		res, err := http.DefaultTransport.RoundTrip(req) // no redirects followed
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tt.status || (tt.status != http.StatusMovedPermanently && (string(body) != tt.body || res.Header.Get("Content-Type") != tt.contentType)) {
			t.Errorf("GET %s (%s) = %d %q %.40q, want %d %q %.40q", tt.path, tt.rangeHeader,
				res.StatusCode, res.Header.Get("Content-Type"), body, tt.status, tt.contentType, tt.body)
		}
	}
}

func TestStatAndPrecedence(t *testing.T) {
	fsys := tree(t, map[string]string{
		"a.css":    "plain",
		"a.css.gz": "packed copy, ignored",
		"b.css.gz": "body{}",
	})
	tests := []struct {
		name string
		want string
	}{
		{"a.css", "plain"},
		{"b.css", "body{}"},
	}
	for _, tt := range tests {
		got, err := fs.ReadFile(fsys, tt.name)
		if err != nil || string(got) != tt.want {
			t.Errorf("ReadFile(%s) = %q, %v; want %q", tt.name, got, err, tt.want)
		}
		st, err := fs.Stat(fsys, tt.name)
		if err != nil || st.Name() != tt.name || st.Size() != int64(len(tt.want)) || st.IsDir() {
			t.Errorf("Stat(%s) = %v, %v; want %s of %d bytes", tt.name, st, err, tt.name, len(tt.want))
		}
	}
	if _, err := fs.Stat(fsys, "c.css"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Stat(c.css) error = %v, want not exist", err)
	}
}

func TestCorruptGzipIsAnError(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "app.js.gz"), []byte("not gzip"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := New(os.DirFS(dir)).Open("app.js")
	if err == nil || !strings.Contains(err.Error(), "unpack app.js.gz") {
		t.Fatalf("Open(app.js) error = %v, want the unpacking error", err)
	}
}
