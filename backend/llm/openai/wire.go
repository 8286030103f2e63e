package openai

import (
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	goopenai "github.com/sashabaranov/go-openai"

	"lexflow/backend/llm"
)

// toChatRequest translates a request into the Chat Completions wire form.
// Think has no portable OpenAI field and is not sent.
func toChatRequest(req llm.Request) goopenai.ChatCompletionRequest {
	out := goopenai.ChatCompletionRequest{
		Model:         req.Model,
		Messages:      toMessages(req.Messages),
		Stream:        true,
		StreamOptions: &goopenai.StreamOptions{IncludeUsage: true},
		Seed:          req.Seed,
		Stop:          req.Stop,
		Tools:         toTools(req.Tools),
		Temperature:   sampling(req.Temperature),
		TopP:          sampling(req.TopP),
	}
	if req.MaxTokens > 0 {
		if reasoningSeries(req.Model) {
			out.MaxCompletionTokens = req.MaxTokens
		} else {
			out.MaxTokens = req.MaxTokens
		}
	}
	out.ResponseFormat = responseFormat(req)
	return out
}

// schemaName names the schema of a json_schema response format; OpenAI
// requires a name and shows it to the model.
const schemaName = "reply"

// responseFormat asks for a schema (strict: the server must enforce it, and
// strict servers want every property required and no others allowed), a
// JSON object, or nothing.
func responseFormat(req llm.Request) *goopenai.ChatCompletionResponseFormat {
	switch {
	case len(req.Schema) > 0:
		return &goopenai.ChatCompletionResponseFormat{Type: goopenai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &goopenai.ChatCompletionResponseFormatJSONSchema{Name: schemaName, Schema: req.Schema, Strict: true}}
	case req.JSON:
		return &goopenai.ChatCompletionResponseFormat{Type: goopenai.ChatCompletionResponseFormatTypeJSONObject}
	}
	return nil
}

// sampling converts a sampling parameter. go-openai omits a zero value from
// the JSON, which would turn "temperature 0" (the deterministic setting legal
// work wants) into the server's default; the smallest float32 survives and
// means the same.
func sampling(v *float64) float32 {
	switch {
	case v == nil:
		return 0
	case *v == 0:
		return math.SmallestNonzeroFloat32
	default:
		return float32(*v)
	}
}

// reasoningSeries reports OpenAI models that reject max_tokens (go-openai
// refuses to send it to them).
func reasoningSeries(model string) bool {
	for _, prefix := range []string{"o1", "o3", "o4", "gpt-5"} {
		if strings.HasPrefix(model, prefix) {
			return true
		}
	}
	return false
}

func toMessages(msgs []llm.Message) []goopenai.ChatCompletionMessage {
	out := make([]goopenai.ChatCompletionMessage, 0, len(msgs))
	for _, m := range msgs {
		w := goopenai.ChatCompletionMessage{Role: string(m.Role), Content: m.Content, ToolCallID: m.ToolCallID}
		// tool messages carry no name in the Chat Completions schema, and strict
		// servers reject one; reasoning is never sent back (DeepSeek rejects it)
		if m.Role != llm.RoleTool {
			w.Name = m.Name
		}
		for _, c := range m.ToolCalls {
			args := string(c.Arguments)
			w.ToolCalls = append(w.ToolCalls, goopenai.ToolCall{
				ID: c.ID, Type: goopenai.ToolTypeFunction,
				Function: goopenai.FunctionCall{Name: c.Name, Arguments: cmp.Or(args, "{}")},
			})
		}
		out = append(out, w)
	}
	return out
}

func toTools(tools []llm.Tool) []goopenai.Tool {
	var out []goopenai.Tool
	for _, t := range tools {
		params := t.Parameters
		if len(params) == 0 {
			params = json.RawMessage(`{"type":"object","properties":{}}`)
		}
		out = append(out, goopenai.Tool{
			Type:     goopenai.ToolTypeFunction,
			Function: &goopenai.FunctionDefinition{Name: t.Name, Description: t.Description, Parameters: params},
		})
	}
	return out
}

