package chat

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"lexflow/backend/generation"
)

// markerRef matches a citation marker in a stored answer.
var markerRef = regexp.MustCompile(`\[(\d{1,3})\]`)

// Export renders a conversation as Markdown: each answer's citation markers
// become footnotes giving the locator and the excerpt (the verified quote
// when there is one), so the file can be checked without Lexflow.
func (s *Service) Export(ctx context.Context, conversationID string) (string, error) {
	conv, err := s.db.GetConversation(ctx, conversationID)
	if err != nil {
		return "", err
	}
	msgs, err := s.db.ListMessages(ctx, conversationID)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", cmp.Or(conv.Title, "Conversation"))
	fmt.Fprintf(&b, "_Exported from Lexflow. Every footnote gives the passage an answer cites._\n")
	for _, m := range msgs {
		switch m.Role {
		case "human":
			fmt.Fprintf(&b, "\n## Question\n\n%s\n", m.Content)
		case "ai":
			writeAnswer(&b, m.Seq, m.Content, m.Status, m.Error, m.Citations)
		}
	}
	return b.String(), nil
}

func writeAnswer(b *strings.Builder, seq int, content, status, errMsg, citationsJSON string) {
	var cites []generation.Citation
	_ = json.Unmarshal([]byte(citationsJSON), &cites)
	byMarker := map[string]generation.Citation{}
	for _, c := range cites {
		byMarker[fmt.Sprint(c.Marker)] = c
	}
	id := func(n string) string { return fmt.Sprintf("a%d-%s", seq, n) }
	text := markerRef.ReplaceAllStringFunc(content, func(m string) string {
		n := markerRef.FindStringSubmatch(m)[1]
		if _, ok := byMarker[n]; !ok {
			return m
		}
		return "[^" + id(n) + "]"
	})
	fmt.Fprintf(b, "\n## Answer\n\n%s\n", cmp.Or(text, "_(no answer)_"))
	if status != "done" {
		fmt.Fprintf(b, "\n> **%s**: %s\n", status, cmp.Or(errMsg, "the answer is incomplete"))
	}
	if len(cites) > 0 {
		b.WriteString("\n")
	}
	for _, c := range cites {
		fmt.Fprintf(b, "[^%s]: %s — “%s”\n", id(fmt.Sprint(c.Marker)), c.Locator.Label(), oneLine(excerptOf(c)))
	}
}

// excerptOf is a citation's first verified quote, else its passage.
func excerptOf(c generation.Citation) string {
	for _, q := range c.Quotes {
		if q.Verified {
			return q.Text
		}
	}
	if r := []rune(c.Excerpt); len(r) > 400 {
		return string(r[:400]) + "…"
	}
	return c.Excerpt
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
