// Package extractive is the built-in provider that needs no model: it answers
// a question from retrieved evidence by selecting and ordering the evidence
// sentences most relevant to the question, each with its citation. It is the
// embedded default, so a fresh install answers with citations before any
// model is installed. It is deterministic.
//
// # Input
//
// Chat reads the last user message, which holds numbered evidence blocks and
// then the question, in exactly this format (Render writes it):
//
//	[1] id=<chunk id> | <locator text>
//	<excerpt text, may span lines>
//
//	[2] id=<chunk id> | <locator text>
//	<excerpt text>
//
//	Question: <question text>
//
// A header line is "[n] id=" followed by the chunk id, then optionally " | "
// and a locator; the excerpt is every line up to the next header or the
// question. The question runs from "Question:" to the first blank line (or
// the end of the message); anything after that, such as format instructions,
// is ignored. System messages are ignored.
//
// # Selection
//
// Excerpts are split into sentences at . ! ? ؟ ۔ 。 ！ ？ and newlines, but
// not in "Art. 12", "Sec. 4", "e.g.", initials or numbers such as "12.3".
// Sentences and question become terms: lowercased, Arabic diacritics and
// tatweel stripped, alef/ya/ta-marbuta forms unified, Arabic-Indic digits
// made ASCII, stopwords (English and Arabic) dropped, and lightly stemmed;
// Chinese, written without spaces, becomes overlapping pairs of ideographs.
// Sentences under four words (each ideograph is one) and Chinese headings are
// not answers. A sentence scores the share of the question's IDF-weighted
// terms it contains, the words that only frame a question ("clause",
// "contract", "requirements") aside. The best few (Options.MaxSentences)
// that reach 40% of the best score, and Options.MinScore with or without
// the frame words, are returned in evidence order.
//
// # Output
//
// The content is JSON, streamed in a few content deltas:
//
//	{"answer": "<sentence> [n] <sentence> [m]",
//	 "citations": [{"node_id": "<chunk id>", "rank": n, "quote": "<the sentence, verbatim>"}]}
//
// with one citation per sentence, in answer order. When nothing scores, the
// content is {"answer": "", "citations": []}. Usage counts words, not tokens.
package extractive

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"lexflow/backend/internal/terms"
	"lexflow/backend/llm"
)

// ModelName is the one model the provider offers.
const ModelName = "extractive"

// Defaults for Options.
const (
	DefaultMaxSentences = 3
	DefaultMinScore     = 0.2
)

// Options tune the selection; zero values mean the defaults.
type Options struct {
	MaxSentences int     // how many sentences at most
	MinScore     float64 // share (0–1) of the question's weight a sentence must cover
}

// Provider answers from evidence without a model. It is safe for concurrent use.
type Provider struct {
	opts Options
}

// New returns a provider.
func New(opts Options) *Provider {
	opts.MaxSentences = cmp.Or(opts.MaxSentences, DefaultMaxSentences)
	opts.MinScore = cmp.Or(opts.MinScore, DefaultMinScore)
	return &Provider{opts: opts}
}

// Models returns the single "extractive" model.
func (p *Provider) Models(context.Context) ([]llm.Model, error) {
	return []llm.Model{{Name: ModelName, Family: ModelName}}, nil
}

// Chat answers the question in the last user message from its evidence.
func (p *Provider) Chat(ctx context.Context, req llm.Request, onDelta llm.DeltaFunc) (llm.Response, error) {
	start := time.Now()
	resp := llm.Response{Model: ModelName}
	if req.Model != "" && req.Model != ModelName {
		msg := fmt.Sprintf("model %q not found; the extractive provider has one model, %q", req.Model, ModelName)
		return resp, &llm.Error{Kind: llm.ErrModelNotFound, Provider: ModelName, Message: msg}
	}
	prompt, ok := lastUser(req.Messages)
	if !ok {
		return resp, &llm.Error{Kind: llm.ErrBadRequest, Provider: ModelName, Message: "no user message to answer"}
	}
	blocks, question := Parse(prompt)
	content, answer := render(blocks, p.pick(blocks, question))
	resp.Usage = llm.Usage{PromptTokens: promptWords(req.Messages), CompletionTokens: terms.WordCount(answer)}
	resp.FinishReason = "stop"
	return p.stream(ctx, start, content, resp, onDelta)
}

// stream delivers content in a few pieces, as a model would. A piece the
// callback refuses still counts as delivered; cancellation stops with what
// was delivered so far.
func (p *Provider) stream(ctx context.Context, start time.Time, content string, resp llm.Response, onDelta llm.DeltaFunc) (llm.Response, error) {
	var err error
	for _, piece := range pieces(content, 4) {
		if ctxErr := ctx.Err(); ctxErr != nil {
			err = contextError(ctxErr)
			break
		}
		if resp.FirstToken == 0 {
			resp.FirstToken = max(time.Since(start), time.Nanosecond)
		}
		resp.Content += piece
		if onDelta != nil {
			if err = onDelta(llm.Delta{Kind: llm.DeltaContent, Text: piece}); err != nil {
				break
			}
		}
	}
	resp.Latency = time.Since(start)
	return resp, err
}

type citation struct {
	NodeID string `json:"node_id"`
	Rank   int    `json:"rank"`
	Quote  string `json:"quote"`
}

type reply struct {
	Answer    string     `json:"answer"`
	Citations []citation `json:"citations"`
}

// render builds the JSON content and returns it with the answer text.
func render(blocks []Block, chosen []candidate) (string, string) {
	r := reply{Citations: []citation{}}
	var parts []string
	for _, c := range chosen {
		b := blocks[c.block]
		parts = append(parts, fmt.Sprintf("%s [%d]", c.text, b.Rank))
		r.Citations = append(r.Citations, citation{NodeID: b.ID, Rank: b.Rank, Quote: c.text})
	}
	r.Answer = strings.Join(parts, " ")
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	// legal text is full of < and &; keep it readable in the raw output
	enc.SetEscapeHTML(false)
	_ = enc.Encode(r) // strings and ints always encode
	return strings.TrimSuffix(buf.String(), "\n"), r.Answer
}

// pieces cuts s into about n pieces on rune boundaries.
func pieces(s string, n int) []string {
	r := []rune(s)
	size := max(1, (len(r)+n-1)/n)
	var out []string
	for len(r) > 0 {
		k := min(size, len(r))
		out = append(out, string(r[:k]))
		r = r[k:]
	}
	return out
}

func lastUser(msgs []llm.Message) (string, bool) {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == llm.RoleUser {
			return msgs[i].Content, true
		}
	}
	return "", false
}

func promptWords(msgs []llm.Message) int {
	n := 0
	for _, m := range msgs {
		n += terms.WordCount(m.Content)
	}
	return n
}

func contextError(err error) *llm.Error {
	if errors.Is(err, context.DeadlineExceeded) {
		return &llm.Error{Kind: llm.ErrTimeout, Provider: ModelName, Message: "the deadline passed before the answer was complete", Err: err}
	}
	return &llm.Error{Kind: llm.ErrCanceled, Provider: ModelName, Message: "the call was canceled", Err: err}
}
