package runs

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"lexflow/backend/engine"
	"lexflow/backend/llm"
)

// The stored payload is byte for byte what encoding/json makes of the event,
// for every field, omitted or not, and for strings it must escape.
func TestEncodeEventMatchesJSON(t *testing.T) {
	at := time.Date(2026, 5, 1, 9, 30, 15, 123456789, time.UTC)
	full := engine.Event{Seq: 7, Kind: engine.NodeRunSucceeded, RunID: "r-1", Time: at, NodeID: "llm", NodeType: "llm",
		Title: "Ask <model> & \"friends\"", Status: engine.StatusSucceeded, PredecessorID: "start",
		StartedAt: at.Add(-time.Second), FinishedAt: at, Elapsed: time.Second,
		Inputs:      map[string]any{"q": "ﬁne\u2028line", "n": 3},
		Outputs:     map[string]engine.Value{"text": engine.ValueOf("مرحبا 👋"), "inf": engine.ValueOf(math.Inf(1))},
		ProcessData: map[string]any{"prompt": []any{"a", 1.5}}, Usage: &llm.Usage{PromptTokens: 3, CompletionTokens: 4},
		Handle: "true", Selector: engine.Selector{"answer", "answer"}, From: engine.Selector{"llm", "text"},
		Chunk: "tab\there\nnewline", Response: true, Error: "bad \x01 byte \xff", ErrorType: "timeout", Attempt: 2,
		RetryIn: time.Millisecond, IsVirtual: true, ParentNodeID: "p", ExtractionSource: "s", ExtractionPrompt: "x",
		Answer: "done", Conversation: map[string]engine.Value{"turns": engine.Number(2)}}
	cases := map[string]engine.Event{
		"run started":   {Seq: 1, Kind: engine.RunStarted, RunID: "r-1", Time: at},
		"every field":   full,
		"zero event":    {},
		"local zone":    {Seq: 2, Kind: engine.NodeRunStarted, Time: at.In(time.FixedZone("x", -(3*3600 + 30*60)))},
		"year 10000":    {Seq: 3, Kind: engine.RunFailed, Time: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		"zone of 25h":   {Seq: 4, Kind: engine.RunFailed, Time: at.In(time.FixedZone("far", 25*3600))},
		"unencodable":   {Seq: 5, Kind: engine.NodeRunFailed, Inputs: map[string]any{"c": make(chan int)}},
		"empty maps":    {Seq: 6, Kind: engine.NodeRunSucceeded, Inputs: map[string]any{}, Selector: engine.Selector{}},
		"negative time": {Seq: 7, Kind: engine.NodeRunSucceeded, Elapsed: -5, Attempt: -1},
	}
	for name, ev := range cases {
		if got, want := encodeEvent(ev), marshalEvent(ev); got != want {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want)
		}
	}
	// A field added to engine.Event must be set above, so the comparison
	// fails until encodeEvent writes it too.
	v := reflect.ValueOf(full)
	for i := range v.NumField() {
		if f := v.Type().Field(i); f.Tag.Get("json") != "-" && v.Field(i).IsZero() {
			t.Errorf("the every-field event leaves %s unset", f.Name)
		}
	}
}

// Random events, each field set or not, encode as encoding/json does.
func TestEncodeEventMatchesJSONRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	texts := []string{"", "n1", "a<b", "a>b", "a\"b\\c", "é", "\u2029", "\x7f", "\xc3", "x&y", "line\r\n"}
	pick := func() string {
		if rng.IntN(2) == 0 {
			return ""
		}
		return texts[rng.IntN(len(texts))]
	}
	for i := range 2000 {
		ev := engine.Event{Seq: rng.Int64N(1000), Kind: engine.EventKind(pick()), RunID: pick(),
			Time: time.Unix(rng.Int64N(4e9), rng.Int64N(1e9)), NodeID: pick(), NodeType: pick(), Title: pick(),
			Status: engine.Status(pick()), PredecessorID: pick(), Handle: pick(), Chunk: pick(), Error: pick(),
			ErrorType: pick(), ParentNodeID: pick(), ExtractionSource: pick(), ExtractionPrompt: pick(), Answer: pick(),
			Elapsed: time.Duration(rng.IntN(3)), Attempt: rng.IntN(3), RetryIn: time.Duration(rng.IntN(2)),
			Response: rng.IntN(2) == 0, IsVirtual: rng.IntN(2) == 0}
		if rng.IntN(2) == 0 {
			ev.StartedAt, ev.FinishedAt = ev.Time.Add(-time.Second), ev.Time
		}
		if rng.IntN(3) == 0 {
			ev.Outputs = map[string]engine.Value{pick(): engine.ValueOf(pick())}
		}
		if got, want := encodeEvent(ev), marshalEvent(ev); got != want {
			t.Fatalf("event %d:\n got %s\nwant %s", i, got, want)
		}
	}
}

// The payload decodes back into the event it came from.
func TestEncodeEventRoundTrips(t *testing.T) {
	ev := engine.Event{Seq: 9, Kind: engine.NodeRunStarted, RunID: "r", Time: time.Now(), NodeID: "n", Attempt: 1}
	var back engine.Event
	if err := json.Unmarshal([]byte(encodeEvent(ev)), &back); err != nil || !back.Time.Equal(ev.Time) || back.NodeID != "n" {
		t.Fatalf("decoded %+v, %v", back, err)
	}
}
