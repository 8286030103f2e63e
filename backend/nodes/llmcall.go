package nodes

import (
	"context"
	"errors"
	"fmt"

	"lexflow/backend/llm"
)

// DetailKey is the process-data key under which every LLM-family node hands
// its llm.Detail to the run recorder (which moves it to
// llm_generation_details).
const DetailKey = "generation_detail"

// modelCall is one node execution's conversation with a model: one or more
// chat rounds, their deltas recorded in stream order by one DetailBuilder
// (so agent-style rounds merge into one detail), usage summed.
type modelCall struct {
	model   Model
	mode    string
	params  params
	req     llm.Request
	builder llm.DetailBuilder
	usage   llm.Usage
	finish  string
	latency float64 // seconds, all rounds
	rounds  int
	// onText receives content as it streams (the LLM node's "text"); nil
	// for nodes that do not stream.
	onText func(string) error
}

func newModelCall(m Model, cfg modelConfig, p params, messages []llm.Message) *modelCall {
	c := &modelCall{model: m, mode: firstNonEmpty(cfg.Mode, "chat"), params: p}
	c.req = llm.Request{Model: m.Name, Messages: messages}
	p.apply(&c.req)
	return c
}

// chat runs one round. A provider failure comes back as a *Failure whose
// type is the llm error's code and which still unwraps to the *llm.Error.
func (c *modelCall) chat(ctx context.Context) (llm.Response, error) {
	c.rounds++
	resp, err := c.model.Provider.Chat(ctx, c.req, c.onDelta)
	c.usage.PromptTokens += resp.Usage.PromptTokens
	c.usage.CompletionTokens += resp.Usage.CompletionTokens
	c.finish = resp.FinishReason
	c.latency += resp.Latency.Seconds()
	if err != nil {
		return resp, c.failure(ctx, err)
	}
	return resp, nil
}

func (c *modelCall) failure(ctx context.Context, err error) error {
	return modelFailure(ctx, c.model, err)
}

// modelFailure types a model call's error by the llm error's code; an error
// our own callback returned because the run is stopping is passed through.
func modelFailure(ctx context.Context, m Model, err error) error {
	var le *llm.Error
	if !errors.As(err, &le) && ctx.Err() != nil {
		return err
	}
	return &Failure{Type: llm.Code(err), Err: fmt.Errorf("call model %s/%s: %w", m.ProviderName, m.Name, err)}
}

func (c *modelCall) onDelta(d llm.Delta) error {
	c.builder.Add(d)
	if d.Kind == llm.DeltaContent && c.onText != nil && d.Text != "" {
		return c.onText(d.Text)
	}
	return nil
}

// detail is the generation so far.
func (c *modelCall) detail() llm.Detail { return c.builder.Detail() }

// usageObject is the "usage" output.
func (c *modelCall) usageObject() map[string]any {
	return map[string]any{
		"prompt_tokens": float64(c.usage.PromptTokens), "completion_tokens": float64(c.usage.CompletionTokens),
		"total_tokens": float64(c.usage.Total()),
	}
}

// processData is what every LLM-family node records: the messages sent,
// model and provider, parameters, usage, finish reason and the detail.
func (c *modelCall) processData(w warnings) map[string]any {
	c.params.warn(&w)
	pd := map[string]any{
		"model_provider": c.model.ProviderName, "model_name": c.model.Name, "model_mode": c.mode,
		"messages": c.req.Messages, "parameters": c.params.record(), "usage": c.usageObject(),
		"finish_reason": c.finish, "rounds": c.rounds, "latency": c.latency, DetailKey: c.detail(),
	}
	if len(c.req.Tools) > 0 {
		names := make([]string, len(c.req.Tools))
		for i, t := range c.req.Tools {
			names[i] = t.Name
		}
		pd["tools"] = names
	}
	return w.into(pd)
}

// BuildContext is the "context" output of every LLM-family node: the prompt
// messages without system messages, then the reply, as [{role, text, files}]. It is the one builder all of them use.
func BuildContext(messages []llm.Message, reply string) []any {
	out := make([]any, 0, len(messages)+1)
	for _, m := range messages {
		if m.Role != llm.RoleSystem {
			out = append(out, contextEntry(string(m.Role), m.Content))
		}
	}
	return append(out, contextEntry(string(llm.RoleAssistant), reply))
}

func contextEntry(role, text string) map[string]any {
	return map[string]any{"role": role, "text": text, "files": []any{}}
}
