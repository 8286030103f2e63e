package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/agent"
	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/ollama"
	"lexflow/backend/llm/openai"
)

const model = "agent-model"

// protocols runs a test against the fake server through both real clients.
func protocols(t *testing.T, run func(t *testing.T, srv *llmtest.Server, p llm.Provider)) {
	for _, kind := range []llm.Kind{llm.KindOllama, llm.KindOpenAI} {
		t.Run(string(kind), func(t *testing.T) {
			srv, err := llmtest.Start(llmtest.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(srv.Close)
			srv.SetModels(model)
			run(t, srv, provider(t, kind, srv))
		})
	}
}

func provider(t *testing.T, kind llm.Kind, srv *llmtest.Server) llm.Provider {
	t.Helper()
	var (
		p   llm.Provider
		err error
	)
	if kind == llm.KindOllama {
		p, err = ollama.New(llm.Config{Kind: kind, BaseURL: srv.OllamaURL()})
	} else {
		p, err = openai.New(llm.Config{Kind: kind, BaseURL: srv.OpenAIURL()})
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// box is a toolbox of scripted tools that records what ran.
type box struct {
	mu    sync.Mutex
	tools map[string]func(args map[string]any) (string, error)
	ran   []string
}

func newBox() *box {
	return &box{tools: map[string]func(map[string]any) (string, error){
		"search": func(a map[string]any) (string, error) {
			return fmt.Sprintf("[1] Article 12: notice of thirty days (query %v)", a["query"]), nil
		},
		"fetch_article": func(a map[string]any) (string, error) {
			return fmt.Sprintf("%v: Either party may terminate the contract by written notice of thirty days.", a["article"]), nil
		},
		"broken": func(map[string]any) (string, error) { return "", errors.New("the index is being rebuilt") },
		"slow": func(map[string]any) (string, error) {
			time.Sleep(time.Second)
			return "late", nil
		},
	}}
}

func (b *box) Tools() []llm.Tool {
	var out []llm.Tool
	for _, name := range []string{"search", "fetch_article", "broken", "slow"} {
		out = append(out, llm.Tool{Name: name, Description: "the " + name + " tool",
			Parameters: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"}}}`)})
	}
	return out
}

func (b *box) Call(ctx context.Context, c llm.ToolCall) (string, error) {
	fn, ok := b.tools[c.Name]
	if !ok {
		return "", fmt.Errorf("no tool %q is offered (tools: search, fetch_article)", c.Name)
	}
	var args map[string]any
	if err := json.Unmarshal(c.Arguments, &args); err != nil {
		return "", fmt.Errorf("arguments are not a JSON object: %v", err)
	}
	b.mu.Lock()
	b.ran = append(b.ran, c.Name)
	b.mu.Unlock()
	type out struct {
		s   string
		err error
	}
	done := make(chan out, 1)
	go func() { s, err := fn(args); done <- out{s, err} }()
	select {
	case o := <-done:
		return o.s, o.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// recorder writes the hooks' events as lines, in order.
type recorder struct {
	mu     sync.Mutex
	events []string
}

func (r *recorder) add(format string, args ...any) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, fmt.Sprintf(format, args...))
	return nil
}

func (r *recorder) hooks() agent.Hooks {
	var last string
	return agent.Hooks{
		Delta: func(d llm.Delta) error {
			if string(d.Kind) == last { // pieces of one kind count as one event
				return nil
			}
			last = string(d.Kind)
			return r.add("%s", d.Kind)
		},
		ToolCall: func(i int, c llm.ToolCall) error {
			last = ""
			return r.add("call %d %s %s", i, c.Name, compact(c.Arguments))
		},
		ToolResult: func(i int, res string, failed bool) error { return r.add("result %d failed=%v", i, failed) },
	}
}

func compact(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func request() llm.Request {
	return llm.Request{Model: model, Messages: []llm.Message{
		{Role: llm.RoleSystem, Content: "You are a legal research assistant."},
		{Role: llm.RoleUser, Content: "How much notice ends a contract?"},
	}}
}

// seq renders a detail's sequence compactly: r0 c0:12 t1.
func seq(d llm.Detail) string {
	parts := make([]string, len(d.Sequence))
	for i, s := range d.Sequence {
		switch s.Type {
		case "content":
			parts[i] = fmt.Sprintf("c%d:%d", s.Start, s.End)
		case "reasoning":
			parts[i] = fmt.Sprintf("r%d", s.Index)
		default:
			parts[i] = fmt.Sprintf("t%d", s.Index)
		}
	}
	return strings.Join(parts, " ")
}

func calls(d llm.Detail) []string {
	out := make([]string, len(d.ToolCalls))
	for i, c := range d.ToolCalls {
		out[i] = c.Name + " " + compact(c.Arguments) + " → " + c.Result
	}
	return out
}

func run(t *testing.T, p llm.Provider, cfg agent.Config, b *box, rec *recorder) agent.Result {
	t.Helper()
	cfg.Provider = p
	if cfg.Request.Model == "" {
		cfg.Request = request()
	}
	res, err := agent.Run(context.Background(), cfg, b, rec.hooks())
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return res
}

func TestNativeToolRoundsMergeIntoOneDetail(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		srv.Script(model,
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Reasoning("I should search the library."), llmtest.Tool("search", map[string]string{"query": "notice"})}},
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Reasoning("Article 12 is the one."), llmtest.Tool("fetch_article", map[string]string{"article": "Article 12"})}},
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("Thirty days' written notice [1].")}},
		)
		rec := &recorder{}
		res := run(t, p, agent.Config{}, newBox(), rec)

		if res.Text != "Thirty days' written notice [1]." || res.Rounds != 3 || res.Stopped != "" || res.ToolCalls != 2 {
			t.Fatalf("result: text %q rounds %d stopped %q calls %d", res.Text, res.Rounds, res.Stopped, res.ToolCalls)
		}
		d := res.Detail
		if got, want := seq(d), "r0 t0 r1 t1 c0:32"; got != want {
			t.Errorf("sequence %s, want %s", got, want)
		}
		want := []string{
			`search {"query":"notice"} → [1] Article 12: notice of thirty days (query notice)`,
			`fetch_article {"article":"Article 12"} → Article 12: Either party may terminate the contract by written notice of thirty days.`,
		}
		if diff := cmp.Diff(want, calls(d)); diff != "" {
			t.Errorf("tool calls (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"I should search the library.", "Article 12 is the one."}, d.Reasoning); diff != "" {
			t.Errorf("reasoning (-want +got):\n%s", diff)
		}
		wantEvents := []string{"reasoning", `call 0 search {"query":"notice"}`, "result 0 failed=false",
			"reasoning", `call 1 fetch_article {"article":"Article 12"}`, "result 1 failed=false", "content"}
		if diff := cmp.Diff(wantEvents, rec.events); diff != "" {
			t.Errorf("events (-want +got):\n%s", diff)
		}
		reqs := srv.Requests()
		last := reqs[len(reqs)-1]
		if len(last.Tools) != 4 || last.Messages[len(last.Messages)-1].Role != "tool" {
			t.Errorf("third request: tools %v, messages %+v", last.Tools, last.Messages)
		}
		if res.Usage.Total() == 0 {
			t.Error("usage is not summed over rounds")
		}
	})
}

