package server

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"lexflow/backend/api"
)

// FuzzUpload sends arbitrary bodies to the upload handler of a real library
// (SQLite, index, stored files). The seeds in testdata/fuzz/FuzzUpload were
// written by hand for this test (no outside data; they ship under the
// project's licence): the probe's hostile names (NUL, line breaks, "..",
// traversal), a broken body, folded and oversized headers, a preamble and a
// plain field, a boundary look-alike inside a file. Checked for every body:
//   - the handler answers 200 with one outcome per reported part, numbered
//     in increasing order, each added or refused with a reason, or 400 with a
//     bad_request code; never a 500 or an internal code;
//   - the header repair is invisible to a well-formed body: where mime/multipart
//     reads the body whole and the repair finds no problem, the repaired body
//     yields the same parts, same names and same bytes.
func FuzzUpload(f *testing.F) {
	f.Add([]byte(multipartBody("XyZ", rawPart{"a.txt", "Article 1."}, rawPart{"b\x00.txt", "x"}, rawPart{"c.txt", "Article 3."})))
	a := newLibraryAPI(f)
	handler := a.srv.Config.Handler
	path := "/api/collections/" + a.collectionID() + "/documents"
	f.Fuzz(func(t *testing.T, body []byte) {
		checkRepairIsInvisible(t, body)
		req := httptest.NewRequest("POST", path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "multipart/form-data; boundary=XyZ")
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		checkUploadAnswer(t, rec)
	})
}

func checkUploadAnswer(t *testing.T, rec *httptest.ResponseRecorder) {
	switch rec.Code {
	case http.StatusOK:
		var out []api.UploadResult
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || len(out) == 0 {
			t.Fatalf("200 with %q: %v", rec.Body.String(), err)
		}
		last := 0
		for _, res := range out {
			if res.Part <= last || (res.Document == nil) == (res.Error == nil) {
				t.Fatalf("outcome %+v after part %d", res, last)
			}
			if res.Error != nil && res.Error.Code == "internal" {
				t.Fatalf("an internal error for bad input: %+v", res.Error)
			}
			last = res.Part
		}
	case http.StatusBadRequest:
		var e struct{ Error api.ErrorBody }
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error.Code != "bad_request" {
			t.Fatalf("400 with %q", rec.Body.String())
		}
	default:
		t.Fatalf("answered %d: %s", rec.Code, rec.Body.String())
	}
}

// filePart is what a multipart reader made of one part.
type filePart struct {
	name string
	data string
}

// readParts reads every part of body with r, up to the first error.
func readParts(r *multipart.Reader) ([]filePart, error) {
	var out []filePart
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return out, err
		}
		out = append(out, filePart{name: p.FileName(), data: string(data)})
	}
}

func checkRepairIsInvisible(t *testing.T, body []byte) {
	want, err := readParts(multipart.NewReader(bytes.NewReader(body), "XyZ"))
	if err != nil {
		return // a body the plain reader refuses: the repair may do better, not the same
	}
	repaired := newPartHeaders(bytes.NewReader(body), "XyZ")
	got, err := readParts(multipart.NewReader(repaired, "XyZ"))
	if err != nil {
		t.Fatalf("the plain reader read the body whole, the repaired one failed: %v", err)
	}
	if len(repaired.problems) > 0 {
		return // a header the repair refuses on purpose (too large, say) that the plain reader takes
	}
	if len(got) != len(want) {
		t.Fatalf("%d parts through the repair, %d without", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("part %d: %q through the repair, %q without", i, got[i], want[i])
		}
	}
}
