package nodes

import (
	"context"
	"fmt"

	"lexflow/backend/engine"
	"lexflow/backend/evidence"
	"lexflow/backend/generation"
	"lexflow/backend/llm"
	"lexflow/backend/nodes/tools"
)

// TypeCitedAnswer is Lexflow's evidence-grounded answer node.
const TypeCitedAnswer = "cited-answer"

// ErrorTypeGeneration is the error type of a cited answer that failed its checks or its model call.
const ErrorTypeGeneration = "generation_failed"

// Answerer runs the cited-answer pipeline (generation.Pipeline fits).
type Answerer interface {
	Run(ctx context.Context, req generation.Request) (generation.Record, error)
}

// Verifier checks an answer written elsewhere against its evidence and
// records it (generation.Pipeline fits).
type Verifier interface {
	Verify(ctx context.Context, a generation.Answered) (generation.Record, error)
	// AnswerAgent asks once more for the answer in the answer schema over
	// the evidence the agent's tools returned, then checks and records it.
	AnswerAgent(ctx context.Context, a generation.Answered, onAnswer func(string) error) (generation.Record, error)
}

// SearchScope is what a retrieval searched, by id: its collections (none:
// every collection) and, when it names any, only these documents.
type SearchScope struct {
	CollectionIDs []string
	DocumentIDs   []string
}

// ScopeFunc describes a search scope for people: `the collection "Statutes"`,
// `the documents “Lease”, “Distributor Agreement”`; with the documents'
// titles, in the order of their ids.
type ScopeFunc func(ctx context.Context, s SearchScope) (text string, titles []string)

// Generation is the resolved model as the generation pipeline takes it.
func (m Model) Generation() generation.Model {
	return generation.Model{Provider: m.Provider, ProviderName: m.ProviderName, Name: m.Name}
}

// cited-answer answers the query from the hits of a knowledge-retrieval
// node through the generation pipeline: prompt, model, checks, record. It
// streams the answer text, and outputs the checked answer, its citations
// (each with locator, excerpt and verified quotes), the claims with their
// verdicts, the status and the generation record's id.
type citedAnswerData struct {
	Query    engine.Selector `json:"query_variable_selector"`
	Hits     engine.Selector `json:"hits_variable_selector"`
	Model    modelConfig     `json:"model"`
	Uncited  string          `json:"uncited_policy"` // partial (default), fail or strip
	MinScore float64         `json:"min_score"`
}

type citedAnswer struct {
	deps     Deps
	data     citedAnswerData
	params   params
	searched SearchScope // the retrieval node's dataset_ids and document_ids, for the no-evidence answer and the record
	// checked is the retrieval node's documents_checked: a question asked
	// across documents is answered document by document.
	checked engine.Selector
}

func newCitedAnswer(deps Deps) engine.NodeFactory {
	return func(def engine.NodeDef) (engine.Node, error) {
		n := &citedAnswer{deps: deps}
		if err := decode(def, &n.data); err != nil {
			return nil, err
		}
		if err := n.configure(def); err != nil {
			return nil, err
		}
		inputs := []engine.Input{{Selector: n.data.Query, Type: engine.TypeAny, Field: "query_variable_selector"},
			{Selector: n.data.Hits, Type: engine.TypeAny, Field: "hits_variable_selector"}}
		if n.checked != nil {
			inputs = append(inputs, engine.Input{Selector: n.checked, Type: engine.TypeAny, Field: "hits_variable_selector"})
		}
		spec := engine.Spec{
			Inputs: inputs,
			Outputs: []engine.Output{{Name: "answer", Type: engine.TypeString}, {Name: "citations", Type: engine.TypeArrayObject},
				{Name: "claims", Type: engine.TypeArrayObject}, {Name: "status", Type: engine.TypeString},
				{Name: "error", Type: engine.TypeString}, {Name: "generation_record_id", Type: engine.TypeString},
				{Name: "reasoning", Type: engine.TypeString}, {Name: "usage", Type: engine.TypeObject}},
			Streams: []string{"answer", "reasoning"},
		}
		return node{spec: spec, run: n.run}, nil
	}
}