func TestReActProtocolParsesStreamedLabels(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		srv.Script(model,
			// Three runes per chunk: every label straddles chunks.
			llmtest.Reply{Chunk: 3, Parts: []llmtest.Part{llmtest.Content(
				"Thought: I need the termination article.\nAction: search\nAction Input: {\"query\": \"termination notice\"}\n")}},
			llmtest.Reply{Chunk: 3, Parts: []llmtest.Part{llmtest.Content(
				"Thought: Article 12 answers it.\nFinal Answer: Thirty days' notice [1].")}},
		)
		rec := &recorder{}
		res := run(t, p, agent.Config{Strategy: agent.StrategyReAct}, newBox(), rec)

		d := res.Detail
		if res.Text != "Thirty days' notice [1]." || res.Strategy != agent.StrategyReAct {
			t.Fatalf("text %q strategy %s", res.Text, res.Strategy)
		}
		if got, want := seq(d), "r0 t0 r1 c0:24"; got != want {
			t.Errorf("sequence %s, want %s", got, want)
		}
		if diff := cmp.Diff([]string{"I need the termination article.", "Article 12 answers it."}, trimAll(d.Reasoning)); diff != "" {
			t.Errorf("reasoning (-want +got):\n%s", diff)
		}
		if got := calls(d); len(got) != 1 || !strings.HasPrefix(got[0], `search {"query":"termination notice"} → [1] Article 12`) {
			t.Errorf("calls %q", got)
		}
		reqs := srv.Requests()
		first, second := reqs[0], reqs[1]
		if len(first.Tools) != 0 || !strings.Contains(first.Messages[0].Content, "Action Input:") ||
			!strings.Contains(first.Messages[0].Content, "fetch_article") {
			t.Errorf("first request should describe the tools in the system prompt, not offer them: %+v", first)
		}
		if !strings.Contains(string(first.Raw), "Observation:") {
			t.Errorf("first request has no Observation stop sequence: %s", first.Raw)
		}
		obs := second.Messages[len(second.Messages)-1]
		if obs.Role != "user" || !strings.HasPrefix(obs.Content, "Observation: [1] Article 12") {
			t.Errorf("observation message %+v", obs)
		}
	})
}

func trimAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.TrimSpace(s)
	}
	return out
}

func TestReActReplyWithoutLabelsIsTheAnswer(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		srv.Script(model, llmtest.Reply{Chunk: 2, Parts: []llmtest.Part{llmtest.Content("The Act requires thirty days.")}})
		res := run(t, p, agent.Config{Strategy: agent.StrategyReAct}, newBox(), &recorder{})
		if res.Text != "The Act requires thirty days." || seq(res.Detail) != "c0:29" {
			t.Fatalf("text %q sequence %s", res.Text, seq(res.Detail))
		}
	})
}

func TestToolErrorsGoBackToTheModel(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		// Arguments that are a JSON string, not an object (Ollama's wire
		// format cannot carry them: its arguments are an object).
		notObject := llmtest.Part{Kind: llmtest.PartToolCall, Tool: llmtest.ToolCall{Name: "search", Args: json.RawMessage(`"notice"`)}}
		_, isOllama := p.(*ollama.Provider)
		if isOllama {
			notObject = llmtest.Tool("search", map[string]any{"query": nil})
		}
		srv.Script(model,
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("broken", map[string]string{"query": "x"})}},
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("summon_judge", map[string]string{"query": "x"})}},
			llmtest.Reply{Parts: []llmtest.Part{notObject}},
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("I could not search the library.")}},
		)
		rec := &recorder{}
		b := newBox()
		res := run(t, p, agent.Config{}, b, rec)

		got := calls(res.Detail)
		want := []string{
			`broken {"query":"x"} → error: the index is being rebuilt`,
			`summon_judge {"query":"x"} → error: no tool "summon_judge" is offered (tools: search, fetch_article)`,
			`search "notice" → error: arguments are not a JSON object: json: cannot unmarshal string into Go value of type map[string]interface {}`,
		}
		if isOllama {
			want[2] = `search {"query":null} → [1] Article 12: notice of thirty days (query <nil>)`
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("calls (-want +got):\n%s", diff)
		}
		if res.Text != "I could not search the library." || res.Rounds != 4 {
			t.Errorf("text %q rounds %d", res.Text, res.Rounds)
		}
		if got := seq(res.Detail); got != "t0 t1 t2 c0:31" {
			t.Errorf("sequence %s", got)
		}
		if got := strings.Join(rec.events, " | "); !strings.HasPrefix(got, `call 0 broken {"query":"x"} | result 0 failed=true | call 1 summon_judge {"query":"x"} | result 1 failed=true | call 2 search`) ||
			!strings.HasSuffix(got, "| content") {
			t.Errorf("events %s", got)
		}
		for _, e := range []string{"result 0 failed=true", "result 1 failed=true"} {
			if !contains(rec.events, e) {
				t.Errorf("no event %q in %q", e, rec.events)
			}
		}
		// Each error reached the model as the tool's result.
		reqs := srv.Requests()
		if m := reqs[1].Messages[len(reqs[1].Messages)-1]; !strings.Contains(m.Content, "the index is being rebuilt") {
			t.Errorf("second request's last message %+v", m)
		}
	})
}

// A tool whose failure ends the run (a HaltError) is recorded as a failed
// call like any other, then the loop stops with its error: the model is
// not asked again.
func TestHaltingToolEndsTheRun(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		replace := errors.New("replace this tool")
		b := newBox()
		b.tools["web_search"] = func(map[string]any) (string, error) { return "", &agent.HaltError{Err: replace} }
		srv.Script(model, llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("web_search", map[string]string{"query": "x"})}},
			llmtest.Text("never asked"))
		rec := &recorder{}
		res, err := agent.Run(context.Background(), agent.Config{Provider: p, Request: request()}, b, rec.hooks())
		if !errors.Is(err, replace) || !errors.As(err, new(*agent.HaltError)) {
			t.Fatalf("run: %v, want the tool's HaltError", err)
		}
		if diff := cmp.Diff([]string{`web_search {"query":"x"} → error: replace this tool`}, calls(res.Detail)); diff != "" {
			t.Errorf("calls (-want +got):\n%s", diff)
		}
		if last := rec.events[len(rec.events)-1]; last != "result 0 failed=true" {
			t.Errorf("events %q, want the failed result last", rec.events)
		}
		if n := len(srv.Requests()); n != 1 {
			t.Errorf("%d model calls, want 1: the run ends with the halting call", n)
		}
	})
}

