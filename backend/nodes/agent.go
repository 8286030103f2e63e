package nodes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"lexflow/backend/agent"
	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/generation"
	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
)

// TypeAgent is the agent node: a model that uses tools over several rounds.
const TypeAgent = "agent"

// agentData configures an Agent node: a model, a system prompt
// (instruction), the user message (query, by default the chat question),
// the tools it may call, the collections (or documents) its search tools look in, the
// round limit and the strategy. Tools are built-in tool names, or objects
// shaped like a Tool node's data ({tool_name, tool_parameters}): a Tool node
// exposed to the agent, whose configured parameters are fixed and hidden
// from the model, which fills the rest.
type agentData struct {
	Model         modelConfig    `json:"model"`
	Instruction   string         `json:"instruction"`
	Query         string         `json:"query"`
	Memory        *memoryConfig  `json:"memory"`
	Tools         []agentToolDef `json:"tools"`
	DatasetIDs    []string       `json:"dataset_ids"`
	DocumentIDs   []string       `json:"document_ids"` // Lexflow: search only these documents
	MaxIterations int            `json:"max_iterations"`
	Strategy      string         `json:"strategy"`
	ToolTimeout   float64        `json:"tool_timeout"` // seconds
	Uncited       string         `json:"uncited_policy"`
}

type agentNode struct {
	deps Deps
	// fromDify: the node was written by Dify (agent_parameters), so it may
	// have no tools, and placeholders stand for its tools Lexflow lacks.
	fromDify     bool
	placeholders []difyToolPlaceholder
	data         agentData
	params       params
	instruction  engine.Template
	query        engine.Template
	tools        []agentTool
	mode         dsl.Mode
	inputs       []engine.Input
}

// citeInstruction is added to the system prompt when the agent can reach
// the library: its answer is checked like every cited answer.
const citeInstruction = `Answer only from what your tools return. Passages come numbered, like [1]; end every sentence that uses one with its number, like [1] or [2][3]. Put exact words you quote from a passage in double quotes. If the tools find nothing that answers the question, say so plainly instead of answering from memory.`

func newAgent(deps Deps) engine.NodeFactory {
	return func(def engine.NodeDef) (engine.Node, error) {
		n := &agentNode{deps: deps, mode: def.Mode}
		if err := decode(def, &n.data); err != nil {
			return nil, err
		}
		if err := n.readDify(def); err != nil {
			return nil, err
		}
		if err := n.configure(); err != nil {
			return nil, err
		}
		return node{spec: n.spec(), run: n.run}, nil
	}
}

func (n *agentNode) configure() error {
	d := n.data
	var err error
	if n.params, err = d.Model.parse(); err != nil {
		return err
	}
	switch {
	case !oneOf(d.Strategy, "", string(agent.StrategyAuto), string(agent.StrategyFunctionCalling), string(agent.StrategyReAct)):
		return fieldError("strategy", "Choose how the agent uses its tools.", "%q: want auto, function_calling or react", d.Strategy)
	case d.MaxIterations < 0 || d.MaxIterations > agent.MaxRounds:
		return fieldError("max_iterations", "Choose between 1 and "+fmt.Sprint(agent.MaxRounds)+" rounds.", "%d: want 1..%d", d.MaxIterations, agent.MaxRounds)
	case d.ToolTimeout < 0:
		return fieldError("tool_timeout", "Give the tool time limit in seconds, more than 0.", "%g: want seconds, more than 0", d.ToolTimeout)
	case !oneOf(d.Uncited, "", string(generation.UncitedPartial), string(generation.UncitedFail), string(generation.UncitedStrip)):
		return fieldError("uncited_policy", "Choose what happens to uncited claims.", "%q: want partial, fail or strip", d.Uncited)
	case len(d.Tools) == 0 && !n.fromDify:
		return fieldError("tools", "Add at least one tool. For a model without tools, use an LLM step.", "an agent needs at least one tool (for a model without tools, use an LLM node)")
	}
	if d.Query == "" {
		n.data.Query = "{{#sys.query#}}"
	}
	n.instruction, n.query = engine.ParseTemplate(d.Instruction), engine.ParseTemplate(n.data.Query)
	n.tools, err = n.compileTools(nonEmpty(d.DatasetIDs), nonEmpty(d.DocumentIDs))
	return err
}