func toModels(list goopenai.ModelsList) []llm.Model {
	out := []llm.Model{}
	for _, m := range list.Models {
		model := llm.Model{Name: m.ID}
		if m.CreatedAt > 0 {
			model.ModifiedAt = time.Unix(m.CreatedAt, 0).UTC()
		}
		out = append(out, model)
	}
	return out
}

// read consumes the stream until its end; io.EOF is the end, whether or not
// [DONE] came (observe knows).
func (s *streamState) read(stream *goopenai.ChatCompletionStream, st *llm.Stream) error {
	for {
		chunk, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := s.apply(st, chunk); err != nil {
			return err
		}
	}
}

// apply hands one chunk's pieces to the stream. Only choice 0 is read: we
// never ask for more. Tool calls are delivered whole once the server says
// they are finished.
func (s *streamState) apply(st *llm.Stream, c goopenai.ChatCompletionStreamResponse) error {
	s.Model = cmp.Or(c.Model, s.Model)
	if c.Usage != nil {
		s.Usage = llm.Usage{PromptTokens: c.Usage.PromptTokens, CompletionTokens: c.Usage.CompletionTokens}
	}
	for _, ch := range c.Choices {
		if ch.Index != 0 {
			continue
		}
		if err := s.applyDelta(st, ch.Delta); err != nil {
			return err
		}
		if ch.FinishReason != "" {
			s.FinishReason = string(ch.FinishReason)
		}
		if ch.FinishReason == goopenai.FinishReasonToolCalls {
			if err := s.emitTools(st); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *streamState) applyDelta(st *llm.Stream, d goopenai.ChatCompletionStreamChoiceDelta) error {
	if err := st.Reasoning(d.ReasoningContent); err != nil {
		return err
	}
	// a refusal is what the model said instead of an answer: keep it as content
	if err := st.Content(d.Content + d.Refusal); err != nil {
		return err
	}
	s.tools.add(d.ToolCalls)
	return nil
}

func (s *streamState) emitTools(st *llm.Stream) error {
	for _, call := range s.tools.take(s.newID) {
		if err := st.ToolCall(call); err != nil {
			return err
		}
	}
	return nil
}

// toolAssembler rebuilds whole tool calls from streamed pieces: the first
// piece of a call carries its index, id and name, later ones carry the same
// index and a slice of the arguments.
type toolAssembler struct {
	calls []*partialCall
	last  *partialCall
}

type partialCall struct {
	index    int
	id, name string
	args     strings.Builder
}

func (a *toolAssembler) add(deltas []goopenai.ToolCall) {
	for _, d := range deltas {
		pc := a.find(d)
		pc.id = cmp.Or(d.ID, pc.id)
		// some servers repeat the name in every piece: it is set, not appended
		pc.name = cmp.Or(d.Function.Name, pc.name)
		pc.args.WriteString(d.Function.Arguments)
		a.last = pc
	}
}

// find returns the call a piece belongs to. Servers that omit the index
// start a new call with a new id and continue the last one otherwise.
func (a *toolAssembler) find(d goopenai.ToolCall) *partialCall {
	index := 0
	switch {
	case d.Index != nil:
		index = *d.Index
	case d.ID != "" && a.last != nil && a.last.id != d.ID:
		index = a.last.index + 1
	case a.last != nil:
		return a.last
	}
	for _, pc := range a.calls {
		if pc.index == index {
			return pc
		}
	}
	pc := &partialCall{index: index}
	a.calls = append(a.calls, pc)
	return pc
}

// take returns the assembled calls in index order and forgets them.
func (a *toolAssembler) take(newID func() string) []llm.ToolCall {
	slices.SortStableFunc(a.calls, func(x, y *partialCall) int { return cmp.Compare(x.index, y.index) })
	var out []llm.ToolCall
	for _, pc := range a.calls {
		id := pc.id
		if id == "" {
			id = newID()
		}
		out = append(out, llm.ToolCall{ID: id, Name: pc.name, Arguments: llm.RawArgs(pc.args.String())})
	}
	a.calls, a.last = nil, nil
	return out
}
