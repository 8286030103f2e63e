// Package server exposes the api services over HTTP. Routes is the API alone,
// which the desktop window also uses as its asset-server handler; New wraps it
// with the `serve` face's guards and the embedded UI.
package server

import (
	"context"
	"net/http"

	"lexflow/backend/api"
)

// Routes returns the /api/ handler over the services: the browser face's.
func Routes(svc *api.Services) http.Handler { return routes(svc, false) }

// DesktopRoutes is Routes plus what only the desktop window may ask: adding
// files by their paths on this machine, which its native file drop hands
// over. A web page must never make the backend read a file it names, so the
// browser face has no such route.
func DesktopRoutes(svc *api.Services) http.Handler { return routes(svc, true) }

func routes(svc *api.Services, desktop bool) http.Handler {
	mux := http.NewServeMux()
	p := svc.Providers
	mux.Handle("GET /api/system", handle(func(r *http.Request) (any, error) { return svc.System.Info(r.Context()) }))
	mux.Handle("GET /api/ocr/languages", handle(func(r *http.Request) (any, error) { return svc.System.OCRLanguages(r.Context()) }))

	mux.Handle("GET /api/providers", handle(func(r *http.Request) (any, error) { return p.List(r.Context()) }))
	mux.Handle("POST /api/providers", created(withBodyFunc(p.Create)))
	mux.Handle("POST /api/providers/check", handle(withBodyFunc(func(ctx context.Context, in api.ProviderInput) (api.ProviderTest, error) {
		return p.Check(ctx, "", in)
	})))
	mux.Handle("POST /api/providers/{id}/check", handle(withIDBody(p.Check)))
	mux.Handle("GET /api/providers/{id}", handle(withID(p.Get)))
	mux.Handle("PUT /api/providers/{id}", handle(withIDBody(p.Update)))
	mux.Handle("DELETE /api/providers/{id}", handle(withID(noValue(p.Delete))))
	mux.Handle("POST /api/providers/{id}/test", handle(withID(p.Test)))
	mux.Handle("GET /api/providers/{id}/models", handle(withID(p.Models)))
	mux.Handle("POST /api/providers/{id}/try", accepted(withIDBody(p.Try)))

	mux.Handle("GET /api/settings", handle(func(r *http.Request) (any, error) { return svc.Settings.Get(r.Context()) }))
	mux.Handle("PUT /api/settings", withBody(svc.Settings.Put))
	mux.Handle("GET /api/settings/default-model", handle(func(r *http.Request) (any, error) { return svc.Settings.Default(r.Context()) }))

	d := svc.Diagnostics
	mux.Handle("POST /api/diagnostics/event-check", accepted(withBodyFunc(d.EventCheck)))
	mux.Handle("GET /api/diagnostics/selftest", handle(func(r *http.Request) (any, error) { return d.SelfTest(r.Context()) }))
	mux.Handle("POST /api/diagnostics/selftest", handle(withBodyFunc(noValue(d.ReportSelfTest))))
	mux.Handle("POST /api/diagnostics/selftest/stage", handle(withBodyFunc(noValue(d.ReportSelfTestStage))))

	libraryRoutes(mux, svc.Library)
	if desktop {
		localFileRoutes(mux, svc.Library)
	}
	runRoutes(mux, svc)
	chatRoutes(mux, svc.Chat)

	mux.Handle("GET /api/events", events(svc.Events))
	mux.Handle("GET /api/events/replay", handle(func(r *http.Request) (any, error) {
		topic, after, err := topicAndAfter(r)
		if err != nil {
			return nil, err
		}
		return svc.Events.Since(topic, after), nil
	}))
	mux.Handle("/api/", handle(func(r *http.Request) (any, error) {
		return nil, &api.Error{Status: http.StatusNotFound, Body: api.ErrorBody{Code: "not_found", Message: "no such API route: " + r.Method + " " + r.URL.Path}}
	}))
	return mux
}