// compileTools builds the agent's tools over collections and documents,
// its placeholders last.
func (n *agentNode) compileTools(collections, documents []string) ([]agentTool, error) {
	ts, err := agentTools(n.deps, n.data.Tools, collections, documents)
	if err != nil {
		return nil, err
	}
	return withPlaceholders(ts, n.placeholders), nil
}

func (n *agentNode) spec() engine.Spec {
	ins := templateInputs(n.data.Instruction, n.data.Query)
	for _, in := range memoryInputs(n.data.Memory, n.mode) {
		ins = addInput(ins, in)
	}
	for _, t := range n.tools {
		for _, in := range argInputs(t.presets) {
			ins = addInput(ins, in)
		}
	}
	n.inputs = ins
	outs := append(llmOutputs(),
		engine.Output{Name: "citations", Type: engine.TypeArrayObject}, engine.Output{Name: "claims", Type: engine.TypeArrayObject},
		engine.Output{Name: "status", Type: engine.TypeString}, engine.Output{Name: "generation_record_id", Type: engine.TypeString},
		engine.Output{Name: "rounds", Type: engine.TypeNumber}, engine.Output{Name: "reasoning", Type: engine.TypeString},
		engine.Output{Name: "tool_calls", Type: engine.TypeArrayObject})
	return engine.Spec{Inputs: ins, Outputs: outs, Streams: []string{"text", "reasoning", "tool_calls"}}
}

func (n *agentNode) run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	var w warnings
	if len(n.placeholders) > 0 {
		w.add("Dify tools with no Lexflow equivalent are placeholders, and the run fails if the model calls one: %s", placeholderNames(n.placeholders))
	}
	messages, err := n.messages(in, &w)
	res := engine.NodeResult{Inputs: recordInputs(in, n.inputs)}
	if err != nil {
		return res, err
	}
	o := overridesOf(in)
	m, err := n.deps.resolveModel(ctx, in, o.model(n.data.Model.ref()))
	if err != nil {
		return res, err
	}
	if _, ok := m.Provider.(*extractive.Provider); ok {
		return res, fail(ErrorTypeModelConfig, "the built-in extractive answerer cannot use tools: choose a model from Ollama or an OpenAI-compatible provider for the agent")
	}
	tools, colls, docs, err := n.toolsFor(o)
	if err != nil {
		return res, err
	}
	box := newAgentBox(tools, in.Vars)
	req := llm.Request{Model: m.Name, Messages: messages}
	n.params.apply(&req)
	out, runErr := agent.Run(ctx, agent.Config{Provider: m.Provider, Request: req, Strategy: agent.Strategy(n.data.Strategy),
		Rounds: n.data.MaxIterations, ToolTimeout: time.Duration(n.data.ToolTimeout * float64(time.Second))}, box,
		streamHooks(in, n.streamsLoopText()))
	for _, note := range out.Notes {
		w.add("%s", note)
	}
	res.Usage = &out.Usage
	res.ProcessData = n.processData(m, out, box, w)
	if errors.As(runErr, new(*agent.HaltError)) {
		return res, runErr // a tool ended the run: its failure is the node's
	}
	if runErr != nil {
		return res, modelFailure(ctx, m, runErr)
	}
	rec, err := n.verify(ctx, in, m, messages, out, box, colls, docs)
	if err != nil {
		return res, err
	}
	if rec.ID == "" && !n.streamsLoopText() {
		if err := in.Stream("text", out.Text); err != nil {
			return res, err
		}
	}
	res.Outputs = n.outputs(messages, out, rec)
	if rec.ID != "" {
		res.ProcessData["generation_record_id"] = rec.ID
		res.ProcessData["status"] = string(rec.Result.Status)
		res.ProcessData["output_format"] = string(rec.Raw.Output.Format)
	}
	if strings.TrimSpace(out.Text) == "" {
		return res, fail(ErrorTypeGeneration, "the agent gave no answer in %d rounds", out.Rounds)
	}
	return res, nil
}