func (n *citedAnswer) configure(def engine.NodeDef) error {
	if err := checkSelector("query_variable_selector", n.data.Query); err != nil {
		return err
	}
	if err := checkSelector("hits_variable_selector", n.data.Hits); err != nil {
		return err
	}
	if !oneOf(n.data.Uncited, "", string(generation.UncitedPartial), string(generation.UncitedFail), string(generation.UncitedStrip)) {
		return fieldError("uncited_policy", "Choose what happens to uncited claims.", "%q: want partial, fail or strip", n.data.Uncited)
	}
	var err error
	if n.params, err = n.data.Model.parse(); err != nil {
		return err
	}
	if peer, ok := def.Peer(n.data.Hits.Node()); ok && peer.Type == TypeKnowledgeRetrieval {
		var r retrievalData
		if (engine.NodeDef{Type: peer.Type, Data: peer.Data}).Decode(&r) == nil {
			n.searched = SearchScope{CollectionIDs: nonEmpty(r.DatasetIDs), DocumentIDs: nonEmpty(r.DocumentIDs)}
		}
		n.checked = engine.Selector{n.data.Hits.Node(), "documents_checked"}
	}
	return nil
}

func (n *citedAnswer) run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	query := textAt(in.Vars, n.data.Query)
	hits, err := n.hits(in)
	res := engine.NodeResult{Inputs: map[string]any{"query": query, "hits": len(hits)}}
	if err != nil {
		return res, err
	}
	if n.deps.Answerer == nil {
		return res, fail(ErrorTypeGeneration, "cited answer: the generation pipeline is not available here")
	}
	o := overridesOf(in)
	m, err := n.deps.resolveModel(ctx, in, o.model(n.data.Model.ref()))
	if err != nil {
		return res, err
	}
	var detail llm.DetailBuilder
	var s SearchScope
	s.CollectionIDs, s.DocumentIDs = o.scope(n.searched.CollectionIDs, n.searched.DocumentIDs)
	scope, searched := n.scope(ctx, s)
	rec, err := n.deps.Answerer.Run(ctx, generation.Request{
		Query: query, Hits: hits, MinScore: n.data.MinScore, Scope: scope, DocumentsChecked: n.documentsChecked(in),
		Parameters: map[string]any{"source": n.data.Hits.String(), "collection_ids": s.CollectionIDs,
			"document_ids": s.DocumentIDs, "documents": searched, "hits": len(hits)},
		Model:  m.Generation(),
		Params: generation.Params{Temperature: n.params.temperature, MaxTokens: n.params.maxTokens, Seed: n.params.seed, Format: n.params.format},
		RunID:  in.RunID, NodeID: in.NodeID,
		OnAnswer: func(s string) error { return in.Stream("answer", s) },
		OnDelta: func(d llm.Delta) error {
			detail.Add(d)
			if d.Kind == llm.DeltaReasoning && d.Text != "" {
				return in.Stream("reasoning", d.Text) // shown live, collapsed, before the answer
			}
			return nil
		},
	})
	if err != nil {
		return res, err
	}
	res.ProcessData, res.Usage = n.processData(rec, detail.Detail()), &rec.Raw.Usage
	res.Outputs = n.outputs(rec)
	if rec.Result.Status == generation.StatusFailed {
		return res, fail(ErrorTypeGeneration, "%s", rec.Result.Error)
	}
	return res, nil
}

