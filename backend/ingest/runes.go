package ingest

import "unicode/utf8"

// runeCounter converts byte offsets of one text into code points, walking
// from the last offset asked, so offsets asked mostly in order cost the
// distance between them (a step back, as overlapping chunks take, counts
// back rather than from the start of the text).
type runeCounter struct {
	text  string
	b, cp int
}

func newRuneCounter(text string) *runeCounter { return &runeCounter{text: text} }

func (c *runeCounter) at(b int) int {
	if b < c.b {
		c.cp -= utf8.RuneCountInString(c.text[b:c.b])
	} else {
		c.cp += utf8.RuneCountInString(c.text[c.b:b])
	}
	c.b = b
	return c.cp
}

// byteCounter converts code points into byte offsets, in the same way.
type byteCounter struct {
	text  string
	b, cp int
}

func (c *byteCounter) at(cp int) int {
	if cp < c.cp {
		c.b, c.cp = 0, 0
	}
	for c.cp < cp && c.b < len(c.text) {
		_, size := utf8.DecodeRuneInString(c.text[c.b:])
		c.b += size
		c.cp++
	}
	return c.b
}

// markStarts indexes marks by the byte offset of the line they start on.
func markStarts(text string, marks []Mark) map[int]int {
	out := map[int]int{}
	if len(marks) == 0 {
		return out
	}
	bc := &byteCounter{text: text}
	for _, m := range marks {
		b := bc.at(m.Start)
		for b > 0 && text[b-1] != '\n' {
			b-- // a mark may start after indentation
		}
		out[b] = m.Level
	}
	return out
}
