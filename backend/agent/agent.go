package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"lexflow/backend/llm"
)

// Strategy is how tools are offered to the model.
type Strategy string

const (
	StrategyAuto            Strategy = "auto"
	StrategyFunctionCalling Strategy = "function_calling"
	StrategyReAct           Strategy = "react"
)

// Defaults and bounds of a loop.
const (
	DefaultRounds      = 5
	MaxRounds          = 20
	DefaultToolTimeout = 30 * time.Second
)

// Toolbox is the set of tools an agent may call.
type Toolbox interface {
	// Tools are the definitions offered to the model.
	Tools() []llm.Tool
	// Call runs one call and returns the observation the model reads. An
	// error is shown to the model as "error: …" and the loop goes on,
	// unless it is a *HaltError.
	Call(ctx context.Context, call llm.ToolCall) (string, error)
}

// HaltError is a tool's failure that ends the run instead of going back
// to the model (a tool that stands in for one the app does not have): the
// call is recorded as failed like any other, then Run returns the error.
type HaltError struct{ Err error }

func (e *HaltError) Error() string { return e.Err.Error() }
func (e *HaltError) Unwrap() error { return e.Err }

// Config is one agent run.
type Config struct {
	Provider llm.Provider
	// Request carries the model, its parameters and the messages to start
	// from (system prompt, earlier turns, the question). Its Tools are
	// ignored: the toolbox's are offered.
	Request  llm.Request
	Strategy Strategy
	// Rounds is the most model calls; the last one is made without tools.
	// Zero means DefaultRounds.
	Rounds int
	// ToolTimeout bounds each tool call; zero means DefaultToolTimeout.
	ToolTimeout time.Duration
}

// Hooks receive the loop's progress as it happens; any may be nil. An error
// returned by a hook stops the loop with that error (the run is stopping).
type Hooks struct {
	// Delta gets reasoning and content as they stream, and each tool call
	// once it is whole; Index is the call's index in the detail.
	Delta func(d llm.Delta) error
	// ToolCall gets each call, with its index, as the loop starts it.
	ToolCall func(index int, call llm.ToolCall) error
	// ToolResult gets each call's observation and whether it failed.
	ToolResult func(index int, result string, failed bool) error
}

// Result is what the loop produced, also after a failure (what streamed so
// far is kept).
type Result struct {
	// Text is every round's content, as the user read it stream.
	Text      string
	Detail    llm.Detail
	Usage     llm.Usage
	Rounds    int
	Strategy  Strategy // the strategy the loop ended with
	Messages  []llm.Message
	Finish    string
	Latency   time.Duration
	ToolCalls int
	// Notes say why the loop ended early or changed course, for people.
	Notes []string
	// Stopped is "round_limit" or "loop_guard" when the loop cut the model
	// short, "" when it answered on its own.
	Stopped string
}

// Run runs the loop until the model answers, the round limit is reached, or
// ctx ends.
func Run(ctx context.Context, cfg Config, box Toolbox, hooks Hooks) (Result, error) {
	l := newLoop(cfg, box, hooks)
	err := l.run(ctx)
	return l.result(), err
}

// loop is one agent run's state.
type loop struct {
	cfg      Config
	box      Toolbox
	hooks    Hooks
	strategy Strategy
	rounds   int
	msgs     []llm.Message
	builder  llm.DetailBuilder
	text     strings.Builder
	usage    llm.Usage
	finish   string
	latency  time.Duration
	calls    int
	guard    guard
	notes    []string
	stopped  string
	// roundHasContent: the current round has streamed content, so the
	// next round's content starts a new paragraph.
	roundHasContent bool
	anyContent      bool
}

func newLoop(cfg Config, box Toolbox, hooks Hooks) *loop {
	if cfg.Rounds <= 0 {
		cfg.Rounds = DefaultRounds
	}
	cfg.Rounds = min(cfg.Rounds, MaxRounds)
	if cfg.ToolTimeout <= 0 {
		cfg.ToolTimeout = DefaultToolTimeout
	}
	s := cfg.Strategy
	if s == "" {
		s = StrategyAuto
	}
	msgs := append([]llm.Message(nil), cfg.Request.Messages...)
	return &loop{cfg: cfg, box: box, hooks: hooks, strategy: s, msgs: msgs}
}

