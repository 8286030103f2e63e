package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"lexflow/backend/api"
)

var errStreaming = errors.New("streaming unsupported by this connection")

// heartbeat keeps idle SSE connections (and the proxies between) alive.
const heartbeat = 15 * time.Second

// events streams one topic as Server-Sent Events, starting after the seq given
// by ?after= or the Last-Event-ID header, so a reconnecting client misses nothing.
func events(hub *api.Hub) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		topic, after, err := topicAndAfter(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		flusher, ok := w.(http.Flusher)
		if !ok {
			writeError(w, r, errStreaming)
			return
		}
		replay, live, cancel := hub.Subscribe(topic, after)
		defer cancel()
		h := w.Header()
		h.Set("Content-Type", "text/event-stream")
		h.Set("Cache-Control", "no-store")
		h.Set("X-Accel-Buffering", "no")
		w.WriteHeader(http.StatusOK)
		for _, ev := range replay {
			writeEvent(w, ev)
		}
		flusher.Flush()
		followLive(r, w, flusher, live, func(ev api.Event) bool {
			writeEvent(w, ev)
			return false
		})
	})
}

// followLive writes live events through send, with a heartbeat, until the
// client goes, the hub drops the subscriber as too slow (the client resumes
// from its last seq), or send says the stream is complete.
func followLive(r *http.Request, w http.ResponseWriter, f http.Flusher, live <-chan api.Event, send func(api.Event) (done bool)) {
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			fmt.Fprint(w, ": ping\n\n")
		case ev, ok := <-live:
			if !ok || send(ev) {
				return
			}
		}
		f.Flush()
	}
}

func writeEvent(w http.ResponseWriter, ev api.Event) {
	data, err := json.Marshal(ev)
	if err != nil {
		data, _ = json.Marshal(api.Event{Seq: ev.Seq, Topic: ev.Topic, Type: "error", Time: ev.Time,
			Data: api.ErrorBody{Code: "internal", Message: "encode event: " + err.Error()}})
	}
	fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", ev.Seq, ev.Type, data)
}

func topicAndAfter(r *http.Request) (string, int64, error) {
	q := r.URL.Query()
	topic := q.Get("topic")
	if topic == "" {
		return "", 0, badQuery("topic", "topic is required")
	}
	after, err := afterSeq(r)
	return topic, after, err
}

// afterSeq is the last event a client saw: ?after= or the Last-Event-ID header.
func afterSeq(r *http.Request) (int64, error) {
	raw := r.URL.Query().Get("after")
	if raw == "" {
		raw = r.Header.Get("Last-Event-ID")
	}
	if raw == "" {
		return 0, nil
	}
	after, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || after < 0 {
		return 0, badQuery("after", "after must be a non-negative event number")
	}
	return after, nil
}

func badQuery(field, msg string) error {
	return &api.Error{Status: http.StatusBadRequest, Body: api.ErrorBody{Code: "bad_request", Message: msg, Field: field}}
}
