package server

import (
	"net/http"

	"lexflow/backend/api"
)

// libraryRoutes adds collections, documents, uploads and search.
func libraryRoutes(mux *http.ServeMux, lib *api.LibraryService) {
	mux.Handle("GET /api/collections", handle(func(r *http.Request) (any, error) { return lib.Collections(r.Context()) }))
	mux.Handle("POST /api/collections", created(withBodyFunc(lib.CreateCollection)))
	mux.Handle("GET /api/collections/{id}", handle(withID(lib.Collection)))
	mux.Handle("PUT /api/collections/{id}", handle(withIDBody(lib.UpdateCollection)))
	mux.Handle("DELETE /api/collections/{id}", handle(withID(noValue(lib.DeleteCollection))))
	mux.Handle("GET /api/collections/{id}/documents", handle(withID(lib.Documents)))
	mux.Handle("POST /api/collections/{id}/documents", handle(func(r *http.Request) (any, error) { return upload(r, lib) }))
	mux.Handle("DELETE /api/documents/{id}", handle(withID(noValue(lib.DeleteDocument))))
	mux.Handle("POST /api/documents/{id}/reindex", handle(withID(lib.ReindexDocument)))
	mux.Handle("PUT /api/documents/{id}/title", handle(withIDBody(lib.RenameDocument)))
	mux.Handle("GET /api/documents/{id}/source", handle(withID(lib.Source)))
	mux.Handle("GET /api/documents/{id}/pages/{page}/image", pageImage(lib))
	mux.Handle("GET /api/documents/{id}/pages/{page}/highlight", handle(func(r *http.Request) (any, error) { return pageHighlight(r, lib) }))
	mux.Handle("POST /api/search", handle(withBodyFunc(lib.Search)))
	mux.Handle("POST /api/library/sample", created(func(r *http.Request) (any, error) { return lib.LoadSample(r.Context()) }))
}

// localFileRoutes list and add files by path (the desktop window only).
func localFileRoutes(mux *http.ServeMux, lib *api.LibraryService) {
	mux.Handle("POST /api/local-files", handle(withBodyFunc(lib.LocalFiles)))
	mux.Handle("POST /api/collections/{id}/local-files", handle(withIDBody(lib.IngestLocal)))
}