func (l *loop) run(ctx context.Context) error {
	if l.strategy == StrategyReAct {
		l.msgs = withReActPrompt(l.msgs, l.box.Tools())
	}
	final := false
	for !final {
		final = l.rounds+1 >= l.cfg.Rounds || l.guard.tripped()
		calls, err := l.round(ctx, final)
		if err != nil {
			return err
		}
		if len(calls) == 0 {
			return nil
		}
		if final {
			l.endEarly(calls)
			return nil
		}
		if err := l.runCalls(ctx, calls); err != nil {
			return err
		}
	}
	return nil
}

// round makes one model call (falling back from function calling to ReAct
// once, when the server refuses tools) and returns the calls it asked for.
func (l *loop) round(ctx context.Context, final bool) ([]llm.ToolCall, error) {
	if final && l.rounds > 0 {
		l.msgs = append(l.msgs, llm.Message{Role: llm.RoleUser, Content: l.finalInstruction()})
	}
	calls, err := l.call(ctx, final)
	if err != nil && l.strategy == StrategyAuto && l.rounds == 1 && refusesTools(err) {
		l.rounds = 0
		l.strategy = StrategyReAct
		l.note("the model does not support function calling, so tools were described in the prompt (ReAct) instead")
		l.msgs = withReActPrompt(l.msgs, l.box.Tools())
		calls, err = l.call(ctx, final)
	}
	return calls, err
}

func (l *loop) call(ctx context.Context, final bool) ([]llm.ToolCall, error) {
	l.rounds++
	l.roundHasContent = false
	req := l.cfg.Request
	req.Messages = l.msgs
	req.Tools = nil
	if l.strategy == StrategyReAct {
		return l.reactCall(ctx, req, final)
	}
	if !final {
		req.Tools = l.box.Tools()
	}
	resp, err := l.chat(ctx, req, l.emit)
	if err != nil {
		return nil, err
	}
	if len(resp.ToolCalls) > 0 {
		l.msgs = append(l.msgs, llm.Message{Role: llm.RoleAssistant, Content: resp.Content, ToolCalls: resp.ToolCalls})
	}
	return resp.ToolCalls, nil
}

// chat calls the provider, adding up usage and latency.
func (l *loop) chat(ctx context.Context, req llm.Request, onDelta llm.DeltaFunc) (llm.Response, error) {
	resp, err := l.cfg.Provider.Chat(ctx, req, onDelta)
	l.usage.PromptTokens += resp.Usage.PromptTokens
	l.usage.CompletionTokens += resp.Usage.CompletionTokens
	l.finish = resp.FinishReason
	l.latency += resp.Latency
	return resp, err
}

// emit records one delta in the detail and passes it on. Content of a new
// round starts a new paragraph, so rounds do not run into each other.
func (l *loop) emit(d llm.Delta) error {
	if d.Kind == llm.DeltaContent {
		if d.Text == "" {
			return nil
		}
		if !l.roundHasContent && l.anyContent {
			d.Text = "\n\n" + strings.TrimLeft(d.Text, "\n")
		}
		l.roundHasContent, l.anyContent = true, true
		l.text.WriteString(d.Text)
	}
	if d.Kind == llm.DeltaToolCall {
		return nil // recorded by runCalls, in order, with its result
	}
	l.builder.Add(d)
	if l.hooks.Delta != nil {
		return l.hooks.Delta(d)
	}
	return nil
}

// runCalls runs the round's calls in order, each result going back to the
// model (as a tool message, or an Observation for ReAct).
func (l *loop) runCalls(ctx context.Context, calls []llm.ToolCall) error {
	for _, c := range calls {
		if c.ID == "" {
			c.ID = llm.NewCallID()
		}
		i := l.builder.AddToolCall(c)
		l.calls++
		if l.hooks.ToolCall != nil {
			if err := l.hooks.ToolCall(i, c); err != nil {
				return err
			}
		}
		result, failed, halt := l.runCall(ctx, c)
		if err := ctx.Err(); err != nil {
			return err
		}
		l.builder.SetToolResult(i, result)
		if l.hooks.ToolResult != nil {
			if err := l.hooks.ToolResult(i, result, failed); err != nil {
				return err
			}
		}
		if halt != nil {
			return halt
		}
		l.msgs = append(l.msgs, l.observation(c, result))
	}
	return nil
}

