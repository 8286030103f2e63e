package chat

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"time"

	"lexflow/backend/generation"
	"lexflow/backend/internal/sentence"
	"lexflow/backend/store"
)

// markerRef matches a citation marker in a stored answer.
var markerRef = regexp.MustCompile(`\[(\d{1,3})\]`)

// Export renders a conversation as Markdown: each question says what it
// searched; each answer says when it was written, by which model, and how
// well its passages support it; its citation markers become footnotes giving
// the passage as a lawyer cites it and the excerpt (the verified quote when
// there is one), so the file can be checked without Lexflow.
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
			fmt.Fprintf(&b, "\n## Question\n\n%s\n\n_Searched: %s · asked %s_\n", m.Content, scopeLine(ParseScope(m.Scope)), stamp(m.CreatedAt))
		case "ai":
			writeAnswer(&b, m)
		}
	}
	return b.String(), nil
}

func writeAnswer(b *strings.Builder, m store.Message) {
	var cites []generation.Citation
	_ = json.Unmarshal([]byte(m.Citations), &cites)
	byMarker := map[string]generation.Citation{}
	for _, c := range cites {
		byMarker[fmt.Sprint(c.Marker)] = c
	}
	id := func(n string) string { return fmt.Sprintf("a%d-%s", m.Seq, n) }
	text := markerRef.ReplaceAllStringFunc(m.Content, func(ref string) string {
		n := markerRef.FindStringSubmatch(ref)[1]
		if _, ok := byMarker[n]; !ok {
			return ref
		}
		return "[^" + id(n) + "]"
	})
	fmt.Fprintf(b, "\n## Answer\n\n_%s_\n\n%s\n", answerLine(m), cmp.Or(text, "_(no answer)_"))
	if m.Status != "done" {
		fmt.Fprintf(b, "\n> **%s**: %s\n", m.Status, cmp.Or(m.Error, "the answer is incomplete"))
	}
	if len(cites) > 0 {
		b.WriteString("\n")
	}
	for _, c := range cites {
		fmt.Fprintf(b, "[^%s]: %s — “%s”\n", id(fmt.Sprint(c.Marker)), c.Locator.CiteDocument(), oneLine(excerptOf(c)))
	}
}

// answerLine is what a reader of the file needs to weigh an answer: how well
// it is supported, which model wrote it, and when.
func answerLine(m store.Message) string {
	parts := []string{support(m)}
	if m.ModelName != "" {
		parts = append(parts, "model "+m.ModelName)
	} else if m.GenerationID != "" {
		parts = append(parts, "no model asked")
	}
	parts = append(parts, "written "+stamp(cmp.Or(m.UpdatedAt, m.CreatedAt)))
	return strings.Join(parts, " · ")
}

// support words an answer's generation status as the answer's badge does.
func support(m store.Message) string {
	switch {
	case m.IsAskUser:
		return "Question for you"
	case m.Status == "interrupted":
		return "Stopped"
	case m.GenerationStatus == string(generation.StatusNoEvidence) || generation.ParseVerification(m.Verification).Refused:
		return "Not answered by your library"
	case m.Status == "failed" || m.GenerationStatus == string(generation.StatusFailed):
		return "Answer failed"
	case m.GenerationStatus == string(generation.StatusPartial):
		return "Cited, but partly supported"
	case m.GenerationStatus == string(generation.StatusSuccess):
		return "Supported"
	}
	return "Not checked"
}

// scopeLine names what a question searched: "the whole library", or its
// collections and documents by the names they had when it was asked.
func scopeLine(sc Scope) string {
	if sc.Empty() {
		return "the whole library"
	}
	var names []string
	for _, c := range sc.Collections {
		names = append(names, "collection “"+c.Name+"”")
	}
	for _, d := range sc.Documents {
		names = append(names, "“"+d.Name+"”")
	}
	return strings.Join(names, ", ")
}

// stamp writes a time unambiguously for a record: UTC, to the minute.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// excerptOf is a citation's first verified quote, else its passage.
func excerptOf(c generation.Citation) string {
	for _, q := range c.Quotes {
		if q.Verified {
			return q.Text
		}
	}
	return sentence.Clip(c.Excerpt, 400)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
