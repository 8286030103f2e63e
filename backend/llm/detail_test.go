package llm

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDetailKeepsStreamOrderWithCodePointOffsets(t *testing.T) {
	var b DetailBuilder
	for _, d := range []Delta{
		{Kind: DeltaReasoning, Text: "أفكر "}, {Kind: DeltaReasoning, Text: "first"},
		{Kind: DeltaContent, Text: "المادة ٥ "}, {Kind: DeltaContent, Text: "👩‍⚖️ says"},
		{Kind: DeltaToolCall, ToolCall: &ToolCall{ID: "c1", Name: "search", Arguments: json.RawMessage(`{"q":"x"}`)}},
		{Kind: DeltaReasoning, Text: "then"},
		{Kind: DeltaContent, Text: " done"},
	} {
		b.Add(d)
	}
	b.SetToolResult(0, "3 hits")
	got := b.Detail()
	want := Detail{
		Content:   "المادة ٥ 👩‍⚖️ says done",
		Reasoning: []string{"أفكر first", "then"},
		ToolCalls: []DetailToolCall{{ID: "c1", Name: "search", Arguments: json.RawMessage(`{"q":"x"}`), Result: "3 hits"}},
		Sequence: []SequenceItem{
			{Type: "reasoning", Index: 0},
			{Type: "content", Start: 0, End: 18},
			{Type: "tool_call", Index: 0},
			{Type: "reasoning", Index: 1},
			{Type: "content", Start: 18, End: 23},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("detail (-want +got):\n%s", diff)
	}
	runes := []rune(got.Content)
	if s := string(runes[0:18]); s != "المادة ٥ 👩‍⚖️ says" {
		t.Errorf("first span slices to %q", s)
	}
	if s := string(runes[18:23]); s != " done" {
		t.Errorf("second span slices to %q", s)
	}
}

func TestDetailMergeShiftsOffsets(t *testing.T) {
	var a, b DetailBuilder
	a.Add(Delta{Kind: DeltaContent, Text: "é1"})
	b.Add(Delta{Kind: DeltaReasoning, Text: "r"})
	b.Add(Delta{Kind: DeltaContent, Text: "ü2"})
	a.Merge(b.Detail())
	got := a.Detail()
	want := []SequenceItem{{Type: "content", Start: 0, End: 2}, {Type: "reasoning", Index: 0}, {Type: "content", Start: 2, End: 4}}
	if diff := cmp.Diff(want, got.Sequence); diff != "" || got.Content != "é1ü2" {
		t.Errorf("merged %q (-want +got):\n%s", got.Content, diff)
	}
	raw, _ := json.Marshal(got.Sequence)
	if string(raw) != `[{"type":"content","start":0,"end":2},{"type":"reasoning","index":0},{"type":"content","start":2,"end":4}]` {
		t.Errorf("sequence encodes as %s", raw)
	}
	var back []SequenceItem
	if err := json.Unmarshal(raw, &back); err != nil || !cmp.Equal(back, got.Sequence) {
		t.Errorf("sequence round trip = %+v, %v", back, err)
	}
	empty := (&DetailBuilder{}).Detail()
	raw, _ = json.Marshal(empty)
	if string(raw) != `{"content":"","reasoning_content":[],"tool_calls":[],"sequence":[]}` {
		t.Errorf("empty detail encodes as %s", raw)
	}
}
