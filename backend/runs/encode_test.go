package runs

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"lexflow/backend/engine"
)

// An event encoding/json refuses is still stored, as an object saying why,
// so a run with an odd output keeps its trace.
func TestEncodeEventKeepsWhatCannotBeEncoded(t *testing.T) {
	ev := engine.Event{Seq: 3, Kind: engine.NodeRunSucceeded, RunID: "r", NodeID: "llm",
		ProcessData: map[string]any{"score": math.NaN()}}
	var got map[string]string
	if err := json.Unmarshal([]byte(encodeEvent(ev)), &got); err != nil || !strings.HasPrefix(got["error"], "encode event:") {
		t.Fatalf("payload %v, %v", got, err)
	}
	ev.ProcessData = map[string]any{"score": 0.5}
	var back engine.Event
	if err := json.Unmarshal([]byte(encodeEvent(ev)), &back); err != nil || back.Seq != 3 || back.NodeID != "llm" {
		t.Fatalf("decoded %+v, %v", back, err)
	}
}