func TestInvalidJSONArgumentsFromAStream(t *testing.T) {
	srv, err := llmtest.Start(llmtest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	srv.SetModels(model)
	cut := llmtest.Part{Kind: llmtest.PartToolCall, Tool: llmtest.ToolCall{Name: "search", Args: json.RawMessage(`{"query": "noti`)}}
	srv.Script(model, llmtest.Reply{Parts: []llmtest.Part{cut}}, llmtest.Text("Sorry."))
	res := run(t, provider(t, llm.KindOpenAI, srv), agent.Config{}, newBox(), &recorder{})
	c := res.Detail.ToolCalls[0]
	if string(c.Arguments) != `"{\"query\": \"noti"` || !strings.HasPrefix(c.Result, "error: arguments are not a JSON object") {
		t.Errorf("call %s → %s", c.Arguments, c.Result)
	}
}

func TestRoundLimitEndsWithTheBestAnswer(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		srv.Script(model,
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("search", map[string]string{"query": "one"})}},
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("search", map[string]string{"query": "two"})}},
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("From what I found: thirty days [1].")}},
		)
		rec := &recorder{}
		res := run(t, p, agent.Config{Rounds: 3}, newBox(), rec)
		wantEvents := []string{`call 0 search {"query":"one"}`, "result 0 failed=false", `call 1 search {"query":"two"}`, "result 1 failed=false", "content"}
		if diff := cmp.Diff(wantEvents, rec.events); diff != "" {
			t.Errorf("events (-want +got):\n%s", diff)
		}
		if res.Stopped != "round_limit" || res.Rounds != 3 || res.Text != "From what I found: thirty days [1]." {
			t.Fatalf("stopped %q rounds %d text %q", res.Stopped, res.Rounds, res.Text)
		}
		if len(res.Notes) == 0 || !strings.Contains(res.Notes[0], "limit of 3 rounds") {
			t.Errorf("notes %q", res.Notes)
		}
		last := srv.Requests()[2]
		if len(last.Tools) != 0 || !strings.Contains(last.LastUser(), "no tool calls left") {
			t.Errorf("the last round should offer no tools and ask for the answer: tools %v, last user %q", last.Tools, last.LastUser())
		}
		if seq(res.Detail) != "t0 t1 c0:35" {
			t.Errorf("sequence %s", seq(res.Detail))
		}
	})
}

func TestRoundLimitKeepsCallsOfTheLastRoundUnrun(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		srv.Script(model,
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("search", map[string]string{"query": "one"})}},
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("search", map[string]string{"query": "two"})}},
		)
		b := newBox()
		rec := &recorder{}
		res := run(t, p, agent.Config{Rounds: 2}, b, rec)
		if len(b.ran) != 1 || len(res.Detail.ToolCalls) != 2 || !strings.HasPrefix(res.Detail.ToolCalls[1].Result, "not run") {
			t.Fatalf("ran %v, calls %q", b.ran, calls(res.Detail))
		}
		if seq(res.Detail) != "t0 t1" || len(rec.events) != 4 || rec.events[3] != "result 1 failed=true" {
			t.Errorf("sequence %s, events %q", seq(res.Detail), rec.events)
		}
		if res.Text != "" || res.Stopped != "round_limit" || len(res.Notes) != 2 {
			t.Errorf("text %q stopped %q notes %q", res.Text, res.Stopped, res.Notes)
		}
	})
}

