package runs

import (
	"encoding/json"
	"errors"
	"strconv"
	"time"
	"unicode/utf8"

	"lexflow/backend/engine"
)

// encodeEvent is an event's stored payload: exactly the bytes of
// json.Marshal(ev), so replay and the live stream agree. It is written field
// by field because reflection-driven encoding was the recorder's largest
// cost per event; the free-form fields (maps, selectors, usage) still go
// through encoding/json. The field order and omit rules follow engine.Event's
// tags, and a test holds the two encodings equal.
func encodeEvent(ev engine.Event) string {
	var e eventEncoder
	return e.encode(ev)
}

// eventEncoder is encodeEvent with a buffer kept from one event to the next;
// it is not safe for concurrent use.
type eventEncoder struct{ w payloadWriter }

func (e *eventEncoder) encode(ev engine.Event) string {
	w := &e.w
	*w = payloadWriter{b: w.b[:0]}
	w.eventHead(ev)
	w.eventNode(ev)
	w.eventData(ev)
	w.eventTail(ev)
	if w.err != nil { // something encoding/json would refuse: let it say what
		return marshalEvent(ev)
	}
	w.b = append(w.b, '}')
	return string(w.b)
}

// marshalEvent is an event's payload through encoding/json, or an error
// object when the event cannot be encoded.
func marshalEvent(ev engine.Event) string {
	payload, err := json.Marshal(ev)
	if err != nil {
		payload, _ = json.Marshal(map[string]string{"error": "encode event: " + err.Error()})
	}
	return string(payload)
}

func (w *payloadWriter) eventHead(ev engine.Event) {
	w.b = append(w.b, `{"seq":`...)
	w.b = strconv.AppendInt(w.b, ev.Seq, 10)
	w.str("kind", string(ev.Kind))
	w.str("run_id", ev.RunID)
	w.time("time", ev.Time)
}

func (w *payloadWriter) eventNode(ev engine.Event) {
	w.optStr("node_id", ev.NodeID)
	w.optStr("node_type", ev.NodeType)
	w.optStr("title", ev.Title)
	w.optStr("status", string(ev.Status))
	w.optStr("predecessor_node_id", ev.PredecessorID)
	if !ev.StartedAt.IsZero() {
		w.time("started_at", ev.StartedAt)
	}
	if !ev.FinishedAt.IsZero() {
		w.time("finished_at", ev.FinishedAt)
	}
	w.optInt("elapsed", int64(ev.Elapsed))
}

func (w *payloadWriter) eventData(ev engine.Event) {
	if len(ev.Inputs) > 0 {
		w.value("inputs", ev.Inputs)
	}
	if len(ev.Outputs) > 0 {
		w.value("outputs", ev.Outputs)
	}
	if len(ev.ProcessData) > 0 {
		w.value("process_data", ev.ProcessData)
	}
	if ev.Usage != nil {
		w.value("usage", ev.Usage)
	}
	w.optStr("handle", ev.Handle)
	if len(ev.Selector) > 0 {
		w.value("selector", ev.Selector)
	}
	if len(ev.From) > 0 {
		w.value("from", ev.From)
	}
	w.optStr("chunk", ev.Chunk)
	w.optBool("response", ev.Response)
}

func (w *payloadWriter) eventTail(ev engine.Event) {
	w.optStr("error", ev.Error)
	w.optStr("error_type", ev.ErrorType)
	w.optInt("attempt", int64(ev.Attempt))
	w.optInt("retry_in", int64(ev.RetryIn))
	w.optBool("is_virtual", ev.IsVirtual)
	w.optStr("parent_node_id", ev.ParentNodeID)
	w.optStr("extraction_source", ev.ExtractionSource)
	w.optStr("extraction_prompt", ev.ExtractionPrompt)
	w.optStr("answer", ev.Answer)
	if len(ev.Conversation) > 0 {
		w.value("conversation", ev.Conversation)
	}
}

// payloadWriter appends the members of a JSON object after its first one;
// err keeps the first value encoding/json would have refused.
type payloadWriter struct {
	b   []byte
	err error
}

func (w *payloadWriter) key(k string) {
	w.b = append(w.b, ',', '"')
	w.b = append(w.b, k...)
	w.b = append(w.b, '"', ':')
}

func (w *payloadWriter) str(k, s string) {
	w.key(k)
	w.b = appendString(w.b, s)
}

func (w *payloadWriter) optStr(k, s string) {
	if s != "" {
		w.str(k, s)
	}
}

func (w *payloadWriter) optInt(k string, n int64) {
	if n != 0 {
		w.key(k)
		w.b = strconv.AppendInt(w.b, n, 10)
	}
}

func (w *payloadWriter) optBool(k string, v bool) {
	if v {
		w.key(k)
		w.b = append(w.b, "true"...)
	}
}

// time writes t as time.Time's MarshalJSON does, refusing what it refuses.
func (w *payloadWriter) time(k string, t time.Time) {
	w.key(k)
	w.b = append(w.b, '"')
	at := len(w.b)
	w.b = t.AppendFormat(w.b, time.RFC3339Nano)
	if !strictRFC3339(w.b[at:]) && w.err == nil {
		w.err = errors.New("time outside RFC 3339")
	}
	w.b = append(w.b, '"')
}

// strictRFC3339 reports whether an RFC3339Nano text is one MarshalJSON
// accepts: a four-digit year and a zone offset under 24 hours.
func strictRFC3339(b []byte) bool {
	if len(b) < len("2006-01-02T15:04:05Z") || b[4] != '-' {
		return false
	}
	if b[len(b)-1] == 'Z' {
		return true
	}
	off := b[len(b)-len("Z07:00"):]
	if off[0] != '+' && off[0] != '-' {
		return false
	}
	return (off[1]-'0')*10+(off[2]-'0') < 24
}

// value writes v through encoding/json.
func (w *payloadWriter) value(k string, v any) {
	raw, err := json.Marshal(v)
	if err != nil && w.err == nil {
		w.err = err
	}
	w.key(k)
	w.b = append(w.b, raw...)
}

// appendString writes s as a JSON string. Printable ASCII other than the
// characters encoding/json escapes is copied as it is; any other string goes
// through encoding/json, which owns the rules for escapes and bad UTF-8.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			raw, _ := json.Marshal(s)
			return append(b, raw...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
