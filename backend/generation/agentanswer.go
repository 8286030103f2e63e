package generation

import (
	"context"
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
func (p *Pipeline) AnswerAgent(ctx context.Context, a Answered, onAnswer func(string) error) (Record, error) {
	start := time.Now()
	snap := Snapshot{PromptName: AgentPromptName, PromptVersion: AgentPromptVersion,
		Messages: append(a.Snapshot.Messages[:len(a.Snapshot.Messages):len(a.Snapshot.Messages)],
			llm.Message{Role: llm.RoleUser, Content: agentAnswerInstruction})}
	stream := newAnswerStream(onAnswer)
	raw, err := p.formats.generateShaped(ctx, a.Model, snap, a.Params, AnswerSchema(a.Hits), func(d llm.Delta) error {
		if d.Kind == llm.DeltaContent {
			return stream.write(d.Text)
		}
		return nil
	})
	if err != nil {
		a.Raw.Output.Rejected = append(raw.Output.Rejected, Rejection{Format: raw.Output.Format, Error: err.Error()})
		a.Snapshot.PromptVersion = AgentPromptVersion
		rec, err := p.Verify(ctx, a)
		if err == nil && onAnswer != nil {
			_ = onAnswer(rec.Result.Answer) // the prose answer streams as one piece
		}
		return rec, err
	}
	raw.Latency += a.Raw.Latency
	raw.Usage.PromptTokens += a.Raw.Usage.PromptTokens
	raw.Usage.CompletionTokens += a.Raw.Usage.CompletionTokens
	raw.Reasoning = joinNonEmpty(a.Raw.Reasoning, raw.Reasoning)
	rec := Record{RunID: a.RunID, NodeID: a.NodeID, TraceID: newID(), RequestID: newID(), Snapshot: snap, Raw: raw,
		Retrieval: Retrieval{Query: a.Query, Parameters: a.Parameters, Hits: a.Hits}, Provider: providerSnapshot(a.Model, a.Params)}
	t := time.Now()
	rec.Result = Postprocess(raw.Text, a.Hits, p.optionsFor(a))
	if rec.Result.Refused {
		rec.Result.Answer = RefusalAnswer("")
	}
	sup := JudgeSupport(ctx, a.Query, a.Hits, p.Rarity)
	rec.Result = withQuoteSupport(rec.Result, sup, "", false)
	rec.Timing = Timing{LLMMs: ms(raw.Latency), PostprocessMs: ms(time.Since(t)), TotalMs: ms(time.Since(start)) + ms(a.Raw.Latency)}
	return p.save(ctx, rec, nil)
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
