package server

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"

	"lexflow/backend/api"
)

// upload streams every file part of a multipart body into the library, one at
// a time, never holding a whole file in memory. Each part is a transaction of
// its own: the answer lists every file part's outcome in body order, a part
// with a bad name or header is that part's error, and a body that breaks off
// ends the list with where it broke (the parts before it stay added).
func upload(r *http.Request, lib *api.LibraryService) ([]api.UploadResult, error) {
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" || params["boundary"] == "" {
		return nil, badQuery("files", "upload files as multipart/form-data")
	}
	headers := newPartHeaders(r.Body, params["boundary"])
	mr := multipart.NewReader(headers, params["boundary"])
	out := []api.UploadResult{}
	for i := 0; ; i++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if len(out) == 0 {
				return nil, badQuery("files", "read upload: "+err.Error())
			}
			return append(out, brokeOff(i+1, err)), nil
		}
		if res, ok := uploadPart(r, lib, i+1, part, headers.problem(i)); ok {
			out = append(out, res)
		}
		part.Close()
	}
	if len(out) == 0 {
		return nil, badQuery("files", "the upload holds no files")
	}
	return out, nil
}

// uploadPart adds one part's file; ok is false for a part that is no file
// (a plain form field).
func uploadPart(r *http.Request, lib *api.LibraryService, n int, part *multipart.Part, problem string) (api.UploadResult, bool) {
	name := part.FileName()
	if problem == "" && name == "" && strings.Contains(part.Header.Get("Content-Disposition"), "filename") {
		problem = problemMalform + ": its file name could not be read"
	}
	if problem != "" {
		return api.UploadResult{Part: n, Name: name, Error: &api.ErrorBody{Code: "bad_request", Message: problem, Field: "name"}}, true
	}
	if name == "" {
		return api.UploadResult{}, false
	}
	body := &watchedPart{Reader: part}
	res := lib.Upload(r.Context(), r.PathValue("id"), name, body)
	if res.Error != nil && res.Error.Code == "internal" && body.err != nil {
		res.Error = &api.ErrorBody{Code: "bad_request", Field: "files", Message: "read upload: " + body.err.Error()}
	}
	res.Part = n
	return res, true
}

// watchedPart is a part's body that remembers a failed read: a file the
// request broke off in (cut short, too slow) is the client's error, not ours.
type watchedPart struct {
	io.Reader
	err error
}

func (w *watchedPart) Read(p []byte) (int, error) {
	n, err := w.Reader.Read(p)
	if err != nil && err != io.EOF {
		w.err = err
	}
	return n, err
}

// brokeOff is the outcome that ends the list when the body itself cannot be
// read on: part n and any after it were not added.
func brokeOff(n int, err error) api.UploadResult {
	return api.UploadResult{Part: n, Error: &api.ErrorBody{Code: "bad_request", Field: "files",
		Message: fmt.Sprintf("the upload broke off at part %d (%v); it and any parts after it were not added", n, err)}}
}
