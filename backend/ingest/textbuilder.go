package ingest

import (
	"strings"
	"unicode/utf8"
)

// textBuilder accumulates extracted text and counts its code points, so
// extractors can record page spans and marks as they write.
type textBuilder struct {
	b     strings.Builder
	runes int
}

func (t *textBuilder) write(s string) {
	t.b.WriteString(s)
	t.runes += utf8.RuneCountInString(s)
}

// ensureBreak ends the text with at least n newlines (unless it is empty),
// to separate blocks.
func (t *textBuilder) ensureBreak(n int) {
	s := t.b.String()
	if s == "" {
		return
	}
	have := len(s) - len(strings.TrimRight(s, "\n"))
	for ; have < n; have++ {
		t.write("\n")
	}
}

func (t *textBuilder) len() int { return t.b.Len() }

func (t *textBuilder) String() string { return t.b.String() }
