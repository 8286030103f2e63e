package nodes

import (
	"fmt"
	"strings"

	"lexflow/backend/engine"
	"lexflow/backend/llm"
)

// ConversationWords bounds the conversation an LLM node replays from an
// upstream node's context: the newest messages that fit are sent, oldest
// dropped first. Words stand in for tokens (about 0.75 words per token),
// as for chat history.
const ConversationWords = 6000

// conversationMessages reads a context-shaped variable ([{role, text,
// files}], an LLM-family node's "context" output) as chat messages, trimmed
// to ConversationWords. A missing variable or one of another shape is a
// typed failure, so the error strategy and the UI can tell them apart.
func conversationMessages(vars engine.Vars, sel engine.Selector, w *warnings) ([]llm.Message, error) {
	v, ok := lookup(vars, sel)
	if !ok {
		return nil, &Failure{Type: ErrorTypeVariableNotFound,
			Err: fmt.Errorf("read conversation %s: %w", sel, ErrVariableNotFound)}
	}
	items, ok := v.Any().([]any)
	if !ok {
		return nil, invalidConversation(sel, "is %s, want a list of {role, text}", v.Type())
	}
	msgs := make([]llm.Message, 0, len(items))
	for i, it := range items {
		m, err := conversationMessage(it)
		if err != nil {
			return nil, invalidConversation(sel, "item %d: %v", i, err)
		}
		msgs = append(msgs, m)
	}
	return trimConversation(msgs, ConversationWords, w), nil
}

func invalidConversation(sel engine.Selector, format string, args ...any) error {
	return &Failure{Type: ErrorTypeInvalidVariableType,
		Err: fmt.Errorf("read conversation %s: %w: %s", sel, ErrInvalidVariableType, fmt.Sprintf(format, args...))}
}

// conversationMessage reads one {role, text} entry. System entries are
// refused: a context never holds them, and replaying one from a variable
// would let upstream text act as instructions.
func conversationMessage(it any) (llm.Message, error) {
	m, ok := it.(map[string]any)
	if !ok {
		return llm.Message{}, fmt.Errorf("is %s, want {role, text}", engine.ValueOf(it).Type())
	}
	role, _ := m["role"].(string)
	text, isText := m["text"].(string)
	if !oneOf(role, "user", "assistant") || !isText {
		return llm.Message{}, fmt.Errorf("want role user or assistant and a text (role %q)", role)
	}
	return llm.Message{Role: llm.Role(role), Content: text}, nil
}

// trimConversation keeps the newest messages within budget words. The
// newest one is always kept (cut to the budget if it alone is longer), so
// the model never gets an empty conversation from a non-empty one.
func trimConversation(msgs []llm.Message, budget int, w *warnings) []llm.Message {
	words, first := 0, len(msgs)
	for first > 0 {
		n := len(strings.Fields(msgs[first-1].Content))
		if words+n > budget && first < len(msgs) {
			break
		}
		words += n
		first--
	}
	kept := msgs[first:]
	if first > 0 {
		w.add("the conversation was trimmed to its newest %d of %d messages (%d words)", len(kept), len(msgs), budget)
	}
	if len(kept) == 1 && words > budget {
		kept = []llm.Message{{Role: kept[0].Role, Content: lastWords(kept[0].Content, budget)}}
		w.add("the last message was cut to its last %d words", budget)
	}
	return kept
}

// lastWords keeps the last n words of s (the end of a long message is the
// part nearest the question).
func lastWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) <= n {
		return s
	}
	return strings.Join(f[len(f)-n:], " ")
}

// withConversation places the conversation after the prompt's leading
// system messages, so instructions stay first and the template's other
// messages (the question) come after what was said.
func withConversation(prompt, conv []llm.Message) []llm.Message {
	k := 0
	for k < len(prompt) && prompt[k].Role == llm.RoleSystem {
		k++
	}
	out := make([]llm.Message, 0, len(prompt)+len(conv))
	out = append(out, prompt[:k]...)
	out = append(out, conv...)
	return append(out, prompt[k:]...)
}
