// Package ollama is the llm.Provider for an Ollama server, built on Ollama's
// own Go client (github.com/ollama/ollama/api). It streams content,
// separated reasoning (message.thinking), inline <think> spans and tool
// calls, reports usage from prompt_eval_count/eval_count, and turns every
// failure into an *llm.Error whose message says what to do about it.
package ollama

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/ollama/ollama/api"

	"lexflow/backend/llm"
)

// Provider talks to one Ollama server. It is safe for concurrent use.
type Provider struct {
	base      *url.URL
	cfg       llm.Config
	transport *http.Transport
	newID     func() string
}

// New checks cfg and returns a provider. An empty BaseURL means
// http://127.0.0.1:11434; a URL that is not http(s) or is malformed is an
// *llm.Error of kind llm.ErrBadRequest.
func New(cfg llm.Config) (*Provider, error) {
	cfg, base, err := cfg.Resolve(llm.KindOllama, llm.DefaultOllamaURL)
	if err != nil {
		return nil, err
	}
	tr := llm.NewTransport(cfg)
	// Ollama sends no header until it has loaded the model and read the
	// prompt, which on a cold start takes far longer than connecting; the
	// wait for headers gets the idle bound instead (dialing keeps ConnectTimeout).
	tr.ResponseHeaderTimeout = max(cfg.ConnectTimeout, cfg.IdleTimeout)
	return &Provider{base: base, cfg: cfg, transport: tr, newID: llm.NewCallID}, nil
}

// Formats says Ollama can be asked for a schema, JSON or prose (llm.FormatSender).
func (p *Provider) Formats() []llm.Format { return llm.AllFormats() }

// BaseURL is the normalised URL of the server.
func (p *Provider) BaseURL() string { return p.cfg.BaseURL }

// Chat streams one reply. On failure it returns the partial response along
// with the error, so that nothing already streamed is lost.
func (p *Provider) Chat(ctx context.Context, req llm.Request, onDelta llm.DeltaFunc) (llm.Response, error) {
	start := time.Now()
	req.Model = cmp.Or(req.Model, p.cfg.DefaultModel)
	call := p.call(req.Model)
	wire, err := toChatRequest(req)
	if err != nil {
		return llm.Response{Model: req.Model}, call.Fail(llm.ErrBadRequest, err.Error(), err)
	}
	st := llm.NewStream(start, onDelta)
	end := chatEnd{llm.End{Unfinished: notDone}}
	err = p.send(ctx, &call, func(ctx context.Context, c *api.Client) error {
		return c.Chat(ctx, wire, func(r api.ChatResponse) error { return end.apply(st, r, p.newID) })
	})
	return st.Finish(call, end.End, err)
}

// Models lists the models installed in Ollama (/api/tags).
func (p *Provider) Models(ctx context.Context) ([]llm.Model, error) {
	call := p.call("")
	var list *api.ListResponse
	err := p.send(ctx, &call, func(ctx context.Context, c *api.Client) error {
		var err error
		list, err = c.List(ctx)
		return err
	})
	if err != nil {
		return nil, err
	}
	return toModels(list), nil
}

// Version asks the server for its version; it doubles as a reachability check.
func (p *Provider) Version(ctx context.Context) (string, error) {
	call := p.call("")
	var v string
	err := p.send(ctx, &call, func(ctx context.Context, c *api.Client) error {
		var err error
		v, err = c.Version(ctx)
		return err
	})
	return v, err
}

// send is the provider's one transport path: it bounds the call by the
// configured timeouts, gives fn a client for this call only (so the idle
// watchdog and the line check belong to this call), and sorts any failure.
func (p *Provider) send(ctx context.Context, call *llm.Call, fn func(context.Context, *api.Client) error) error {
	ctx, cancel := call.Bound(ctx, p.cfg.Timeout)
	defer cancel()
	var lines lineCheck
	w := llm.NewWatch(p.transport, p.cfg.IdleTimeout, lines.observe)
	err := fn(ctx, api.NewClient(p.base, w.Client()))
	switch {
	case err != nil:
		return classify(ctx, *call, err, lines.bad)
	case w.Status() >= http.StatusBadRequest:
		// an error status with an empty body: the client library sees no lines
		return call.Status(w.Status(), "")
	}
	return nil
}

func (p *Provider) call(model string) llm.Call {
	c := p.cfg.Call(model)
	c.Headers = p.transport.ResponseHeaderTimeout
	c.Unreachable = fmt.Sprintf("Ollama is not running at %s (start Ollama, or check the base URL)", p.cfg.BaseURL)
	if model != "" {
		c.ModelMissing = fmt.Sprintf("model %q is not installed in Ollama; run \"ollama pull %s\"", model, model)
	}
	return c
}

// notDone is the error message for a stream without its done chunk.
const notDone = "the stream ended before Ollama marked the reply done; the reply is incomplete"

// chatEnd keeps what the chunks of a chat stream report besides their deltas.
type chatEnd struct{ llm.End }

// apply hands one chunk's pieces to the stream: reasoning, content, then
// tool calls, the order Ollama produces them in.
func (e *chatEnd) apply(st *llm.Stream, r api.ChatResponse, newID func() string) error {
	e.Model = cmp.Or(r.Model, e.Model)
	if err := st.Reasoning(r.Message.Thinking); err != nil {
		return err
	}
	if err := st.Content(r.Message.Content); err != nil {
		return err
	}
	for _, call := range toToolCalls(r.Message.ToolCalls, newID) {
		if err := st.ToolCall(call); err != nil {
			return err
		}
	}
	if r.Done {
		e.Done = true
		e.FinishReason = r.DoneReason
		e.Usage = llm.Usage{PromptTokens: r.PromptEvalCount, CompletionTokens: r.EvalCount}
	}
	return nil
}