// messages: the instruction (with the citation rule when the library is
// reachable), earlier turns (chatflows with memory), then the query.
func (n *agentNode) messages(in engine.NodeInput, w *warnings) ([]llm.Message, error) {
	system := strings.TrimSpace(in.Vars.Render(n.instruction))
	if n.searchesLibrary() {
		system = strings.TrimSpace(system + "\n\n" + citeInstruction)
	}
	var msgs []llm.Message
	if system != "" {
		msgs = append(msgs, llm.Message{Role: llm.RoleSystem, Content: system})
	}
	mem := n.data.Memory
	if mem != nil && n.mode != dsl.ModeChatflow {
		w.add("memory is only used in chatflows and was ignored")
		mem = nil
	}
	if mem != nil {
		turns, err := mem.history(in.RunInputs)
		if err != nil {
			return nil, fail(ErrorTypeInvalidInput, "read memory: %w", err)
		}
		msgs = append(msgs, historyMessages(turns)...)
	}
	query := strings.TrimSpace(in.Vars.Render(n.query))
	if query == "" {
		return nil, fail(ErrorTypeInvalidInput, "query %q is empty", n.data.Query)
	}
	return append(msgs, llm.Message{Role: llm.RoleUser, Content: query}), nil
}

// streamsLoopText tells whether the loop streamed its answer as the node's
// text: it does unless the answer is asked for again in the answer schema.
func (n *agentNode) streamsLoopText() bool { return !n.searchesLibrary() }

func (n *agentNode) searchesLibrary() bool {
	for _, t := range n.tools {
		if t.evidence {
			return true
		}
	}
	return false
}

// streamHooks send the loop's progress as the node's streams: reasoning,
// and text as it comes when the loop's answer is the node's (text: an agent
// that searches the library streams its answer from the final call that
// asks for it in the answer schema instead); on "tool_calls", each call
// ({phase: "call", index, id, name, arguments}) and each result ({phase:
// "result", index, result, failed}) as one JSON chunk.
func streamHooks(in engine.NodeInput, text bool) agent.Hooks {
	return agent.Hooks{
		Delta: func(d llm.Delta) error {
			switch {
			case d.Kind == llm.DeltaContent && text:
				return in.Stream("text", d.Text)
			case d.Kind == llm.DeltaReasoning:
				return in.Stream("reasoning", d.Text)
			}
			return nil
		},
		ToolCall: func(i int, c llm.ToolCall) error {
			return in.Stream("tool_calls", chunkJSON(map[string]any{"phase": "call", "index": i, "id": c.ID, "name": c.Name, "arguments": c.Arguments}))
		},
		ToolResult: func(i int, result string, failed bool) error {
			return in.Stream("tool_calls", chunkJSON(map[string]any{"phase": "result", "index": i, "result": result, "failed": failed}))
		},
	}
}

func chunkJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// toolsFor is the agent's tools for a run: built once at compile time over
// the node's collections, rebuilt over the run's when it chooses others.
func (n *agentNode) toolsFor(o Overrides) ([]agentTool, []string, []string, error) {
	colls, docs := nonEmpty(n.data.DatasetIDs), nonEmpty(n.data.DocumentIDs)
	if !o.searches() {
		return n.tools, colls, docs, nil
	}
	colls, docs = o.scope(colls, docs)
	tools, err := n.compileTools(colls, docs)
	return tools, colls, docs, err
}

