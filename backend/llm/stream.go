package llm

import (
	"encoding/json"
	"time"
)

// Stream is the single path a provider's streamed pieces take: inline <think>
// spans are split out of content, every piece reaches the caller's DeltaFunc in
// order, and everything is accumulated so that Chat can return the whole (or,
// after a failure, the partial) Response. Providers own one Stream per call.
type Stream struct {
	onDelta DeltaFunc
	start   time.Time
	first   time.Duration
	split   ThinkSplitter
	acc     Accumulator
	stopErr error
}

// NewStream starts a stream whose timings count from start. onDelta may be nil.
func NewStream(start time.Time, onDelta DeltaFunc) *Stream {
	return &Stream{onDelta: onDelta, start: start}
}

// Content feeds a content chunk, which may carry inline <think> tags.
func (s *Stream) Content(text string) error {
	return s.deliver(s.split.Feed(text))
}

// Reasoning feeds reasoning the server already separated (Ollama
// message.thinking, OpenAI reasoning_content). Held-back content is released
// first so the order of pieces stays the order they arrived in.
func (s *Stream) Reasoning(text string) error {
	if text == "" {
		return s.stopErr
	}
	return s.deliver(append(s.split.Flush(), Delta{Kind: DeltaReasoning, Text: text}))
}

// ToolCall delivers one whole tool call.
func (s *Stream) ToolCall(call ToolCall) error {
	return s.deliver(append(s.split.Flush(), Delta{Kind: DeltaToolCall, ToolCall: &call}))
}

// Flush releases held-back text; call it when the provider's stream ends,
// successfully or not, so that nothing is lost.
func (s *Stream) Flush() error {
	return s.deliver(s.split.Flush())
}

// Stopped returns the error the DeltaFunc returned, if it stopped the stream.
func (s *Stream) Stopped() error { return s.stopErr }

// Response returns what was streamed so far, with FirstToken and Latency
// measured from the start time.
func (s *Stream) Response() Response {
	r := s.acc.Response()
	r.FirstToken = s.first
	r.Latency = time.Since(s.start)
	return r
}

// deliver accumulates every piece (so a stopped stream still returns it) and
// hands it to the callback until the callback refuses.
func (s *Stream) deliver(deltas []Delta) error {
	for _, d := range deltas {
		if s.first == 0 {
			s.first = max(time.Since(s.start), time.Nanosecond)
		}
		s.acc.Add(d)
		if s.stopErr == nil && s.onDelta != nil {
			s.stopErr = s.onDelta(d)
		}
	}
	return s.stopErr
}

// RawArgs turns tool-call arguments as a server sent them into valid JSON:
// empty becomes {}, valid JSON is kept, anything else (say, arguments cut off
// by a broken stream) is kept verbatim as a JSON string, so that the Response
// can always be marshaled and nothing the model produced is dropped.
func RawArgs(s string) json.RawMessage {
	switch {
	case s == "":
		return json.RawMessage("{}")
	case json.Valid([]byte(s)):
		return json.RawMessage(s)
	default:
		quoted, _ := json.Marshal(s)
		return quoted
	}
}