func TestRepeatedCallsAreRefusedThenTheModelMustAnswer(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		same := llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("search", map[string]any{"query": "notice", "top_k": 3})}}
		reordered := llmtest.Reply{Parts: []llmtest.Part{{Kind: llmtest.PartToolCall,
			Tool: llmtest.ToolCall{Name: "search", Args: json.RawMessage(`{"top_k":3, "query":"notice"}`)}}}}
		srv.Script(model, same, reordered, same, llmtest.Text("Thirty days [1]."))
		b := newBox()
		rec := &recorder{}
		res := run(t, p, agent.Config{Rounds: 10}, b, rec)
		if seq(res.Detail) != "t0 t1 t2 c0:16" {
			t.Errorf("sequence %s", seq(res.Detail))
		}
		if got := strings.Join(rec.events, " | "); got != `call 0 search {"query":"notice","top_k":3} | result 0 failed=false | `+
			`call 1 search {"query":"notice","top_k":3} | result 1 failed=true | call 2 search {"query":"notice","top_k":3} | result 2 failed=true | content` {
			t.Errorf("events %s", got)
		}
		if len(b.ran) != 1 {
			t.Errorf("the tool ran %d times, want once", len(b.ran))
		}
		if res.Stopped != "loop_guard" || res.Rounds != 4 || res.Text != "Thirty days [1]." {
			t.Fatalf("stopped %q rounds %d text %q notes %q", res.Stopped, res.Rounds, res.Text, res.Notes)
		}
		if r := res.Detail.ToolCalls[1].Result; !strings.Contains(r, "already called search with exactly these arguments") {
			t.Errorf("second call's result %q", r)
		}
		if last := srv.Requests()[3]; len(last.Tools) != 0 {
			t.Errorf("after the guard tripped, tools were still offered: %v", last.Tools)
		}
	})
}

func TestToolTimeout(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		srv.Script(model, llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("slow", nil)}}, llmtest.Text("It timed out."))
		res := run(t, p, agent.Config{ToolTimeout: 50 * time.Millisecond}, newBox(), &recorder{})
		if r := res.Detail.ToolCalls[0].Result; r != "error: slow did not finish within 50ms" {
			t.Errorf("result %q", r)
		}
	})
}

func TestCancelMidRoundKeepsWhatStreamed(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		srv.Script(model,
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Tool("search", map[string]string{"query": "notice"})}},
			llmtest.Reply{Delay: 20 * time.Millisecond, Parts: []llmtest.Part{
				llmtest.Content("The notice period is thirty days, and it runs from the day the notice is received by the other party.")}},
		)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var contentSeen int
		hooks := agent.Hooks{Delta: func(d llm.Delta) error {
			if d.Kind == llm.DeltaContent {
				if contentSeen++; contentSeen == 3 {
					cancel()
				}
			}
			return nil
		}}
		res, err := agent.Run(ctx, agent.Config{Provider: p, Request: request()}, newBox(), hooks)
		if !errors.Is(err, context.Canceled) && !errors.Is(err, llm.ErrCanceled) {
			t.Fatalf("err %v, want cancellation", err)
		}
		if len(res.Detail.ToolCalls) != 1 || res.Detail.ToolCalls[0].Result == "" {
			t.Errorf("the first round's call and result are lost: %q", calls(res.Detail))
		}
		if got := seq(res.Detail); !strings.HasPrefix(got, "t0 c0:") {
			t.Errorf("sequence %s: want the call, then the content that streamed before the stop", got)
		}
		if res.Text == "" || strings.HasSuffix(res.Text, "other party.") {
			t.Errorf("text %q: want what streamed before the stop", res.Text)
		}
		if n := len(srv.Requests()); n != 2 {
			t.Errorf("%d requests, want 2", n)
		}
	})
}

func TestAutoFallsBackToReActWhenToolsAreRefused(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		srv.Script(model,
			llmtest.Reply{Fault: llmtest.HTTPError(http.StatusBadRequest, "registry.ollama.ai/library/agent-model does not support tools")},
			llmtest.Text("Thought: search first.\nAction: search\nAction Input: {\"query\": \"notice\"}"),
			llmtest.Text("Final Answer: Thirty days [1]."),
		)
		res := run(t, p, agent.Config{}, newBox(), &recorder{})
		if res.Strategy != agent.StrategyReAct || res.Text != "Thirty days [1]." || res.Rounds != 2 {
			t.Fatalf("strategy %s text %q rounds %d", res.Strategy, res.Text, res.Rounds)
		}
		if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "ReAct") {
			t.Errorf("notes %q", res.Notes)
		}
	})
}

func TestContentOfSeveralRoundsIsSeparated(t *testing.T) {
	protocols(t, func(t *testing.T, srv *llmtest.Server, p llm.Provider) {
		srv.Script(model,
			llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("Let me look."), llmtest.Tool("search", map[string]string{"query": "q"})}},
			llmtest.Text("Thirty days."),
		)
		res := run(t, p, agent.Config{}, newBox(), &recorder{})
		if res.Text != "Let me look.\n\nThirty days." || seq(res.Detail) != "c0:12 t0 c12:26" {
			t.Fatalf("text %q sequence %s", res.Text, seq(res.Detail))
		}
	})
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
