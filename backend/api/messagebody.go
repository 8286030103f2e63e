package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"sync"

	"lexflow/backend/store"
)

// JSON is a response body already encoded; it is written as it is. (Handing
// encoding/json a json.RawMessage would check and compact every byte again.)
type JSON []byte

// bodyFormat names the encoding of the message bodies this process stores
// and reads: the executable that runs, by size and modification time, taken
// when it starts. Another build may shape or fill a message differently, so
// it never reads these bodies; it encodes its own the first time it needs them.
var bodyFormat = executableStamp()

func executableStamp() string {
	if path, err := os.Executable(); err == nil {
		if fi, err := os.Stat(path); err == nil {
			return fmt.Sprintf("exe:%d:%d", fi.Size(), fi.ModTime().UnixNano())
		}
	}
	b := make([]byte, 8) // unknown: bodies of this process only
	_, _ = rand.Read(b)
	return "process:" + hex.EncodeToString(b)
}

// encodeMessages encodes messages as a message list encodes each of them,
// on every core.
func encodeMessages(ms []store.Message, timelines map[string][]store.TimelineNode) ([][]byte, error) {
	out := make([][]byte, len(ms))
	errs := make([]error, len(ms))
	eachPart(len(ms), func(from, to int) {
		for i := from; i < to; i++ {
			m := messageDTO(ms[i], timelines[ms[i].RunID])
			out[i], errs[i] = json.Marshal(&m) // addressable, as an element of a []Message is
		}
	})
	return out, errors.Join(errs...)
}

// joinBodies writes the messages as a JSON list, each as stored or as made
// now; a message with neither (deleted meanwhile) is left out.
func joinBodies(stored []store.MessageBody, made []store.EncodedBody) JSON {
	byID := make(map[string][]byte, len(made))
	size := 2
	for _, b := range made {
		byID[b.ID] = b.Body
		size += len(b.Body) + 1
	}
	for _, b := range stored {
		size += len(b.Body) + 1
	}
	out := make([]byte, 1, size)
	out[0] = '['
	for _, b := range stored {
		body := b.Body
		if body == nil {
			body = byID[b.ID]
		}
		if body == nil {
			continue
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(out, body...)
	}
	return append(out, ']')
}

// bodyKeeper stores the bodies a response was made of once it is on its way:
// the write waits its turn for the database without holding the response up.
// Its zero value is ready.
type bodyKeeper struct {
	mu sync.Mutex // one store at a time: more would only queue for the write lock
	wg sync.WaitGroup
}

// keep stores the final ones of bodies in the background; see
// store.KeepMessageBodies for why one encoded before a change never lands.
func (k *bodyKeeper) keep(db *store.DB, bodies []store.EncodedBody) {
	if !slices.ContainsFunc(bodies, func(b store.EncodedBody) bool { return b.Final }) {
		return
	}
	k.wg.Go(func() {
		k.mu.Lock()
		defer k.mu.Unlock()
		if _, err := db.KeepMessageBodies(context.Background(), bodyFormat, bodies); err != nil {
			slog.Warn("keep message bodies", "err", err) // the next open encodes them again
		}
	})
}

// wait returns when the stores started so far have ended.
func (k *bodyKeeper) wait() { k.wg.Wait() }
