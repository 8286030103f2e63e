package ingest

import (
	"iter"
	"strings"
	"unicode/utf8"
)

// line is one line of text without its "\n" (a "\r" before it stays), with
// its start in code points and in bytes.
type line struct {
	text  string
	start int // code points
	byte  int // bytes
}

// lines yields the lines of text in order.
func lines(text string) iter.Seq[line] {
	return func(yield func(line) bool) {
		cp, b := 0, 0
		for b <= len(text) {
			i := strings.IndexByte(text[b:], '\n')
			end := len(text)
			if i >= 0 {
				end = b + i
			}
			if !yield(line{text: text[b:end], start: cp, byte: b}) {
				return
			}
			if i < 0 {
				return
			}
			cp += utf8.RuneCountInString(text[b:end]) + 1
			b = end + 1
		}
	}
}