// runCall runs one call through the guard and the timeout; halt is the
// call's *HaltError, which ends the run once the result is recorded.
func (l *loop) runCall(ctx context.Context, c llm.ToolCall) (result string, failed bool, halt error) {
	if l.guard.repeated(c) {
		l.note(fmt.Sprintf("%s was called again with the same arguments; the call was not repeated", c.Name))
		return fmt.Sprintf("error: you already called %s with exactly these arguments; its result is above. Use it, try different arguments, or give your final answer.", c.Name), true, nil
	}
	cctx, cancel := context.WithTimeout(ctx, l.cfg.ToolTimeout)
	defer cancel()
	out, err := l.box.Call(cctx, c)
	var he *HaltError
	switch {
	case err == nil:
		return out, false, nil
	case errors.Is(cctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil:
		return fmt.Sprintf("error: %s did not finish within %s", c.Name, l.cfg.ToolTimeout), true, nil
	case errors.As(err, &he):
		return "error: " + err.Error(), true, he
	default:
		return "error: " + err.Error(), true, nil
	}
}

func (l *loop) observation(c llm.ToolCall, result string) llm.Message {
	if l.strategy == StrategyReAct {
		return llm.Message{Role: llm.RoleUser, Content: "Observation: " + result}
	}
	return llm.Message{Role: llm.RoleTool, Content: result, ToolCallID: c.ID, Name: c.Name}
}

// endEarly records calls the model asked for in its last round: they are
// kept in the detail, not run.
func (l *loop) endEarly(calls []llm.ToolCall) {
	const notRun = "not run: the agent had no rounds left"
	for _, c := range calls {
		i := l.builder.AddToolCall(c)
		l.builder.SetToolResult(i, notRun)
		if l.hooks.ToolCall != nil && l.hooks.ToolResult != nil {
			_ = l.hooks.ToolCall(i, c) // shown like any call; the loop is over either way
			_ = l.hooks.ToolResult(i, notRun, true)
		}
	}
	l.note(fmt.Sprintf("the model still asked for %s in its last round; the calls were not run", names(calls)))
}

func (l *loop) finalInstruction() string {
	if l.guard.tripped() {
		l.stopped = "loop_guard"
		l.note("the model repeated an identical tool call, so it was asked to answer with what it had")
		return "You keep repeating the same tool call. Do not call any more tools: give your final answer now from the tool results above."
	}
	l.stopped = "round_limit"
	l.note(fmt.Sprintf("the agent reached its limit of %d rounds and was asked to answer with what it had", l.cfg.Rounds))
	if l.strategy == StrategyReAct {
		return "You have no tool calls left. Write \"Final Answer:\" followed by your answer from the observations above."
	}
	return "You have no tool calls left. Give your final answer now from the tool results above."
}

func (l *loop) note(s string) { l.notes = append(l.notes, s) }

func (l *loop) result() Result {
	s := l.strategy
	if s == StrategyAuto {
		s = StrategyFunctionCalling // auto did not need to fall back
	}
	return Result{Text: l.text.String(), Detail: l.builder.Detail(), Usage: l.usage, Rounds: l.rounds, Strategy: s,
		Messages: l.msgs, Finish: l.finish, Latency: l.latency, ToolCalls: l.calls, Notes: l.notes, Stopped: l.stopped}
}

// refusesTools tells a server's refusal of function calling ("model does
// not support tools") from other bad requests.
func refusesTools(err error) bool {
	var le *llm.Error
	return errors.As(err, &le) && errors.Is(err, llm.ErrBadRequest) && strings.Contains(strings.ToLower(le.Message), "tool")
}

func names(calls []llm.ToolCall) string {
	out := make([]string, len(calls))
	for i, c := range calls {
		out[i] = c.Name
	}
	return strings.Join(out, ", ")
}

// guard remembers every call by name and canonical arguments.
type guard struct {
	seen    map[string]bool
	repeats int
}

func (g *guard) repeated(c llm.ToolCall) bool {
	if g.seen == nil {
		g.seen = map[string]bool{}
	}
	key := c.Name + "\x00" + canonical(c.Arguments)
	if g.seen[key] {
		g.repeats++
		return true
	}
	g.seen[key] = true
	return false
}

// tripped: the model repeated itself twice; it is told to answer.
func (g *guard) tripped() bool { return g.repeats >= 2 }

// canonical re-encodes JSON so that key order and spacing do not matter.
func canonical(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return strings.TrimSpace(string(raw))
	}
	b, _ := json.Marshal(v)
	return string(b)
}
