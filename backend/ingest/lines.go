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
		s := lineScanner{text: text}
		for ln, ok := s.next(); ok; ln, ok = s.next() {
			if !yield(ln) {
				return
			}
		}
	}
}

// lineScanner reads the lines of text one at a time from byte b (code
// point cp).
type lineScanner struct {
	text  string
	b, cp int
}

func (s *lineScanner) next() (line, bool) {
	if s.b > len(s.text) {
		return line{}, false
	}
	end := len(s.text)
	if i := strings.IndexByte(s.text[s.b:], '\n'); i >= 0 {
		end = s.b + i
	}
	ln := line{text: s.text[s.b:end], start: s.cp, byte: s.b}
	s.cp += utf8.RuneCountInString(ln.text) + 1
	s.b = end + 1
	return ln, true
}

// lineQueue gives detect the lines it reads — a marked line whole, any
// other cut into its segments — holding those of a line or two at a time:
// a text of millions of short lines is never held as a slice of lines.
type lineQueue struct {
	text  string
	marks map[int]int // line start byte → mark level
	src   lineScanner
	ahead []line // read from src, not yet popped
}

// fill reads lines until n segments are ahead or the text ends.
func (q *lineQueue) fill(n int) {
	for len(q.ahead) < n {
		ln, ok := q.src.next()
		if !ok {
			return
		}
		q.ahead = append(q.ahead, q.cut(ln)...)
	}
}

func (q *lineQueue) cut(ln line) []line {
	if _, marked := q.marks[ln.byte]; marked {
		return []line{ln}
	}
	return segments(ln)
}

func (q *lineQueue) pop() (line, bool) {
	q.fill(1)
	if len(q.ahead) == 0 {
		return line{}, false
	}
	ln := q.ahead[0]
	q.ahead = q.ahead[1:]
	return ln, true
}

// peek is the next segment, not popped; empty at the end.
func (q *lineQueue) peek() line {
	q.fill(1)
	if len(q.ahead) == 0 {
		return line{}
	}
	return q.ahead[0]
}

// nextNonBlank is the text of the next segment that is not blank. Past the
// queued ones it reads on through the text without keeping what it
// passes, so a long run of blank lines costs time once, not memory.
func (q *lineQueue) nextNonBlank() string {
	for _, ln := range q.ahead {
		if strings.TrimSpace(ln.text) != "" {
			return ln.text
		}
	}
	scan := lineScanner{text: q.text, b: q.src.b}
	for ln, ok := scan.next(); ok; ln, ok = scan.next() {
		for _, seg := range q.cut(ln) {
			if strings.TrimSpace(seg.text) != "" {
				return seg.text
			}
		}
	}
	return ""
}
