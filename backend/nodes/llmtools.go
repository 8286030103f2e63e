package nodes

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/llm"
	"lexflow/backend/nodes/tools"
)

// Tool rounds of an LLM node: a round is one model call; the model may ask
// for tools in every round but the last.
const (
	defaultToolRounds = 5
	maxToolRounds     = 20
)

// toolRef names a tool in an LLM node's "tools": a name, or an object with
// tool_name (the shape of Dify's tool entries).
type toolRef struct {
	Name string
}

func (t *toolRef) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &t.Name); err == nil {
		return nil
	}
	var obj struct {
		ToolName string `json:"tool_name"`
		Name     string `json:"name"`
	}
	if err := json.Unmarshal(b, &obj); err != nil {
		return fmt.Errorf("read tool: want a name or {tool_name}: %w", err)
	}
	t.Name = firstNonEmpty(obj.ToolName, obj.Name)
	return nil
}

func toolNames(refs []toolRef) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.Name
	}
	return out
}

// converse runs model rounds: while the model asks for tools the node
// offers, each call runs locally, its result goes into the generation
// detail and back to the model. Tool calls of a node that offers no tools
// are recorded, not run.
func (n *llmNode) converse(ctx context.Context, call *modelCall, w *warnings) error {
	rounds := n.data.MaxIterations
	if rounds == 0 {
		rounds = defaultToolRounds
	}
	for {
		before := len(call.detail().ToolCalls)
		resp, err := call.chat(ctx)
		if err != nil || len(resp.ToolCalls) == 0 {
			return err
		}
		if len(n.llmTools) == 0 {
			w.add("the model asked for tools (%s) but the node offers none; the calls are recorded, not run", callNames(resp.ToolCalls))
			return nil
		}
		if call.rounds >= rounds {
			w.add("stopped after %d model rounds; the last tool calls were not run", rounds)
			return nil
		}
		n.runTools(ctx, call, resp, before)
	}
}

func (n *llmNode) runTools(ctx context.Context, call *modelCall, resp llm.Response, first int) {
	call.req.Messages = append(call.req.Messages, llm.Message{Role: llm.RoleAssistant, Content: resp.Content, ToolCalls: resp.ToolCalls})
	for i, tc := range resp.ToolCalls {
		result := n.callTool(ctx, tc)
		call.builder.SetToolResult(first+i, result)
		call.req.Messages = append(call.req.Messages, llm.Message{Role: llm.RoleTool, Content: result, ToolCallID: tc.ID, Name: tc.Name})
	}
}

// callTool runs one call; failures become the result text, for the model
// to read and recover from.
func (n *llmNode) callTool(ctx context.Context, tc llm.ToolCall) string {
	t, ok := n.tools.Lookup(tc.Name)
	if !ok || !offered(n.llmTools, tc.Name) {
		return fmt.Sprintf("error: no tool %q is offered", tc.Name)
	}
	res, err := tools.Invoke(ctx, t, tc.Arguments)
	if err != nil {
		return "error: " + err.Error()
	}
	return res.Text
}

func offered(list []llm.Tool, name string) bool {
	for _, t := range list {
		if t.Name == name {
			return true
		}
	}
	return false
}

func callNames(calls []llm.ToolCall) string {
	names := make([]string, len(calls))
	for i, c := range calls {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}
