package runs

import (
	"encoding/json"

	"lexflow/backend/engine"
)

// encodeEvent is an event's stored payload: json.Marshal(ev), so replay and
// the live stream agree, or an error object when the event cannot be encoded
// (an output holding NaN, say).
func encodeEvent(ev engine.Event) string {
	payload, err := json.Marshal(ev)
	if err != nil {
		payload, _ = json.Marshal(map[string]string{"error": "encode event: " + err.Error()})
	}
	return string(payload)
}
