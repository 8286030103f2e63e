package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/llm"
)

// The ReAct protocol's line labels.
const (
	labelThought     = "Thought:"
	labelAction      = "Action:"
	labelInput       = "Action Input:"
	labelFinal       = "Final Answer:"
	labelObservation = "Observation:"
)

// withReActPrompt describes the tools and the protocol at the end of the
// system prompt (a system message is added when there is none).
func withReActPrompt(msgs []llm.Message, tools []llm.Tool) []llm.Message {
	out := append([]llm.Message(nil), msgs...)
	protocol := reactProtocol(tools)
	for i, m := range out {
		if m.Role == llm.RoleSystem {
			out[i].Content = strings.TrimSpace(m.Content) + "\n\n" + protocol
			return out
		}
	}
	return append([]llm.Message{{Role: llm.RoleSystem, Content: protocol}}, out...)
}

func reactProtocol(tools []llm.Tool) string {
	var b strings.Builder
	b.WriteString("You can use these tools:\n\n")
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
		fmt.Fprintf(&b, "- %s: %s\n  Arguments (JSON Schema): %s\n", t.Name, t.Description, compactJSON(t.Parameters))
	}
	fmt.Fprintf(&b, `
To use a tool, write exactly these lines and then stop:
%s <what you need to find out and why>
%s <one of: %s>
%s <the arguments, as one JSON object on one line>

The result comes back to you as "%s <result>". Use tools as many times as you need.
When you can answer, write:
%s <your reasoning>
%s <your answer to the user>`, labelThought, labelAction, strings.Join(names, ", "), labelInput, labelObservation,
		labelThought, labelFinal)
	return b.String()
}

