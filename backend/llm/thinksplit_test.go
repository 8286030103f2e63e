package llm

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

var splitCases = []struct {
	name string
	in   string
	want []Delta
}{
	{"plain", "Hello, world", []Delta{content("Hello, world")}},
	{"think then answer", "<think>plan the answer</think>\n\nAnswer.", []Delta{reasoning("plan the answer"), content("Answer.")}},
	{"content around think", "Intro <think>why</think> outro", []Delta{content("Intro "), reasoning("why"), content("outro")}},
	{"two blocks", "<think>a</think>b<think>c</think>d", []Delta{reasoning("a"), content("b"), reasoning("c"), content("d")}},
	{"unclosed think", "<think>still thinking", []Delta{reasoning("still thinking")}},
	{"tag never completed", "a <thi", []Delta{content("a <thi")}},
	{"lookalike tags", "x < y and <thin> <thinker>", []Delta{content("x < y and <thin> <thinker>")}},
	{"close without open", "a</think>b", []Delta{content("a</think>b")}},
	{"empty think", "<think></think>Answer", []Delta{content("Answer")}},
	{"whitespace after tags dropped", "<think>\n  r\n</think>\n c", []Delta{reasoning("r\n"), content("c")}},
	{"only whitespace after close", "<think>r</think>\n\n", []Delta{reasoning("r")}},
	{"nested open is text", "<think>a<think>b</think>c", []Delta{reasoning("a<think>b"), content("c")}},
	{
		"arabic and emoji",
		"<think>أفكّر 🤔 في المادة ١٢</think>الجواب: تنص المادة ١٢ على ذلك 📜✅",
		[]Delta{reasoning("أفكّر 🤔 في المادة ١٢"), content("الجواب: تنص المادة ١٢ على ذلك 📜✅")},
	},
	{"emoji touching tags", "👍<think>🧠</think>👋🏽", []Delta{content("👍"), reasoning("🧠"), content("👋🏽")}},
}

func content(s string) Delta   { return Delta{Kind: DeltaContent, Text: s} }
func reasoning(s string) Delta { return Delta{Kind: DeltaReasoning, Text: s} }

// feed runs chunks through a fresh splitter, checks every emitted piece, and
// merges adjacent pieces of one kind so that results compare across chunkings.
func feed(t *testing.T, chunks ...string) []Delta {
	t.Helper()
	var s ThinkSplitter
	var all []Delta
	for _, c := range chunks {
		all = append(all, s.Feed(c)...)
	}
	all = append(all, s.Flush()...)
	var merged []Delta
	for _, d := range all {
		if d.Text == "" || !utf8.ValidString(d.Text) {
			t.Fatalf("chunks %q: emitted bad piece %q", chunks, d.Text)
		}
		if n := len(merged); n > 0 && merged[n-1].Kind == d.Kind {
			merged[n-1].Text += d.Text
			continue
		}
		merged = append(merged, d)
	}
	return merged
}

func TestThinkSplitterWhole(t *testing.T) {
	for _, tc := range splitCases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, feed(t, tc.in)); diff != "" {
				t.Errorf("deltas (-want +got):\n%s", diff)
			}
		})
	}
}

func TestThinkSplitterEveryBytePosition(t *testing.T) {
	for _, tc := range splitCases {
		t.Run(tc.name, func(t *testing.T) {
			for i := 0; i <= len(tc.in); i++ {
				got := feed(t, tc.in[:i], tc.in[i:])
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Fatalf("split at byte %d (%q|%q) (-want +got):\n%s", i, tc.in[:i], tc.in[i:], diff)
				}
			}
		})
	}
}

func TestThinkSplitterEveryPairOfPositions(t *testing.T) {
	for _, tc := range splitCases {
		t.Run(tc.name, func(t *testing.T) {
			for i := 0; i <= len(tc.in); i++ {
				for j := i; j <= len(tc.in); j++ {
					got := feed(t, tc.in[:i], tc.in[i:j], tc.in[j:])
					if diff := cmp.Diff(tc.want, got); diff != "" {
						t.Fatalf("split at %d,%d (-want +got):\n%s", i, j, diff)
					}
				}
			}
		})
	}
}

func TestThinkSplitterByteByByte(t *testing.T) {
	for _, tc := range splitCases {
		t.Run(tc.name, func(t *testing.T) {
			var chunks []string
			for i := range len(tc.in) {
				chunks = append(chunks, tc.in[i:i+1])
			}
			if diff := cmp.Diff(tc.want, feed(t, chunks...)); diff != "" {
				t.Errorf("deltas (-want +got):\n%s", diff)
			}
		})
	}
}

func TestThinkSplitterReleasesEarly(t *testing.T) {
	// Streaming must stay live: text that cannot start a tag is not held.
	var s ThinkSplitter
	tests := []struct {
		chunk string
		want  []Delta
	}{
		{"Hello ", []Delta{content("Hello ")}},
		{"wor<", []Delta{content("wor")}},
		{"b>ld", []Delta{content("<b>ld")}},
		{"<thi", nil},
		{"nk>hm", []Delta{reasoning("hm")}},
		{"</th", nil},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, s.Feed(tc.chunk)); diff != "" {
			t.Errorf("Feed(%q) (-want +got):\n%s", tc.chunk, diff)
		}
	}
	if !s.InThink() {
		t.Error("InThink() = false inside an open think span")
	}
	if diff := cmp.Diff([]Delta{reasoning("</th")}, s.Flush()); diff != "" {
		t.Errorf("Flush (-want +got):\n%s", diff)
	}
}

func TestAccumulate(t *testing.T) {
	call1 := ToolCall{ID: "a", Name: "search", Arguments: json.RawMessage(`{"q":"x"}`)}
	call2 := ToolCall{ID: "b", Name: "date", Arguments: json.RawMessage(`{}`)}
	tests := []struct {
		name   string
		deltas []Delta
		want   Response
	}{
		{"empty", nil, Response{}},
		{
			"interleaved",
			[]Delta{
				reasoning("think "), content("Hello "), {Kind: DeltaToolCall, ToolCall: &call1},
				reasoning("more"), content("مرحبا 👋"), {Kind: DeltaToolCall, ToolCall: &call2},
				{Kind: DeltaToolCall}, // a tool-call delta without a call is ignored
			},
			Response{Content: "Hello مرحبا 👋", Reasoning: "think more", ToolCalls: []ToolCall{call1, call2}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Accumulate(tc.deltas)); diff != "" {
				t.Errorf("Accumulate (-want +got):\n%s", diff)
			}
		})
	}
}
