package generation

import (
	"context"
	"slices"
	"time"

	"lexflow/backend/llm"
)

// An agent answers in prose while it researches: its rounds offer tools, and
// a server that enforces a schema constrains the whole reply, tool calls
// included; nor are the passages it may cite known before its tools return
// them. So once the agent has answered, it is asked once more, without
// tools, to give that answer in the cited-answer schema, whose passage
// numbers are now known: a model that can follow the schema cannot cite a
// passage its tools did not return. A server that refuses the schema is
// asked for JSON mode, then prose, as for a cited answer (output.go), and
// the format used is recorded. The extra call is the price of an answer
// whose citations the server itself kept to the evidence.

// agentAnswerInstruction asks for the final answer in the answer schema,
// after the agent's own conversation with its tools.
const agentAnswerInstruction = `Now give your final answer again, from the numbered passages your tools returned above and nothing else.
End every sentence with the numbers of the passages it rests on, like [1] or [2][3].
` + outputFormat

// AgentPromptVersion is the version of agent records: 2 adds the final
// call asking for the answer schema.
const AgentPromptVersion = "2"

// AnswerAgent asks the model for the agent's final answer in the answer
// schema over a.Hits, continuing a.Snapshot's conversation, then checks and
// stores it like a cited answer; onAnswer receives the answer text as it
// streams (it may be nil). A call that fails keeps the agent's prose answer
// (a.Raw), checked as prose, with the failure recorded among the formats
// refused.
//
// The question's words are not judged against the passages, as Run judges
// them: the agent's tools chose what to search, and a model's quotes are
// not held to the question's words (quotesupport.go). Only an answer that
// quotes nothing but headings is withdrawn.
func (p *Pipeline) AnswerAgent(ctx context.Context, a Answered, onAnswer func(string) error) (Record, error) {
	start := time.Now()
	rec := Record{RunID: a.RunID, NodeID: a.NodeID, TraceID: newID(), RequestID: newID(),
		Retrieval: Retrieval{Query: a.Query, Parameters: a.Parameters, Hits: a.Hits},
		Snapshot: Snapshot{PromptName: AgentPromptName, PromptVersion: AgentPromptVersion,
			Messages: append(slices.Clip(a.Snapshot.Messages), llm.Message{Role: llm.RoleUser, Content: agentAnswerInstruction})}}
	rec, err := p.generate(ctx, rec, Request{Model: a.Model, Params: a.Params, Hits: a.Hits, OnAnswer: onAnswer}, p.optionsFor(a))
	if err != nil {
		return p.verifyAgentProse(ctx, a, rec.Raw.Output, err, onAnswer)
	}
	rec.Raw = withAgentRounds(rec.Raw, a.Raw)
	rec.Result = withQuoteSupport(rec.Result, Support{}, "", false)
	rec.Timing.LLMMs += ms(a.Raw.Latency)
	rec.Timing.TotalMs = ms(time.Since(start)) + ms(a.Raw.Latency)
	return p.save(ctx, rec, nil)
}

// verifyAgentProse records the agent's prose answer when the call for the
// schema failed, with that failure among the formats refused.
func (p *Pipeline) verifyAgentProse(ctx context.Context, a Answered, asked Output, err error, onAnswer func(string) error) (Record, error) {
	a.Raw.Output.Rejected = append(asked.Rejected, Rejection{Format: asked.Format, Error: err.Error()})
	a.Snapshot.PromptVersion = AgentPromptVersion
	rec, err := p.Verify(ctx, a)
	if err == nil && onAnswer != nil {
		_ = onAnswer(rec.Result.Answer) // the prose answer streams as one piece
	}
	return rec, err
}

// withAgentRounds adds the agent's rounds with its tools to the final call's
// reply: their latency, tokens and reasoning.
func withAgentRounds(final, rounds Raw) Raw {
	final.Latency += rounds.Latency
	final.Usage.PromptTokens += rounds.Usage.PromptTokens
	final.Usage.CompletionTokens += rounds.Usage.CompletionTokens
	final.Reasoning = joinNonEmpty(rounds.Reasoning, final.Reasoning)
	return final
}

// optionsFor is the pipeline's options with the answer's uncited policy.
func (p *Pipeline) optionsFor(a Answered) Options {
	opts := p.Options
	if a.Uncited != "" {
		opts.Uncited = a.Uncited
	}
	return opts
}

func joinNonEmpty(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n\n" + b
}
