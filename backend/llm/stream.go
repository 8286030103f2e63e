package llm

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
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

// End is what a provider learned from its stream besides the deltas.
type End struct {
	// Model is the model that answered, as the server named it; empty keeps
	// the model the call asked for (Call.Model).
	Model        string
	Usage        Usage
	FinishReason string
	// Done reports that the protocol's end marker arrived (Ollama's done
	// chunk, OpenAI's [DONE]); without it the reply is incomplete.
	Done bool
	// Unfinished is the message of the ErrStreamInterrupted error for a
	// stream that ended without its end marker.
	Unfinished string
}

// Finish ends a call: it releases held-back text, completes the response
// (whole or partial) with what end reports, and picks the error: the caller's
// own (from its DeltaFunc) first, then err (the transport's), then a stream
// that ended without its end marker.
func (s *Stream) Finish(call Call, end End, err error) (Response, error) {
	_ = s.Flush()
	resp := s.Response()
	resp.Model = cmp.Or(end.Model, call.Model)
	resp.Usage = end.Usage
	resp.FinishReason = end.FinishReason
	switch {
	case s.stopErr != nil:
		return resp, s.stopErr
	case err != nil:
		return resp, err
	case !end.Done:
		return resp, call.Fail(ErrStreamInterrupted, end.Unfinished, nil)
	}
	return resp, nil
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

// NewCallID names a tool call a server sent without an id, so that the
// tool's result can be matched to it later.
func NewCallID() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "call_" + hex.EncodeToString(b)
}
