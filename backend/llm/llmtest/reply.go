package llmtest

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"lexflow/backend/llm"
)

// PartKind is what a reply part streams as.
type PartKind string

const (
	// PartContent streams as content.
	PartContent PartKind = "content"
	// PartReasoning streams as separated reasoning: Ollama message.thinking,
	// OpenAI delta.reasoning_content.
	PartReasoning PartKind = "reasoning"
	// PartThink streams inline as <think>…</think> inside content, cut into
	// small pieces so that the tags straddle chunks.
	PartThink PartKind = "think"
	// PartToolCall streams a tool call: whole in one Ollama chunk, split
	// across several OpenAI chunks (id and name first, arguments in pieces).
	PartToolCall PartKind = "tool_call"
)

// Part is one ordered piece of a scripted reply.
type Part struct {
	Kind PartKind
	Text string
	Tool ToolCall
}

// ToolCall is a scripted tool call.
type ToolCall struct {
	// ID is sent when set; when empty OpenAI replies get call_<n> and Ollama
	// replies carry no id, as older Ollama versions do.
	ID   string
	Name string
	Args json.RawMessage
}

// Content is a content part.
func Content(text string) Part { return Part{Kind: PartContent, Text: text} }

// Reasoning is a separated-reasoning part.
func Reasoning(text string) Part { return Part{Kind: PartReasoning, Text: text} }

// Think is an inline <think> part.
func Think(text string) Part { return Part{Kind: PartThink, Text: text} }

// Tool is a tool-call part; args is marshaled to JSON ({} if it cannot be).
func Tool(name string, args any) Part {
	raw, err := json.Marshal(args)
	if err != nil || args == nil {
		raw = []byte("{}")
	}
	return Part{Kind: PartToolCall, Tool: ToolCall{Name: name, Args: raw}}
}

// Reply is one scripted answer to a chat request.
type Reply struct {
	Parts []Part
	// Usage is reported as given; zero counts words of the request for the
	// prompt and streamed pieces for the completion.
	Usage llm.Usage
	// Chunk is the number of runes per streamed piece of text; zero cuts
	// text after every space (and think parts every 3 runes).
	Chunk int
	// Delay is the pause before each streamed frame.
	Delay time.Duration
	// Fault makes the reply fail on purpose.
	Fault Fault
	// Finish overrides the finish reason ("stop", or "tool_calls" on OpenAI
	// when the reply has tool calls).
	Finish string
}

// Text is a reply with one content part.
func Text(s string) Reply { return Reply{Parts: []Part{Content(s)}} }

// Fail is a reply that fails with fault.
func Fail(f Fault) Reply { return Reply{Fault: f} }

// Echo is the reply to unscripted requests: "You said: <last user message>",
// or the same as {"answer": …, "citations": []} when JSON was asked for
// (and with "answerable": true, as the cited-answer schema wants, when a
// schema was).
func Echo(req Request) Reply {
	text := "You said: " + req.LastUser()
	if req.JSON {
		text = answerJSON(req, true, text, []any{})
	}
	return Text(text)
}

// answerJSON renders a cited answer as JSON: {"answer", "citations"}, and
// under a schema the cited-answer schema's shape, led by "answerable".
func answerJSON(req Request, answerable bool, answer string, citations []any) string {
	obj := map[string]any{"answer": answer, "citations": citations}
	if len(req.Schema) > 0 {
		obj["answerable"] = answerable
	}
	raw, _ := json.Marshal(obj)
	return string(raw)
}

// piece is one streamed unit: a span of text of one kind, or a tool call.
type piece struct {
	kind PartKind // content, reasoning or tool_call (think parts become content)
	text string
	tool ToolCall
}

// pieces cuts a reply into the units both protocols stream.
func (r Reply) pieces() []piece {
	var out []piece
	for _, p := range r.Parts {
		switch p.Kind {
		case PartToolCall:
			out = append(out, piece{kind: PartToolCall, tool: p.Tool})
		case PartThink:
			out = appendText(out, PartContent, "<think>"+p.Text+"</think>", cmp.Or(r.Chunk, 3))
		default:
			out = appendText(out, p.Kind, p.Text, r.Chunk)
		}
	}
	return out
}

func appendText(out []piece, kind PartKind, text string, runes int) []piece {
	for _, s := range splitText(text, runes) {
		out = append(out, piece{kind: kind, text: s})
	}
	return out
}

// splitText cuts text into pieces of n runes, or after every space when n is zero.
func splitText(text string, n int) []string {
	if text == "" {
		return nil
	}
	if n <= 0 {
		words := strings.SplitAfter(text, " ")
		return slices.DeleteFunc(words, func(w string) bool { return w == "" })
	}
	var out []string
	r := []rune(text)
	for len(r) > n {
		out = append(out, string(r[:n]))
		r = r[n:]
	}
	return append(out, string(r))
}

// usage is what the reply reports: as scripted, or counted.
func (r Reply) usage(req Request, pieces []piece) llm.Usage {
	if r.Usage != (llm.Usage{}) {
		return r.Usage
	}
	prompt := 0
	for _, m := range req.Messages {
		prompt += len(strings.Fields(m.Content)) + 1
	}
	return llm.Usage{PromptTokens: prompt, CompletionTokens: len(pieces)}
}

// joinText joins the pieces of one kind, for non-streamed replies.
func joinText(pieces []piece, kind PartKind) string {
	var b strings.Builder
	for _, p := range pieces {
		if p.kind == kind {
			b.WriteString(p.text)
		}
	}
	return b.String()
}

func toolCalls(pieces []piece) []ToolCall {
	var out []ToolCall
	for _, p := range pieces {
		if p.kind == PartToolCall {
			out = append(out, p.tool)
		}
	}
	return out
}

// Echoing is a Responder that answers like an unscripted model (see Echo),
// with delay before each frame and fault applied: fault tests get real
// content streamed before the fault strikes.
func Echoing(delay time.Duration, fault Fault) Responder {
	return func(req Request) Reply {
		r := Echo(req)
		r.Delay = delay
		r.Fault = fault
		return r
	}
}
