package server

import (
	"log/slog"
	"net/http"
	"strconv"

	"lexflow/backend/api"
)

// pageImage answers a page of a PDF drawn as PNG. The image of a page never
// changes while the document exists, so the browser may keep it a while.
func pageImage(lib *api.LibraryService) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := pathInt(r, "page")
		var width int
		if err == nil {
			width, err = queryInt(r, "width", 0)
		}
		var png []byte
		if err == nil {
			png, err = lib.PageImage(r.Context(), r.PathValue("id"), n, width)
		}
		if err != nil {
			writeError(w, r, err)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "image/png")
		h.Set("Content-Length", strconv.Itoa(len(png)))
		h.Set("Cache-Control", "private, max-age=3600")
		if _, err := w.Write(png); err != nil {
			slog.Debug("write page image", "err", err)
		}
	})
}

// pageHighlight places ?start=&end= (code points of the document's text) on a page.
func pageHighlight(r *http.Request, lib *api.LibraryService) (api.PageHighlight, error) {
	n, err := pathInt(r, "page")
	if err != nil {
		return api.PageHighlight{}, err
	}
	start, err := queryInt(r, "start", -1)
	if err != nil {
		return api.PageHighlight{}, err
	}
	end, err := queryInt(r, "end", -1)
	if err != nil {
		return api.PageHighlight{}, err
	}
	if start < 0 || end < 0 {
		return api.PageHighlight{}, badQuery("start", "give the span to highlight as ?start=&end=")
	}
	return lib.PageHighlight(r.Context(), r.PathValue("id"), n, start, end)
}

// pathInt reads a positive number from the path.
func pathInt(r *http.Request, name string) (int, error) {
	n, err := strconv.Atoi(r.PathValue(name))
	if err != nil || n < 1 {
		return 0, badQuery(name, name+" must be a number from 1")
	}
	return n, nil
}

// queryInt reads a non-negative number from the query; missing gives def.
func queryInt(r *http.Request, name string, def int) (int, error) {
	raw := r.URL.Query().Get(name)
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 0 {
		return 0, badQuery(name, name+" must be a whole number, 0 or more")
	}
	return n, nil
}
