package llm

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Inline reasoning markers used by DeepSeek-R1, Qwen3 and similar models when
// the server does not separate reasoning itself.
const (
	thinkOpen  = "<think>"
	thinkClose = "</think>"
)

// ThinkSplitter separates inline <think>…</think> spans from streamed content.
// Chunks may cut a tag (or a UTF-8 sequence) anywhere, so the splitter holds
// back the shortest tail that could still become a tag and releases it once
// the next chunk decides. Whitespace right after a tag is dropped because
// models put a blank line there that is layout, not text.
//
// The zero value is ready to use; it is not safe for concurrent use.
type ThinkSplitter struct {
	inThink bool
	held    string
	trim    bool
}

// Feed consumes one content chunk and returns the deltas it completes, in order.
// Each returned delta holds valid UTF-8 when the whole stream is valid UTF-8.
func (s *ThinkSplitter) Feed(chunk string) []Delta {
	buf := s.held + chunk
	s.held = ""
	var out []Delta
	for buf != "" {
		tag := s.wanted()
		if i := strings.Index(buf, tag); i >= 0 {
			out = s.emit(out, buf[:i])
			buf = buf[i+len(tag):]
			s.inThink = !s.inThink
			s.trim = true
			continue
		}
		keep := max(partialTag(buf, tag), partialRune(buf))
		out = s.emit(out, buf[:len(buf)-keep])
		s.held = buf[len(buf)-keep:]
		break
	}
	return out
}

// Flush releases whatever is held back (a tag that never completed is plain
// text) and returns it as the current kind.
func (s *ThinkSplitter) Flush() []Delta {
	held := s.held
	s.held = ""
	return s.emit(nil, held)
}

// InThink reports whether the stream is inside an unclosed <think> span.
func (s *ThinkSplitter) InThink() bool { return s.inThink }

func (s *ThinkSplitter) wanted() string {
	if s.inThink {
		return thinkClose
	}
	return thinkOpen
}

func (s *ThinkSplitter) kind() DeltaKind {
	if s.inThink {
		return DeltaReasoning
	}
	return DeltaContent
}

// emit appends text as the current kind, merging with a preceding delta of the
// same kind so callers see as few pieces as possible.
func (s *ThinkSplitter) emit(out []Delta, text string) []Delta {
	if s.trim {
		text = strings.TrimLeftFunc(text, unicode.IsSpace)
		s.trim = text == ""
	}
	if text == "" {
		return out
	}
	kind := s.kind()
	if n := len(out); n > 0 && out[n-1].Kind == kind {
		out[n-1].Text += text
		return out
	}
	return append(out, Delta{Kind: kind, Text: text})
}

// partialTag is the length of the longest suffix of buf that is a proper
// prefix of tag, i.e. the bytes that must wait for the next chunk.
func partialTag(buf, tag string) int {
	for k := min(len(tag)-1, len(buf)); k > 0; k-- {
		if strings.HasSuffix(buf, tag[:k]) {
			return k
		}
	}
	return 0
}

// partialRune is the length of an incomplete UTF-8 sequence at the end of buf.
func partialRune(buf string) int {
	for i := len(buf) - 1; i >= 0 && i >= len(buf)-utf8.UTFMax; i-- {
		if !utf8.RuneStart(buf[i]) {
			continue
		}
		if utf8.FullRuneInString(buf[i:]) {
			return 0
		}
		return len(buf) - i
	}
	return 0
}

// Accumulator assembles streamed deltas into a Response: content and reasoning
// are concatenated, tool calls kept in arrival order. The zero value is ready.
type Accumulator struct {
	content   strings.Builder
	reasoning strings.Builder
	calls     []ToolCall
}

// Add appends one delta.
func (a *Accumulator) Add(d Delta) {
	switch d.Kind {
	case DeltaContent:
		a.content.WriteString(d.Text)
	case DeltaReasoning:
		a.reasoning.WriteString(d.Text)
	case DeltaToolCall:
		if d.ToolCall != nil {
			a.calls = append(a.calls, *d.ToolCall)
		}
	}
}

// Response returns what has been accumulated so far.
func (a *Accumulator) Response() Response {
	return Response{
		Content:   a.content.String(),
		Reasoning: a.reasoning.String(),
		ToolCalls: append([]ToolCall(nil), a.calls...),
	}
}

// Accumulate folds a finished list of deltas into a Response.
func Accumulate(deltas []Delta) Response {
	var a Accumulator
	for _, d := range deltas {
		a.Add(d)
	}
	return a.Response()
}