// verify checks and records the answer when the tools returned evidence;
// without evidence there is nothing to cite and no record.
func (n *agentNode) verify(ctx context.Context, in engine.NodeInput, m Model, messages []llm.Message, out agent.Result, box *agentBox, colls, docs []string) (generation.Record, error) {
	hits := box.ledger.list()
	if len(hits) == 0 || strings.TrimSpace(out.Text) == "" {
		return generation.Record{}, nil
	}
	if n.deps.Verifier == nil {
		return generation.Record{}, fail(ErrorTypeGeneration, "agent: answers cannot be checked here (no generation store)")
	}
	return n.deps.Verifier.AnswerAgent(ctx, generation.Answered{
		Query: lastUser(messages), Hits: hits, Uncited: generation.UncitedPolicy(n.data.Uncited),
		Parameters: map[string]any{"source": "agent tools", "tool_calls": out.ToolCalls, "collection_ids": colls, "document_ids": docs},
		Snapshot:   generation.Snapshot{PromptName: generation.AgentPromptName, PromptVersion: generation.AgentPromptVersion, Messages: out.Messages},
		Model:      m.Generation(),
		Params:     generation.Params{Temperature: n.params.temperature, MaxTokens: n.params.maxTokens, Seed: n.params.seed},
		Raw: generation.Raw{Text: out.Text, Reasoning: joinReasoning(out.Detail.Reasoning), Provider: m.ProviderName, Model: m.Name,
			Usage: out.Usage, FinishReason: out.Finish, Latency: out.Latency, Output: agentOutput},
		RunID: in.RunID, NodeID: in.NodeID,
	}, func(text string) error { return in.Stream("text", text) })
}

// agentOutput is the reply format of the agent's rounds: prose with [n]
// markers (generation.AnswerAgent says why, and asks for the schema after).
var agentOutput = generation.Output{Format: llm.FormatProse}

func lastUser(msgs []llm.Message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == llm.RoleUser {
			return msgs[i].Content
		}
	}
	return ""
}

func (n *agentNode) outputs(messages []llm.Message, out agent.Result, rec generation.Record) map[string]engine.Value {
	text, status := out.Text, ""
	citations, claims := typedList[generation.Citation](nil), typedList[generation.Claim](nil)
	if rec.ID != "" {
		text, status = rec.Result.Answer, string(rec.Result.Status)
		citations, claims = typedList(rec.Result.Citations), typedList(rec.Result.Claims)
	}
	usage := map[string]any{"prompt_tokens": float64(out.Usage.PromptTokens), "completion_tokens": float64(out.Usage.CompletionTokens),
		"total_tokens": float64(out.Usage.Total())}
	return outputs(map[string]any{
		"text": text, "reasoning_content": joinReasoning(out.Detail.Reasoning), "usage": usage,
		"context": BuildContext(messages, out.Text), "generation": out.Detail, "finish_reason": out.Finish,
		"citations": citations, "claims": claims, "status": status, "generation_record_id": rec.ID,
		"rounds": float64(out.Rounds), "reasoning": joinReasoning(out.Detail.Reasoning), "tool_calls": toolCallRecords(out.Detail),
	})
}

// toolCallRecords is the tool_calls output: {name, arguments, result}.
func toolCallRecords(d llm.Detail) []any {
	out := make([]any, len(d.ToolCalls))
	for i, c := range d.ToolCalls {
		var args any
		_ = json.Unmarshal(c.Arguments, &args)
		out[i] = map[string]any{"name": c.Name, "arguments": args, "result": c.Result}
	}
	return out
}

func (n *agentNode) processData(m Model, out agent.Result, box *agentBox, w warnings) map[string]any {
	n.params.warn(&w)
	names := make([]string, len(n.tools))
	for i, t := range n.tools {
		names[i] = t.def.Name
	}
	pd := map[string]any{
		"model_provider": m.ProviderName, "model_name": m.Name, "strategy": string(out.Strategy), "rounds": out.Rounds,
		"tool_calls": out.ToolCalls, "tools": names, "messages": out.Messages, "parameters": n.params.record(),
		"usage":         map[string]any{"prompt_tokens": out.Usage.PromptTokens, "completion_tokens": out.Usage.CompletionTokens},
		"finish_reason": out.Finish, "latency": out.Latency.Seconds(), "evidence": len(box.ledger.list()), DetailKey: out.Detail,
	}
	if out.Stopped != "" {
		pd["stopped"] = out.Stopped
	}
	return w.into(pd)
}

// recordInputs lists the variables a node read, for the trace.
func recordInputs(in engine.NodeInput, inputs []engine.Input) map[string]any {
	out := map[string]any{}
	for _, input := range inputs {
		if v, ok := in.Vars.Get(input.Selector); ok {
			out[input.Selector.String()] = v.Any()
		}
	}
	return out
}
