package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"testing"

	"lexflow/backend/api"
	"lexflow/backend/ingest"
	"lexflow/backend/store"
)

// A collection's OCR language is set on create, replaced on update, listed,
// and refused, naming the field, when it is not Tesseract language codes.
func TestCollectionOCRLanguage(t *testing.T) {
	a := newTestAPI(t)
	var c api.Collection
	in := api.CollectionInput{Name: "Gulf contracts", OCRLanguage: "ara+eng"}
	if code := a.call("POST", "/api/collections", in, &c); code != http.StatusCreated || c.OCRLanguage != "ara+eng" {
		t.Fatalf("create: %d %+v", code, c)
	}
	in.OCRLanguage = "ara"
	if code := a.call("PUT", "/api/collections/"+c.ID, in, &c); code != http.StatusOK || c.OCRLanguage != "ara" {
		t.Fatalf("update: %d %+v", code, c)
	}
	var list []api.Collection
	a.call("GET", "/api/collections", nil, &list)
	if len(list) != 1 || list[0].OCRLanguage != "ara" {
		t.Errorf("list = %+v", list)
	}
	for _, bad := range []struct{ method, path string }{{"POST", "/api/collections"}, {"PUT", "/api/collections/" + c.ID}} {
		var e struct{ Error api.ErrorBody }
		body := api.CollectionInput{Name: "Other", OCRLanguage: "Arabic"}
		if code := a.call(bad.method, bad.path, body, &e); code != http.StatusBadRequest || e.Error.Field != "ocrLanguage" {
			t.Errorf("%s %s with %q: %d %+v", bad.method, bad.path, body.OCRLanguage, code, e.Error)
		}
	}
	a.call("GET", "/api/collections/"+c.ID, nil, &c)
	if c.OCRLanguage != "ara" || c.Name != "Gulf contracts" {
		t.Errorf("a refused update changed the collection: %+v", c)
	}
}

func TestOCRLanguagesReportsTesseract(t *testing.T) {
	for name, c := range map[string]ingest.OCRInfo{
		"installed": {Installed: true, Languages: []string{"ara", "eng"}, Install: "brew install tesseract"},
		"missing":   {Install: "sudo apt install tesseract-ocr"},
	} {
		db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lexflow.db"))
		if err != nil {
			t.Fatal(err)
		}
		svc := api.New(api.Options{DB: db, OCR: func() ingest.OCRInfo { return c }})
		srv := httptest.NewServer(Routes(svc))
		a := &testAPI{t: t, srv: srv}
		var got api.OCRLanguages
		if code := a.call("GET", "/api/ocr/languages", nil, &got); code != http.StatusOK {
			t.Errorf("%s: %d", name, code)
		}
		// Languages is [] rather than null when there are none.
		if got.Installed != c.Installed || got.InstallCommand != c.Install || got.Languages == nil ||
			!slices.Equal(got.Languages, c.Languages) {
			t.Errorf("%s: %+v", name, got)
		}
		srv.Close()
		db.Close()
	}
}
