package nodes

import (
	"context"
	"encoding/json"
	"fmt"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/llm"
	"lexflow/backend/nodes/tools"
)

// llmData is Dify's LLM node data, plus Lexflow's optional tools.
type llmData struct {
	Model          modelConfig     `json:"model"`
	PromptTemplate json.RawMessage `json:"prompt_template"`
	PromptConfig   struct {
		Jinja2Variables []jinjaVar `json:"jinja2_variables"`
	} `json:"prompt_config"`
	Memory  *memoryConfig `json:"memory"`
	Context struct {
		Enabled          bool            `json:"enabled"`
		VariableSelector engine.Selector `json:"variable_selector"`
	} `json:"context"`
	Vision struct {
		Enabled bool `json:"enabled"`
	} `json:"vision"`
	// Tools (Lexflow): names of tools the model may call; the node runs
	// them and feeds results back, up to MaxIterations rounds.
	Tools         []toolRef `json:"tools"`
	MaxIterations int       `json:"max_iterations"`
	// Conversation (Lexflow): a context-shaped variable (an LLM-family
	// node's "context") replayed as messages after the system messages.
	Conversation engine.Selector `json:"conversation"`
	// Extraction is set on the virtual nodes a tool's extraction
	// parameters build (extraction.go).
	Extraction *extractionInfo `json:"extraction"`
}

// llmNode is a configured LLM node.
type llmNode struct {
	deps     Deps
	data     llmData
	params   params
	prompt   prompt
	tools    *tools.Registry
	llmTools []llm.Tool
	mode     dsl.Mode
	inputs   []engine.Input
}

// llmOutputs are the outputs every LLM node declares.
func llmOutputs() []engine.Output {
	return []engine.Output{
		{Name: "text", Type: engine.TypeString}, {Name: "reasoning_content", Type: engine.TypeString},
		{Name: "usage", Type: engine.TypeObject}, {Name: "context", Type: engine.TypeArrayObject},
		{Name: "generation", Type: engine.TypeObject}, {Name: "finish_reason", Type: engine.TypeString},
	}
}

func newLLM(deps Deps, reg *tools.Registry) engine.NodeFactory {
	return func(def engine.NodeDef) (engine.Node, error) {
		n := &llmNode{deps: deps, tools: reg, mode: def.Mode}
		if err := decode(def, &n.data); err != nil {
			return nil, err
		}
		if err := n.configure(); err != nil {
			return nil, err
		}
		if n.data.Extraction != nil {
			x := extractionNode{llm: n, info: *n.data.Extraction}
			return node{spec: x.spec(), run: x.run}, nil
		}
		return node{spec: n.spec(), run: n.run}, nil
	}
}

func (n *llmNode) configure() error {
	var err error
	if n.params, err = n.data.Model.parse(); err != nil {
		return err
	}
	if n.prompt, err = parsePrompt(n.data.PromptTemplate, n.data.PromptConfig.Jinja2Variables); err != nil {
		return err
	}
	if c := n.data.Context; c.Enabled {
		if err := checkSelector("context.variable_selector", c.VariableSelector); err != nil {
			return err
		}
	}
	if c := n.data.Conversation; c != nil {
		if err := checkSelector("conversation", c); err != nil {
			return err
		}
	}
	if n.data.MaxIterations < 0 || n.data.MaxIterations > maxToolRounds {
		return fieldError("max_iterations", "Choose between 1 and "+fmt.Sprint(maxToolRounds)+" tool rounds.", "%d: want 1..%d", n.data.MaxIterations, maxToolRounds)
	}
	n.llmTools, err = n.tools.LLMTools(toolNames(n.data.Tools))
	if err != nil {
		return fieldError("tools", "One of the tools is not a Lexflow tool: choose another.", "%v", err)
	}
	return nil
}

func (n *llmNode) spec() engine.Spec {
	ins := n.prompt.inputs()
	for _, in := range memoryInputs(n.data.Memory, n.mode) {
		ins = addInput(ins, in)
	}
	if c := n.data.Context; c.Enabled {
		ins = addInput(ins, engine.Input{Selector: c.VariableSelector, Type: engine.TypeAny, Field: "context.variable_selector"})
	}
	if c := n.data.Conversation; c != nil {
		ins = addInput(ins, engine.Input{Selector: c, Type: engine.TypeAny})
	}
	n.inputs = ins
	return engine.Spec{Inputs: ins, Outputs: llmOutputs(), Streams: []string{"text"}}
}

func (n *llmNode) run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	var w warnings
	messages, err := n.messages(in, &w)
	if err != nil {
		return engine.NodeResult{}, err
	}
	m, err := n.deps.resolveModel(ctx, in, overridesOf(in).model(n.data.Model.ref()))
	if err != nil {
		return engine.NodeResult{ProcessData: w.into(map[string]any{"messages": messages})}, err
	}
	call := newModelCall(m, n.data.Model, n.params, messages)
	call.req.Tools = n.llmTools
	call.onText = func(s string) error { return in.Stream("text", s) }
	err = n.converse(ctx, call, &w)
	res := engine.NodeResult{ProcessData: call.processData(w), Usage: &call.usage, Inputs: recordInputs(in, n.inputs)}
	if err != nil {
		return res, err
	}
	res.Outputs = n.outputs(messages, call)
	return res, nil
}

func (n *llmNode) outputs(messages []llm.Message, call *modelCall) map[string]engine.Value {
	d := call.detail()
	return outputs(map[string]any{
		"text": d.Content, "reasoning_content": joinReasoning(d.Reasoning), "usage": call.usageObject(),
		"context": BuildContext(messages, d.Content), "generation": d, "finish_reason": call.finish,
	})
}

func joinReasoning(segments []string) string {
	out := ""
	for _, s := range segments {
		out += s
	}
	return out
}

// messages builds the prompt: the template's messages, then (chatflows
// with memory) the earlier turns and the current query.
func (n *llmNode) messages(in engine.NodeInput, w *warnings) ([]llm.Message, error) {
	if n.data.Vision.Enabled {
		w.add("vision is not supported; image inputs were ignored")
	}
	var mk markers
	if c := n.data.Context; c.Enabled {
		v, _ := lookup(in.Vars, c.VariableSelector)
		mk.context = contextText(v)
	}
	mem := n.data.Memory
	if mem != nil && n.mode != dsl.ModeChatflow {
		w.add("memory is only used in chatflows and was ignored")
		mem = nil
	}
	var turns []Turn
	if mem != nil {
		var err error
		if turns, err = mem.history(in.RunInputs); err != nil {
			return nil, fail(ErrorTypeInvalidInput, "read memory: %w", err)
		}
		mk.histories = mem.historyText(turns)
	}
	msgs, err := n.prompt.render(in.Vars, mk)
	if err == nil && n.data.Conversation != nil {
		var conv []llm.Message
		conv, err = conversationMessages(in.Vars, n.data.Conversation, w)
		msgs = withConversation(msgs, conv)
	}
	if err != nil || mem == nil || n.data.Model.Mode == "completion" {
		return msgs, err
	}
	msgs = append(msgs, historyMessages(turns)...)
	query := renderWithMarkers(engine.ParseTemplate(mem.queryTemplate()), in.Vars, mk)
	return append(msgs, llm.Message{Role: llm.RoleUser, Content: query}), nil
}