func compactJSON(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "{}"
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// reactCall makes one ReAct round: the model's text is parsed as it
// streams into reasoning (Thought), a tool call (Action + Action Input) and
// content (Final Answer, or a reply that follows no protocol at all).
func (l *loop) reactCall(ctx context.Context, req llm.Request, final bool) ([]llm.ToolCall, error) {
	req.Stop = append(append([]string(nil), req.Stop...), labelObservation)
	p := reactParser{emit: l.emit}
	resp, err := l.chat(ctx, req, func(d llm.Delta) error {
		if d.Kind == llm.DeltaContent {
			return p.feed(d.Text)
		}
		return l.emit(d) // separated reasoning (thinking, <think>) passes through
	})
	if ferr := p.finish(); err == nil {
		err = ferr
	}
	if err != nil {
		return nil, err
	}
	call, ok := p.call()
	if !ok {
		return nil, nil
	}
	l.msgs = append(l.msgs, llm.Message{Role: llm.RoleAssistant, Content: strings.TrimSpace(cutAt(resp.Content, labelObservation))})
	return []llm.ToolCall{call}, nil
}

// parser modes.
type reactMode int

const (
	modeStart   reactMode = iota // nothing read yet
	modeThought                  // after "Thought:": reasoning
	modeAction                   // after "Action:": the tool's name
	modeInput                    // after "Action Input:": the arguments
	modeFinal                    // after "Final Answer:": content
	modePlain                    // a reply without labels: content, unless an Action follows
)

// reactParser turns streamed ReAct text into deltas. It holds back only
// the few characters that might be the start of a label.
type reactParser struct {
	emit   func(llm.Delta) error
	mode   reactMode
	buf    string
	fresh  bool // the next text emitted starts a section: trim its leading space
	action strings.Builder
	input  strings.Builder
}

var labelsAfterThought = []string{labelAction, labelFinal, labelThought}

func (p *reactParser) feed(text string) error {
	p.buf += text
	for {
		progressed, err := p.step()
		if err != nil || !progressed {
			return err
		}
	}
}

// step consumes what it can of the buffer; false when it needs more text.
func (p *reactParser) step() (bool, error) {
	switch p.mode {
	case modeStart:
		return p.start(), nil
	case modeThought:
		return p.section(llm.DeltaReasoning, labelsAfterThought)
	case modePlain:
		return p.section(llm.DeltaContent, []string{"\n" + labelAction, "\n" + labelThought})
	case modeFinal:
		err := p.out(llm.DeltaContent, p.buf)
		p.buf = ""
		return false, err
	case modeAction:
		return p.collect(&p.action, labelInput, modeInput), nil
	default: // modeInput
		p.input.WriteString(p.buf)
		p.buf = ""
		return false, nil
	}
}

// start decides from the first characters whether the reply follows the protocol.
func (p *reactParser) start() bool {
	s := strings.TrimLeft(p.buf, " \t\r\n")
	if s == "" {
		return false
	}
	for _, label := range []string{labelThought, labelAction, labelFinal} {
		if strings.HasPrefix(s, label) {
			p.buf = s[len(label):]
			p.switchTo(label)
			return true
		}
		if strings.HasPrefix(label, s) {
			return false // could still become this label
		}
	}
	p.buf, p.mode, p.fresh = s, modePlain, true
	return true
}

// section emits text of one kind until one of the labels; the label
// switches the mode.
func (p *reactParser) section(kind llm.DeltaKind, labels []string) (bool, error) {
	i, label := earliest(p.buf, labels)
	if i < 0 {
		keep := heldBack(p.buf, labels)
		err := p.out(kind, p.buf[:len(p.buf)-keep])
		p.buf = p.buf[len(p.buf)-keep:]
		return false, err
	}
	err := p.out(kind, p.buf[:i])
	p.buf = p.buf[i+len(label):]
	p.switchTo(strings.TrimPrefix(label, "\n"))
	return true, err
}

// collect gathers text (not shown) until label, then switches to next.
func (p *reactParser) collect(into *strings.Builder, label string, next reactMode) bool {
	if i := strings.Index(p.buf, label); i >= 0 {
		into.WriteString(p.buf[:i])
		p.buf, p.mode = p.buf[i+len(label):], next
		return true
	}
	keep := heldBack(p.buf, []string{label})
	into.WriteString(p.buf[:len(p.buf)-keep])
	p.buf = p.buf[len(p.buf)-keep:]
	return false
}

func (p *reactParser) switchTo(label string) {
	p.fresh = true
	switch label {
	case labelThought:
		p.mode = modeThought
	case labelAction:
		p.mode = modeAction
	case labelFinal:
		p.mode = modeFinal
	}
}

func (p *reactParser) out(kind llm.DeltaKind, text string) error {
	if p.fresh {
		text = strings.TrimLeft(text, " \t\r\n")
		p.fresh = text == ""
	}
	if text == "" {
		return nil
	}
	return p.emit(llm.Delta{Kind: kind, Text: text})
}

// finish releases what was held back when the reply ends.
func (p *reactParser) finish() error {
	rest := p.buf
	p.buf = ""
	switch p.mode {
	case modeStart, modePlain, modeFinal:
		if p.mode == modeStart {
			p.fresh = true
		}
		return p.out(llm.DeltaContent, strings.TrimRight(rest, " \t\r\n"))
	case modeThought:
		return p.out(llm.DeltaReasoning, strings.TrimRight(rest, " \t\r\n"))
	case modeAction:
		p.action.WriteString(rest)
	default:
		p.input.WriteString(rest)
	}
	return nil
}

// call is the tool call the reply asked for, if it named a tool.
func (p *reactParser) call() (llm.ToolCall, bool) {
	name := strings.TrimSpace(p.action.String())
	if i := strings.IndexAny(name, "\r\n"); i >= 0 {
		name = strings.TrimSpace(name[:i])
	}
	name = strings.Trim(name, "`\"' ")
	if name == "" {
		return llm.ToolCall{}, false
	}
	input := strings.TrimSpace(cutAt(p.input.String(), labelObservation))
	input = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(input, "```json"), "```"), "```"))
	return llm.ToolCall{ID: llm.NewCallID(), Name: name, Arguments: llm.RawArgs(input)}, true
}

// earliest finds the first of labels in s.
func earliest(s string, labels []string) (int, string) {
	at, found := -1, ""
	for _, l := range labels {
		if i := strings.Index(s, l); i >= 0 && (at < 0 || i < at) {
			at, found = i, l
		}
	}
	return at, found
}

// heldBack is how many trailing bytes of s could start one of labels.
func heldBack(s string, labels []string) int {
	longest := 0
	for _, l := range labels {
		for k := min(len(s), len(l)-1); k > longest; k-- {
			if strings.HasSuffix(s, l[:k]) {
				longest = k
				break
			}
		}
	}
	return longest
}

func cutAt(s, label string) string {
	if i := strings.Index(s, label); i >= 0 {
		return s[:i]
	}
	return s
}