// hits reads the upstream retrieval result, in rank order.
func (n *citedAnswer) hits(in engine.NodeInput) ([]evidence.Hit, error) {
	v, _ := lookup(in.Vars, n.data.Hits)
	x := v.Typed()
	if x == nil {
		x = plainValue(v)
	}
	out, bad, ok := tools.HitsOf(x)
	if !ok {
		return nil, fail(ErrorTypeInvalidInput, "hits_variable_selector %s: item %d is not a retrieval hit", n.data.Hits, bad+1)
	}
	for i := range out {
		if out[i].Rank == 0 {
			out[i].Rank = i + 1
		}
	}
	return out, nil
}

// documentsChecked is how many documents the retrieval step checked one by
// one; 0 when it searched as usual.
func (n *citedAnswer) documentsChecked(in engine.NodeInput) int {
	if n.checked == nil {
		return 0
	}
	v, _ := lookup(in.Vars, n.checked)
	f, _ := v.Any().(float64)
	return int(f)
}

// scope describes what the retrieval searched, and lists the documents it
// was restricted to as {id, title} for the record (empty: no restriction).
func (n *citedAnswer) scope(ctx context.Context, s SearchScope) (string, []any) {
	text, titles := scopeText(s)
	if n.deps.Scope != nil {
		text, titles = n.deps.Scope(ctx, s)
	}
	docs := make([]any, len(s.DocumentIDs))
	for i, id := range s.DocumentIDs {
		title := id
		if i < len(titles) {
			title = titles[i]
		}
		docs[i] = map[string]any{"id": id, "title": title}
	}
	return text, docs
}

// scopeText describes a scope by ids, where no ScopeFunc names them.
func scopeText(s SearchScope) (string, []string) {
	switch {
	case len(s.DocumentIDs) > 0:
		return fmt.Sprintf("documents %v", s.DocumentIDs), s.DocumentIDs
	case len(s.CollectionIDs) > 0:
		return fmt.Sprintf("collections %v", s.CollectionIDs), nil
	}
	return "all collections", nil
}

func (n *citedAnswer) outputs(rec generation.Record) map[string]engine.Value {
	r := rec.Result
	return map[string]engine.Value{
		"answer": engine.String(r.Answer), "citations": typedList(r.Citations),
		"claims": typedList(r.Claims), "status": engine.String(string(r.Status)),
		"error": engine.String(r.Error), "generation_record_id": engine.String(rec.ID),
		"reasoning": engine.String(rec.Raw.Reasoning),
		"usage": engine.Object(map[string]any{"prompt_tokens": float64(rec.Raw.Usage.PromptTokens),
			"completion_tokens": float64(rec.Raw.Usage.CompletionTokens), "total_tokens": float64(rec.Raw.Usage.Total())}),
	}
}

// typedList is a list output that travels typed (engine.Typed): the
// generation's citations and claims as they are for Go readers, and their
// JSON, the API's shape with [] when empty, for templates and the UI.
func typedList[T any](items []T) engine.Value {
	if items == nil {
		items = []T{}
	}
	return engine.Typed(engine.TypeArrayObject, items)
}

func (n *citedAnswer) processData(rec generation.Record, d llm.Detail) map[string]any {
	checks := rec.Result.Checks
	if checks == nil {
		checks = []generation.Check{}
	}
	pd := map[string]any{
		"generation_record_id": rec.ID, "retrieval_record_id": rec.Retrieval.ID, "status": string(rec.Result.Status),
		"prompt_name": rec.Snapshot.PromptName, "prompt_version": rec.Snapshot.PromptVersion,
		"model_provider": rec.Raw.Provider, "model_name": rec.Raw.Model, "checks": checks,
		"timing_ms": map[string]any{"prompt": rec.Timing.PromptMs, "llm": rec.Timing.LLMMs,
			"postprocess": rec.Timing.PostprocessMs, "total": rec.Timing.TotalMs},
	}
	if rec.Result.Status != generation.StatusNoEvidence {
		pd[DetailKey] = d
		pd["output_format"] = string(rec.Raw.Output.Format) // schema, json or prose: how the reply was asked for
	}
	return pd
}
