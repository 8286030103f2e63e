package extractive

import (
	"fmt"
	"strconv"
	"strings"
)

// Block is one numbered evidence block of a prompt.
type Block struct {
	Rank    int    // the number in brackets, cited as [Rank]
	ID      string // chunk id, returned as node_id
	Locator string // page / article / section, for people
	Text    string // the excerpt; quotes are taken from it verbatim
}

const questionPrefix = "Question:"

// Render writes blocks and a question in the format Parse reads (see the
// package documentation); the generation pipeline can use it to build the
// user message.
func Render(blocks []Block, question string) string {
	var b strings.Builder
	for _, bl := range blocks {
		fmt.Fprintf(&b, "[%d] id=%s", bl.Rank, bl.ID)
		if bl.Locator != "" {
			b.WriteString(" | " + bl.Locator)
		}
		b.WriteString("\n" + strings.TrimSpace(bl.Text) + "\n\n")
	}
	b.WriteString(questionPrefix + " " + strings.TrimSpace(question))
	return b.String()
}

// Parse reads the evidence blocks and the question out of a user message.
// The question runs from "Question:" to the first blank line or the end, so
// that instructions after it do not count as question words. Without a
// "Question:" line, the text outside the blocks is the question.
func Parse(msg string) (blocks []Block, question string) {
	var outside []string
	var cur *Block
	var body []string
	flush := func() {
		if cur != nil {
			cur.Text = strings.TrimSpace(strings.Join(body, "\n"))
			blocks = append(blocks, *cur)
		}
		cur, body = nil, nil
	}
	lines := strings.Split(strings.ReplaceAll(msg, "\r\n", "\n"), "\n")
	for i, line := range lines {
		if q, ok := cutQuestion(line); ok {
			flush()
			return blocks, readQuestion(q, lines[i+1:])
		}
		if h, ok := parseHeader(line); ok {
			flush()
			cur = &h
			continue
		}
		if cur != nil {
			body = append(body, line)
		} else {
			outside = append(outside, line)
		}
	}
	flush()
	return blocks, strings.TrimSpace(strings.Join(outside, "\n"))
}

func cutQuestion(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if len(t) < len(questionPrefix) || !strings.EqualFold(t[:len(questionPrefix)], questionPrefix) {
		return "", false
	}
	return t[len(questionPrefix):], true
}

func readQuestion(first string, rest []string) string {
	parts := []string{first}
	for _, l := range rest {
		if strings.TrimSpace(l) == "" {
			break
		}
		parts = append(parts, l)
	}
	return strings.TrimSpace(strings.Join(parts, "\n"))
}

// parseHeader reads "[n] id=<chunk id> | <locator>"; the locator is optional.
func parseHeader(line string) (Block, bool) {
	t := strings.TrimSpace(line)
	end := strings.IndexByte(t, ']')
	if !strings.HasPrefix(t, "[") || end < 0 {
		return Block{}, false
	}
	rank, err := strconv.Atoi(t[1:end])
	if err != nil {
		return Block{}, false
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(t[end+1:]), "id=")
	if !ok {
		return Block{}, false
	}
	id, locator, _ := strings.Cut(rest, "|")
	return Block{Rank: rank, ID: strings.TrimSpace(id), Locator: strings.TrimSpace(locator)}, true
}
