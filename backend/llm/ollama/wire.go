package ollama

import (
	"encoding/json"
	"fmt"

	"github.com/ollama/ollama/api"

	"lexflow/backend/llm"
)

// toChatRequest translates a request into Ollama's wire form. It always
// streams: that is how first-token latency is measured and partial replies kept.
func toChatRequest(req llm.Request) (*api.ChatRequest, error) {
	msgs, err := toMessages(req.Messages)
	if err != nil {
		return nil, err
	}
	tools, err := toTools(req.Tools)
	if err != nil {
		return nil, err
	}
	stream := true
	out := &api.ChatRequest{Model: req.Model, Messages: msgs, Stream: &stream, Tools: tools, Options: toOptions(req)}
	if req.Think != nil {
		out.Think = &api.ThinkValue{Value: *req.Think}
	}
	switch {
	case len(req.Schema) > 0:
		out.Format = req.Schema // structured outputs (Ollama 0.5+): the schema becomes a grammar
	case req.JSON:
		out.Format = json.RawMessage(`"json"`)
	}
	return out, nil
}

// toOptions carries the sampling parameters that were set; nil when none were.
func toOptions(req llm.Request) map[string]any {
	opts := map[string]any{}
	if req.Temperature != nil {
		opts["temperature"] = *req.Temperature
	}
	if req.TopP != nil {
		opts["top_p"] = *req.TopP
	}
	if req.MaxTokens > 0 {
		opts["num_predict"] = req.MaxTokens
	}
	if req.Seed != nil {
		opts["seed"] = *req.Seed
	}
	if len(req.Stop) > 0 {
		opts["stop"] = req.Stop
	}
	if len(opts) == 0 {
		return nil
	}
	return opts
}

func toMessages(msgs []llm.Message) ([]api.Message, error) {
	out := make([]api.Message, 0, len(msgs))
	for _, m := range msgs {
		calls, err := toWireCalls(m.ToolCalls)
		if err != nil {
			return nil, err
		}
		out = append(out, api.Message{
			Role:       string(m.Role),
			Content:    m.Content,
			Thinking:   m.Reasoning,
			ToolCalls:  calls,
			ToolName:   m.Name,
			ToolCallID: m.ToolCallID,
		})
	}
	return out, nil
}

// toWireCalls sends earlier tool calls back; Ollama wants arguments as an object.
func toWireCalls(calls []llm.ToolCall) ([]api.ToolCall, error) {
	var out []api.ToolCall
	for i, c := range calls {
		args := api.NewToolCallFunctionArguments()
		if len(c.Arguments) > 0 {
			if err := json.Unmarshal(c.Arguments, &args); err != nil {
				return nil, fmt.Errorf("send tool call %q: arguments are not a JSON object: %w", c.Name, err)
			}
		}
		out = append(out, api.ToolCall{ID: c.ID, Function: api.ToolCallFunction{Index: i, Name: c.Name, Arguments: args}})
	}
	return out, nil
}

func toTools(tools []llm.Tool) (api.Tools, error) {
	var out api.Tools
	for _, t := range tools {
		params := api.ToolFunctionParameters{Type: "object", Properties: api.NewToolPropertiesMap()}
		if len(t.Parameters) > 0 {
			if err := json.Unmarshal(t.Parameters, &params); err != nil {
				return nil, fmt.Errorf("send tool %q: parameters are not a JSON Schema object: %w", t.Name, err)
			}
		}
		out = append(out, api.Tool{
			Type:     "function",
			Function: api.ToolFunction{Name: t.Name, Description: t.Description, Parameters: params},
		})
	}
	return out, nil
}

// toToolCalls reads the tool calls of one chunk; Ollama sends each whole.
// Older Ollama versions send no id, so one is made up.
func toToolCalls(calls []api.ToolCall, newID func() string) []llm.ToolCall {
	var out []llm.ToolCall
	for _, c := range calls {
		args, err := json.Marshal(c.Function.Arguments)
		if err != nil {
			args = []byte("{}")
		}
		id := c.ID
		if id == "" {
			id = newID()
		}
		out = append(out, llm.ToolCall{ID: id, Name: c.Function.Name, Arguments: args})
	}
	return out
}

func toModels(list *api.ListResponse) []llm.Model {
	out := []llm.Model{}
	if list == nil {
		return out
	}
	for _, m := range list.Models {
		out = append(out, llm.Model{
			Name:          m.Name,
			Size:          m.Size,
			Family:        m.Details.Family,
			ParameterSize: m.Details.ParameterSize,
			Quantization:  m.Details.QuantizationLevel,
			ModifiedAt:    m.ModifiedAt,
		})
	}
	return out
}
