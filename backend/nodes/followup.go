package nodes

import (
	"context"
	"fmt"
	"strings"

	"lexflow/backend/engine"
	"lexflow/backend/followup"
	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
)

// followUpConfig (Lexflow) makes a chatflow's knowledge-retrieval step
// search with the conversation: "and what about the other agreements?"
// becomes a question that stands alone. A model writes it when the step's
// model is one; the built-in extractive answerer cannot, so the earlier
// question is carried over with the follow-up instead (package followup).
// What was searched is the step's "query" output and a note on the step.
type followUpConfig struct {
	Enabled bool        `json:"enabled"`
	Model   modelConfig `json:"model"`
}

// How the searched question was made.
const (
	followUpAsAsked   = "as asked"
	followUpCarried   = "earlier question carried over"
	followUpRewritten = "rewritten by the model"
)

const rewriteInstruction = `You rewrite the user's last message in a conversation about legal documents as one question that can be understood without the conversation.
Name what "it", "this" or "the other" refer to, keep the documents, parties, laws and jurisdictions the conversation is about, and change nothing else.
Reply with the question only, on one line.`

// searched is the question a retrieval step searched for, and how it was made.
type searched struct {
	text, how string
	usage     *llm.Usage
	warning   string // the model could not write it, so the earlier question was carried over
}

// standalone returns the question to search for. A model that fails to write
// it is no reason to fail the answer: the earlier question is carried over.
func (r *retrieval) standalone(ctx context.Context, in engine.NodeInput, question string) (searched, error) {
	asked := searched{text: question, how: followUpAsAsked}
	if r.data.FollowUp == nil || !r.data.FollowUp.Enabled || !followup.IsFollowUp(question) {
		return asked, nil // a question that stands alone is searched as asked, with or without a model
	}
	turns, err := readTurns(in.RunInputs[HistoryInput])
	if err != nil || len(turns) == 0 {
		return asked, err
	}
	carry := func() searched {
		if text, carried := followup.Standalone(userQuestions(turns), question); carried {
			return searched{text: text, how: followUpCarried}
		}
		return asked
	}
	m, err := r.deps.resolveModel(ctx, in, r.data.FollowUp.Model.ref())
	if _, builtin := m.Provider.(*extractive.Provider); err != nil || builtin {
		return carry(), nil // no model to write it
	}
	text, usage, err := r.rewrite(ctx, m, turns, question)
	if err == nil && !aQuestion(text) {
		err = fmt.Errorf("its reply is not a question (%d characters)", len([]rune(text)))
	}
	if err != nil {
		if ctx.Err() != nil {
			return asked, err
		}
		s := carry()
		s.usage, s.warning = usage, "the model could not write the standalone question ("+err.Error()+"); the earlier question was carried over"
		return s, nil
	}
	return searched{text: text, how: followUpRewritten, usage: usage}, nil
}

// aQuestion tells a usable standalone question from a reply that is not one:
// empty, an object, or far longer than a question.
func aQuestion(s string) bool {
	return s != "" && !strings.HasPrefix(s, "{") && !strings.HasPrefix(s, "[") && len([]rune(s)) <= 600
}

// rewrite asks the model for the standalone question.
func (r *retrieval) rewrite(ctx context.Context, m Model, turns []Turn, question string) (string, *llm.Usage, error) {
	p, err := r.data.FollowUp.Model.parse()
	if err != nil {
		return "", nil, err
	}
	msgs := []llm.Message{{Role: llm.RoleSystem, Content: rewriteInstruction}}
	for _, t := range turns {
		msgs = append(msgs, llm.Message{Role: llm.Role(t.Role), Content: t.Text})
	}
	msgs = append(msgs, llm.Message{Role: llm.RoleUser, Content: question})
	call := newModelCall(m, r.data.FollowUp.Model, p, msgs)
	resp, err := call.chat(ctx)
	return strings.Join(strings.Fields(resp.Content), " "), &call.usage, err
}

// userQuestions are the user's turns, oldest first.
func userQuestions(turns []Turn) []string {
	var out []string
	for _, t := range turns {
		if t.Role == "user" {
			out = append(out, t.Text)
		}
	}
	return out
}
