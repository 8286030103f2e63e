// Package openai is the llm.Provider for OpenAI-compatible servers (OpenAI,
// LM Studio, vLLM, llama.cpp server, DeepSeek, Ollama's /v1 …), built on
// github.com/sashabaranov/go-openai. It streams content, reasoning_content,
// inline <think> spans and tool calls (assembled from their index-keyed
// deltas), asks for usage in the stream, and turns every failure into an
// *llm.Error whose message says what to do about it.
package openai

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"net/http"
	"time"

	goopenai "github.com/sashabaranov/go-openai"

	"lexflow/backend/llm"
)

// Provider talks to one OpenAI-compatible server. It is safe for concurrent use.
type Provider struct {
	cfg       llm.Config
	transport *http.Transport
	newID     func() string
}

// New checks cfg and returns a provider. The base URL is used as given
// (e.g. http://localhost:1234/v1); the API key may be empty for local
// servers. A missing, non-http(s) or malformed URL is an *llm.Error of kind
// llm.ErrBadRequest.
func New(cfg llm.Config) (*Provider, error) {
	cfg, _, err := cfg.Resolve(llm.KindOpenAI, "")
	if err != nil {
		return nil, err
	}
	return &Provider{cfg: cfg, transport: llm.NewTransport(cfg), newID: llm.NewCallID}, nil
}

// Formats says the server can be asked for a schema, JSON or prose (llm.FormatSender).
func (p *Provider) Formats() []llm.Format { return llm.AllFormats() }

// BaseURL is the normalised URL of the server.
func (p *Provider) BaseURL() string { return p.cfg.BaseURL }

// Chat streams one reply. On failure it returns the partial response along
// with the error, so that nothing already streamed is lost.
func (p *Provider) Chat(ctx context.Context, req llm.Request, onDelta llm.DeltaFunc) (llm.Response, error) {
	start := time.Now()
	req.Model = cmp.Or(req.Model, p.cfg.DefaultModel)
	call := p.call(req.Model)
	wire := toChatRequest(req)
	st := llm.NewStream(start, onDelta)
	s := streamState{End: llm.End{Unfinished: noDone}, newID: p.newID}
	err := p.send(ctx, &call, s.observe, func(ctx context.Context, c *goopenai.Client) error {
		stream, err := c.CreateChatCompletionStream(ctx, wire)
		if err != nil {
			return err
		}
		defer stream.Close()
		return s.read(stream, st)
	})
	return s.finish(st, call, err)
}

// Models lists the models the server offers (/models).
func (p *Provider) Models(ctx context.Context) ([]llm.Model, error) {
	call := p.call("")
	var list goopenai.ModelsList
	err := p.send(ctx, &call, nil, func(ctx context.Context, c *goopenai.Client) error {
		var err error
		list, err = c.ListModels(ctx)
		return err
	})
	if err != nil {
		return nil, err
	}
	return toModels(list), nil
}

// send is the provider's one transport path: it bounds the call by the
// configured timeouts, gives fn a client for this call only (so the idle
// watchdog and the line observer belong to this call), and sorts any failure.
func (p *Provider) send(ctx context.Context, call *llm.Call, onLine func([]byte), fn func(context.Context, *goopenai.Client) error) error {
	ctx, cancel := call.Bound(ctx, p.cfg.Timeout)
	defer cancel()
	w := llm.NewWatch(p.transport, p.cfg.IdleTimeout, onLine)
	cc := goopenai.DefaultConfig(p.cfg.APIKey)
	cc.BaseURL = p.cfg.BaseURL
	cc.HTTPClient = w.Client()
	if err := fn(ctx, goopenai.NewClientWithConfig(cc)); err != nil {
		return classify(ctx, *call, err, p.cfg.APIKey != "")
	}
	return nil
}

func (p *Provider) call(model string) llm.Call {
	c := p.cfg.Call(model)
	c.Unreachable = fmt.Sprintf("no server is answering at %s (is it running? check the base URL)", p.cfg.BaseURL)
	if model != "" {
		c.ModelMissing = fmt.Sprintf("model %q is not available at %s", model, p.cfg.BaseURL)
	}
	return c
}

// noDone is the error message for a stream without its [DONE] marker.
const noDone = "the stream ended without its [DONE] marker; the reply is incomplete"

// streamState keeps what a chat stream reports besides its deltas; End.Done
// means the [DONE] marker was seen.
type streamState struct {
	llm.End
	newID func() string
	tools toolAssembler
}

// observe watches the raw body for the [DONE] marker, which the client
// library swallows into the same io.EOF that a truncated stream gives.
func (s *streamState) observe(line []byte) {
	data, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("data:"))
	if ok && string(bytes.TrimSpace(data)) == "[DONE]" {
		s.Done = true
	}
}

// finish delivers tool calls still being assembled, so that nothing the
// model produced is lost, and ends the call (see llm.Stream.Finish).
func (s *streamState) finish(st *llm.Stream, call llm.Call, err error) (llm.Response, error) {
	_ = s.emitTools(st)
	return st.Finish(call, s.End, err)
}
