package generation

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
)

// Pipeline runs prompt → generator → postprocess → persist for one question.
// Use it by pointer: it remembers which reply formats each model's server takes.
type Pipeline struct {
	Store   Store
	Options Options
	// Rarity weighs a question's words when the evidence is judged (see
	// support.go); nil weighs them alike.
	Rarity  Rarity
	formats formatMemory
}

// Request is one question and the evidence retrieved for it.
type Request struct {
	Query string
	Hits  []evidence.Hit
	// Parameters of the retrieval (collections, top_k, ...), recorded with the hits.
	Parameters map[string]any
	// Scope says what was searched, for the no-evidence answer: `the collection "Statutes"`.
	Scope string
	// DocumentsChecked is how many documents the retrieval step searched one
	// by one, for a question asked of every document (across.go); 0 otherwise.
	DocumentsChecked int
	// MinScore drops hits below it; when none is left, no model is asked.
	MinScore float64
	Model    Model
	Params   Params
	// Where the answer goes: a chat message, or a node of a workflow run.
	MessageID, RunID, NodeID string
	// TraceID ties the record to a wider operation (a run); one is made when empty.
	TraceID string
	// OnAnswer receives the answer text as it streams; OnDelta every delta
	// (content, reasoning, tool calls) as the provider sent it. Either may be nil.
	OnAnswer func(string) error
	OnDelta  llm.DeltaFunc
}

// NoEvidenceAnswer is what the user reads when nothing was found.
func NoEvidenceAnswer(scope string) string {
	return fmt.Sprintf("No evidence: searching %s found nothing relevant to this question, so no answer was generated.", scopeOr(scope))
}

// RefusalAnswer is what the user reads when the model found the evidence does not answer.
func RefusalAnswer(scope string) string {
	return fmt.Sprintf("The passages found in %s do not answer this question.", scopeOr(scope))
}

func scopeOr(scope string) string {
	if scope == "" {
		return "the library"
	}
	return scope
}

// Run answers the question from the hits and stores the record. A model
// failure is not an error: it is a record with status failed and a message.
// The error is only for a record that could not be stored.
func (p *Pipeline) Run(ctx context.Context, req Request) (Record, error) {
	start := time.Now()
	rec := Record{MessageID: req.MessageID, RunID: req.RunID, NodeID: req.NodeID, TraceID: req.TraceID, RequestID: newID(),
		Retrieval: Retrieval{Query: req.Query, Parameters: req.Parameters, Hits: req.Hits}}
	if rec.TraceID == "" {
		rec.TraceID = newID()
	}
	hits := aboveThreshold(req.Hits, req.MinScore)
	if len(hits) == 0 {
		rec.Snapshot = Snapshot{PromptName: PromptName, PromptVersion: PromptVersion, Messages: []llm.Message{}}
		rec.Result = Result{Answer: NoEvidenceAnswer(req.Scope), Status: StatusNoEvidence, Citations: []Citation{},
			Claims: []Claim{}, Checks: []Check{{Name: "evidence", Detail: fmt.Sprintf("no passage in %s scored at least %g", scopeOr(req.Scope), req.MinScore)}}}
		rec.Timing.TotalMs = ms(time.Since(start))
		return p.save(ctx, rec, req.OnAnswer)
	}
	if property, ok := askedAcross(req); ok {
		return p.runAcross(ctx, req, rec, hits, property, start)
	}
	sup := JudgeSupport(ctx, req.Query, hits, p.Rarity)
	hits = sup.scope(hits)
	if sup.refuses() {
		rec.Snapshot = Snapshot{PromptName: PromptName, PromptVersion: PromptVersion, Messages: []llm.Message{}}
		rec.Result = Result{Answer: sup.notAddressed(req.Scope), Status: StatusNoEvidence, Citations: []Citation{},
			Claims: []Claim{}, Checks: []Check{sup.check(false)}}
		rec.Timing.TotalMs = ms(time.Since(start))
		return p.save(ctx, rec, req.OnAnswer)
	}
	rec.Snapshot = BuildPrompt(req.Query, hits)
	rec.Timing.PromptMs = ms(time.Since(start))
	req.Hits = hits
	rec, _ = p.generate(ctx, rec, req, p.Options) // a failed call is a failed result, recorded
	_, lexical := req.Model.Provider.(*extractive.Provider)
	rec.Result = withSupport(rec.Result, sup, lexical)
	rec.Result = withQuoteSupport(rec.Result, sup, req.Scope, lexical)
	rec.Timing.TotalMs = ms(time.Since(start))
	return p.save(ctx, rec, nil)
}

// withSupport adds the support judgement to an answer's checks: an answer
// standing on evidence that misses key words of the question is partial.
func withSupport(r Result, sup Support, lexical bool) Result {
	if r.Status == StatusFailed || r.Refused {
		return r
	}
	r.Checks = append(r.Checks, sup.check(lexical))
	if r.Status == StatusSuccess && sup.partly(lexical) {
		r.Status = StatusPartial
	}
	return r
}

