package llm

import (
	"encoding/json"
	"unicode/utf8"
)

// Detail is an LLM generation as it streamed: the final content, the
// reasoning segments, the tool calls, and the order in which they came.
// Content spans in Sequence are offsets in Unicode code points of Content,
// End exclusive, so they slice the same text in Go, SQL and TypeScript.
type Detail struct {
	Content   string           `json:"content"`
	Reasoning []string         `json:"reasoning_content"`
	ToolCalls []DetailToolCall `json:"tool_calls"`
	Sequence  []SequenceItem   `json:"sequence"`
}

// DetailToolCall is a tool call with the result it got back, if any.
type DetailToolCall struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Result    string          `json:"result"`
}

// SequenceItem is one step of the stream: a content span {type:"content",
// start, end}, or a reasoning segment or tool call {type, index}.
type SequenceItem struct {
	Type  string // "content", "reasoning" or "tool_call"
	Start int
	End   int
	Index int
}

type contentItem struct {
	Type  string `json:"type"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}

type indexItem struct {
	Type  string `json:"type"`
	Index int    `json:"index"`
}

// MarshalJSON writes exactly the fields of the item's kind.
func (s SequenceItem) MarshalJSON() ([]byte, error) {
	if s.Type == "content" {
		return json.Marshal(contentItem{s.Type, s.Start, s.End})
	}
	return json.Marshal(indexItem{s.Type, s.Index})
}

// UnmarshalJSON reads either shape.
func (s *SequenceItem) UnmarshalJSON(data []byte) error {
	var raw struct {
		Type              string
		Start, End, Index int
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*s = SequenceItem{Type: raw.Type, Start: raw.Start, End: raw.End, Index: raw.Index}
	return nil
}

// DetailBuilder records deltas in stream order. Consecutive pieces of one kind
// join into one span or segment; a change of kind starts the next item.
type DetailBuilder struct {
	d     Detail
	runes int // code points of content so far
}

// Add records one delta.
func (b *DetailBuilder) Add(delta Delta) {
	switch delta.Kind {
	case DeltaContent:
		b.addContent(delta.Text)
	case DeltaReasoning:
		b.addReasoning(delta.Text)
	case DeltaToolCall:
		if delta.ToolCall != nil {
			b.AddToolCall(*delta.ToolCall)
		}
	}
}

func (b *DetailBuilder) addContent(text string) {
	if text == "" {
		return
	}
	n := utf8.RuneCountInString(text)
	b.d.Content += text
	if last := b.last(); last != nil && last.Type == "content" {
		last.End += n
	} else {
		b.d.Sequence = append(b.d.Sequence, SequenceItem{Type: "content", Start: b.runes, End: b.runes + n})
	}
	b.runes += n
}

func (b *DetailBuilder) addReasoning(text string) {
	if text == "" {
		return
	}
	if last := b.last(); last != nil && last.Type == "reasoning" {
		b.d.Reasoning[last.Index] += text
		return
	}
	b.d.Reasoning = append(b.d.Reasoning, text)
	b.d.Sequence = append(b.d.Sequence, SequenceItem{Type: "reasoning", Index: len(b.d.Reasoning) - 1})
}

// AddToolCall records a whole tool call and returns its index.
func (b *DetailBuilder) AddToolCall(c ToolCall) int {
	b.d.ToolCalls = append(b.d.ToolCalls, DetailToolCall{ID: c.ID, Name: c.Name, Arguments: c.Arguments})
	i := len(b.d.ToolCalls) - 1
	b.d.Sequence = append(b.d.Sequence, SequenceItem{Type: "tool_call", Index: i})
	return i
}

// SetToolResult attaches a tool's result to the call at index i.
func (b *DetailBuilder) SetToolResult(i int, result string) {
	if i >= 0 && i < len(b.d.ToolCalls) {
		b.d.ToolCalls[i].Result = result
	}
}

// Merge appends another generation after this one (agent rounds, or a chatflow
// answer that references several LLM nodes), shifting its content offsets.
func (b *DetailBuilder) Merge(o Detail) {
	for _, item := range o.Sequence {
		switch item.Type {
		case "content":
			b.addContent(string([]rune(o.Content)[item.Start:item.End]))
		case "reasoning":
			b.addReasoning(o.Reasoning[item.Index])
		case "tool_call":
			c := o.ToolCalls[item.Index]
			i := b.AddToolCall(ToolCall{ID: c.ID, Name: c.Name, Arguments: c.Arguments})
			b.SetToolResult(i, c.Result)
		}
	}
}

// Detail returns what was recorded; lists are never nil so they encode as [].
func (b *DetailBuilder) Detail() Detail {
	d := b.d
	if d.Reasoning == nil {
		d.Reasoning = []string{}
	}
	if d.ToolCalls == nil {
		d.ToolCalls = []DetailToolCall{}
	}
	if d.Sequence == nil {
		d.Sequence = []SequenceItem{}
	}
	return d
}

func (b *DetailBuilder) last() *SequenceItem {
	if len(b.d.Sequence) == 0 {
		return nil
	}
	return &b.d.Sequence[len(b.d.Sequence)-1]
}
