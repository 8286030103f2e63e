package server

import (
	"fmt"
	"net/http"

	"lexflow/backend/api"
)

// chatRoutes adds conversations, their messages, answer audits and replays.
func chatRoutes(mux *http.ServeMux, c *api.ChatService) {
	mux.Handle("GET /api/conversations", handle(func(r *http.Request) (any, error) { return c.List(r.Context()) }))
	mux.Handle("POST /api/conversations", created(withBodyFunc(c.Create)))
	mux.Handle("PATCH /api/conversations/{id}", handle(withIDBody(c.Rename)))
	mux.Handle("DELETE /api/conversations/{id}", handle(withID(noValue(c.Delete))))
	mux.Handle("GET /api/conversations/{id}/messages", handle(withID(c.Messages)))
	mux.Handle("POST /api/conversations/{id}/messages", accepted(withIDBody(c.Send)))
	mux.Handle("GET /api/conversations/{id}/export", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		md, err := c.Export(r.Context(), r.PathValue("id"))
		if err != nil {
			writeError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="conversation-%s.md"`, r.PathValue("id")))
		w.Write([]byte(md))
	}))
	mux.Handle("POST /api/messages/{id}/regenerate", accepted(withIDBody(c.Regenerate)))
	mux.Handle("POST /api/messages/{id}/stop", handle(withID(noValue(c.Stop))))
	mux.Handle("GET /api/messages/{id}/generation", handle(withID(c.MessageGeneration)))
	mux.Handle("GET /api/generations/{id}", handle(withID(c.Generation)))
	mux.Handle("POST /api/generations/{id}/replay", handle(withIDBody(c.Replay)))
}