// withQuoteSupport withdraws an answer whose verified quotes do not hold
// what the question asks (quotesupport.go): the reply becomes the refusal,
// the checks say why, and the model's reply stays in the record.
func withQuoteSupport(r Result, sup Support, scope string, lexical bool) Result {
	if r.Status == StatusFailed || r.Status == StatusNoEvidence || r.Refused {
		return r
	}
	why := sup.withdraws(sup.judgeQuotes(r), lexical)
	if why == "" {
		return r
	}
	return Result{Answer: sup.notAddressed(scope), Status: StatusNoEvidence, Citations: []Citation{}, Claims: []Claim{},
		Checks: append(r.Checks, Check{Name: CheckSupport, Detail: why}), Structured: r.Structured}
}

// generate asks req.Model for an answer to the record's snapshot in the
// strongest reply format its server takes (output.go), checks the reply
// against req.Hits with opts and puts both in the record; req.Scope names
// what was searched in a refusal, and req.OnAnswer and req.OnDelta receive
// the reply as it streams. A failed call is a failed result in the record;
// the error is returned too, for a caller with another answer to fall back on.
func (p *Pipeline) generate(ctx context.Context, rec Record, req Request, opts Options) (Record, error) {
	rec.Provider = providerSnapshot(req.Model, req.Params)
	stream := newAnswerStream(req.OnAnswer)
	t := time.Now()
	raw, err := p.formats.generateShaped(ctx, req.Model, rec.Snapshot, req.Params, AnswerSchema(req.Hits), func(d llm.Delta) error {
		if req.OnDelta != nil {
			if err := req.OnDelta(d); err != nil {
				return err
			}
		}
		if d.Kind == llm.DeltaContent {
			return stream.write(d.Text)
		}
		return nil
	})
	rec.Raw = raw
	rec.Timing.LLMMs = ms(time.Since(t))
	t = time.Now()
	if err != nil {
		rec.Result = failedGeneration(raw, err)
	} else {
		text := raw.Text
		if _, lexical := req.Model.Provider.(*extractive.Provider); lexical && switchedOff.On("by-document") {
			text = byDocumentTitle(text, req.Hits)
		}
		rec.Result = Postprocess(text, req.Hits, opts)
		if rec.Result.Refused {
			rec.Result.Answer = RefusalAnswer(req.Scope)
		}
	}
	rec.Timing.PostprocessMs = ms(time.Since(t))
	return rec, err
}

// failedGeneration is the result of a model call that did not complete: the
// partial reply is kept in the record, and the user is told why.
func failedGeneration(raw Raw, err error) Result {
	msg := "the model call failed: " + err.Error()
	if errors.Is(err, context.Canceled) || errors.Is(err, llm.ErrCanceled) {
		msg = "stopped before the answer was complete"
	}
	if raw.Text != "" {
		msg += fmt.Sprintf(" (%d characters received are kept in the record)", len([]rune(raw.Text)))
	}
	return Result{Status: StatusFailed, Error: msg, Citations: []Citation{}, Claims: []Claim{},
		Checks: []Check{{Name: "model", Detail: msg}}}
}

// save persists the record even when the caller's context was cancelled:
// a stopped answer is still part of the audit trail.
func (p *Pipeline) save(ctx context.Context, rec Record, onAnswer func(string) error) (Record, error) {
	if onAnswer != nil && rec.Result.Answer != "" {
		_ = onAnswer(rec.Result.Answer) // the no-evidence answer streams as one piece
	}
	saved, err := persist(context.WithoutCancel(ctx), p.Store, rec)
	if err != nil {
		return rec, fmt.Errorf("store generation record: %w", err)
	}
	return saved, nil
}

// Replay re-runs a stored generation from its snapshot (the same messages)
// with the given model, checks the reply against the same hits, and stores
// the result as a new record pointing at the original.
func (p *Pipeline) Replay(ctx context.Context, id string, m Model, params Params) (Record, error) {
	orig, err := Load(ctx, p.Store, id)
	if err != nil {
		return Record{}, err
	}
	if err := refuseAgentReplay(orig); err != nil {
		return Record{}, err
	}
	if orig.Result.Status == StatusNoEvidence || len(orig.Snapshot.Messages) == 0 {
		return Record{}, fmt.Errorf("replay %s: nothing to replay, no evidence was found and no model was asked", id)
	}
	start := time.Now()
	rec := Record{ReplayOf: orig.ID, RunID: orig.RunID, NodeID: orig.NodeID, TraceID: orig.TraceID, RequestID: newID(),
		Retrieval: orig.Retrieval, Snapshot: orig.Snapshot}
	rec, _ = p.generate(ctx, rec, Request{Model: m, Params: params, Hits: aboveThreshold(orig.Retrieval.Hits, 0)}, p.Options)
	rec.Timing.TotalMs = ms(time.Since(start))
	return p.save(ctx, rec, nil)
}

func providerSnapshot(m Model, params Params) map[string]any {
	var ps map[string]any
	_ = json.Unmarshal([]byte(mustJSON(params)), &ps) // stored as JSON: keep the same shape in memory
	snap := map[string]any{"provider": m.ProviderName, "model": m.Name, "parameters": ps}
	for k, v := range m.Snapshot {
		snap[k] = v
	}
	return snap
}

func aboveThreshold(hits []evidence.Hit, min float64) []evidence.Hit {
	out := make([]evidence.Hit, 0, len(hits))
	for _, h := range hits {
		if h.Score >= min {
			out = append(out, h)
		}
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
