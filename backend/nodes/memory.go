package nodes

import (
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/llm"
)

// HistoryInput is the run input that carries a chatflow's earlier turns to
// LLM-family nodes with memory: the chat layer sets
// RunInput.Inputs[HistoryInput] to the conversation's previous messages,
// oldest first, as []Turn (or the same as JSON-like maps {role, text}).
// The key cannot clash with a start variable (those have no dot). Each
// node keeps the last memory.window.size exchanges of it (all when the
// window is off); the chat layer has already trimmed it to a token budget.
const HistoryInput = "sys.history"

// Turn is one earlier message: role "user" or "assistant".
type Turn struct {
	Role string `json:"role"`
	Text string `json:"text"`
}

// memoryConfig is Dify's memory block.
type memoryConfig struct {
	RolePrefix struct {
		User      string `json:"user"`
		Assistant string `json:"assistant"`
	} `json:"role_prefix"`
	Window struct {
		Enabled bool `json:"enabled"`
		Size    int  `json:"size"`
	} `json:"window"`
	QueryPromptTemplate string `json:"query_prompt_template"`
}

// queryTemplate is what the current turn's user message says.
func (m *memoryConfig) queryTemplate() string {
	if m.QueryPromptTemplate == "" {
		return "{{#sys.query#}}"
	}
	return m.QueryPromptTemplate
}

// history reads the turns the chat layer passed and keeps the window.
func (m *memoryConfig) history(runInputs map[string]any) ([]Turn, error) {
	turns, err := readTurns(runInputs[HistoryInput])
	if err != nil {
		return nil, err
	}
	if !m.Window.Enabled || m.Window.Size <= 0 {
		return turns, nil
	}
	return lastExchanges(turns, m.Window.Size), nil
}

// lastExchanges keeps the turns from the size-th last user message on.
func lastExchanges(turns []Turn, size int) []Turn {
	users := 0
	for i := len(turns) - 1; i >= 0; i-- {
		if turns[i].Role == "user" {
			if users++; users == size {
				return turns[i:]
			}
		}
	}
	return turns
}

func readTurns(raw any) ([]Turn, error) {
	switch x := raw.(type) {
	case nil:
		return nil, nil
	case []Turn:
		return normalizeTurns(x), nil
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", HistoryInput, err)
	}
	var turns []struct {
		Role    string `json:"role"`
		Text    string `json:"text"`
		Content string `json:"content"`
	}
	if err := json.Unmarshal(b, &turns); err != nil {
		return nil, fmt.Errorf("read %s: want a list of {role, text}: %w", HistoryInput, err)
	}
	out := make([]Turn, len(turns))
	for i, t := range turns {
		out[i] = Turn{Role: t.Role, Text: firstNonEmpty(t.Text, t.Content)}
	}
	return normalizeTurns(out), nil
}

// normalizeTurns maps role spellings (human, ai, ...) to user/assistant and
// drops system and tool turns.
func normalizeTurns(turns []Turn) []Turn {
	out := make([]Turn, 0, len(turns))
	for _, t := range turns {
		switch strings.ToLower(t.Role) {
		case "user", "human":
			out = append(out, Turn{Role: "user", Text: t.Text})
		case "assistant", "ai", "bot":
			out = append(out, Turn{Role: "assistant", Text: t.Text})
		}
	}
	return out
}

// messages turns history into chat messages.
func historyMessages(turns []Turn) []llm.Message {
	out := make([]llm.Message, len(turns))
	for i, t := range turns {
		out[i] = llm.Message{Role: llm.Role(t.Role), Content: t.Text}
	}
	return out
}

// historyText renders history for completion-mode prompts ({{#histories#}}).
func (m *memoryConfig) historyText(turns []Turn) string {
	user, assistant := firstNonEmpty(m.RolePrefix.User, "Human"), firstNonEmpty(m.RolePrefix.Assistant, "Assistant")
	lines := make([]string, len(turns))
	for i, t := range turns {
		prefix := user
		if t.Role == "assistant" {
			prefix = assistant
		}
		lines[i] = prefix + ": " + t.Text
	}
	return strings.Join(lines, "\n")
}

// memoryInputs declares what a memory block reads (chatflows only).
func memoryInputs(m *memoryConfig, mode dsl.Mode) []engine.Input {
	if m == nil || mode != dsl.ModeChatflow {
		return nil
	}
	return templateInputs(m.queryTemplate())
}
