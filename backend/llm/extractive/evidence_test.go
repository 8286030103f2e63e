package extractive

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name     string
		msg      string
		blocks   []Block
		question string
	}{
		{
			"two blocks, instructions before and after",
			"Use only the evidence.\n\n[1] id=c-1 | Act › Article 12\nFirst line.\nSecond line.\n\n[2] id=c-2 | p. 4\nOther text.\n\nQuestion: What does\nArticle 12 say?\n\nAnswer as JSON.",
			[]Block{
				{Rank: 1, ID: "c-1", Locator: "Act › Article 12", Text: "First line.\nSecond line."},
				{Rank: 2, ID: "c-2", Locator: "p. 4", Text: "Other text."},
			},
			"What does\nArticle 12 say?",
		},
		{
			"no locator, CRLF, lowercase question label",
			"[7] id=abc\r\nText here.\r\nquestion:  why?",
			[]Block{{Rank: 7, ID: "abc", Text: "Text here."}},
			"why?",
		},
		{
			"arabic",
			"[1] id=ar-1 | قانون العمل › المادة ١٢\nيجوز إنهاء العقد.\n\nQuestion: متى يجوز إنهاء العقد؟",
			[]Block{{Rank: 1, ID: "ar-1", Locator: "قانون العمل › المادة ١٢", Text: "يجوز إنهاء العقد."}},
			"متى يجوز إنهاء العقد؟",
		},
		{
			"not headers",
			"[x] id=1\n[2] no id\n[3]id=ok|loc\nbody\nQuestion: q",
			[]Block{{Rank: 3, ID: "ok", Locator: "loc", Text: "body"}},
			"q",
		},
		{"no question line", "What is the notice period?", nil, "What is the notice period?"},
		{"empty", "", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			blocks, q := Parse(tc.msg)
			if diff := cmp.Diff(tc.blocks, blocks); diff != "" {
				t.Errorf("blocks (-want +got):\n%s", diff)
			}
			if q != tc.question {
				t.Errorf("question = %q, want %q", q, tc.question)
			}
		})
	}
}

func TestRenderParseRoundTrip(t *testing.T) {
	blocks := []Block{
		{Rank: 1, ID: "doc1#12", Locator: "Labour Law › Article 12 (p. 3)", Text: "Either party may terminate.\nNotice is 30 days."},
		{Rank: 2, ID: "doc2#1", Text: "المادة ١: نص 📜"},
	}
	msg := Render(blocks, "  How long is notice?  ")
	want := "[1] id=doc1#12 | Labour Law › Article 12 (p. 3)\nEither party may terminate.\nNotice is 30 days.\n\n[2] id=doc2#1\nالمادة ١: نص 📜\n\nQuestion: How long is notice?"
	if msg != want {
		t.Errorf("Render =\n%s\nwant\n%s", msg, want)
	}
	got, q := Parse(msg)
	if diff := cmp.Diff(blocks, got); diff != "" || q != "How long is notice?" {
		t.Errorf("round trip (-want +got):\n%s\nquestion %q", diff, q)
	}
}
