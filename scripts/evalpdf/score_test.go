package main

import (
	"strings"
	"testing"

	"lexflow/backend/ingest"
)

func TestPagesAsPrintedPutsFurnitureAroundEachPage(t *testing.T) {
	text := "Page one text.\n\nPage two text."
	spans := []ingest.PageSpan{
		{Page: 1, Start: 0, End: 14, Header: []string{"Exhibit 10.7"}, Footer: []string{"1"}},
		{Page: 2, Start: 16, End: 99, Footer: []string{"Source: ACME, 8-K, 1/2/2020"}}, // End past the text: clamped
	}
	got, f := pagesAsPrinted(text, spans)
	want := "Exhibit 10.7\nPage one text.\n1\nPage two text.\nSource: ACME, 8-K, 1/2/2020\n"
	if got != want {
		t.Errorf("pages as printed:\n got %q\nwant %q", got, want)
	}
	if f != (furniture{header: 1, footer: 2, words: 11, pages: 2}) {
		t.Errorf("furniture %+v", f)
	}
}

func TestCauseGuesses(t *testing.T) {
	ref := strings.Fields("this exhibit is made between the parties and the exhibit binds them")
	mirrored := strings.Fields("siht tibihxe si edam neewteb eht seitrap dna eht tibihxe sdnib meht")
	cases := []struct {
		name string
		got  []string
		want string
	}{
		{"mirrored", mirrored, "mirrored lines"},
		{"missing", ref[:4], "missing text"},
		{"extra", append(append([]string{}, ref...), ref...), "extra text"},
		{"reordered", append(append([]string{}, ref[6:]...), ref[:6]...), "interleaved/reordered"},
	}
	for _, c := range cases {
		r := result{Words: len(c.got), RefWords: len(ref)}
		r.FullFidelity, _ = ratio(c.got, ref, maxEdits)
		r.Unknown, r.Mirrored, r.mirrorExample = strangeWords(c.got, ref)
		if got := cause(r); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: cause %q, want %q…", c.name, got, c.want)
		}
	}
}
