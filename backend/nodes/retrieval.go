package nodes

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"lexflow/backend/engine"
	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/nodes/tools"
)

// knowledge-retrieval searches collections (Dify's dataset_ids) for the
// query and outputs "result": [{content, title, metadata}] with each hit's
// locator in metadata (tools.Hit), and "query": what it searched for
// (with follow_up, a follow-up question made to stand alone). Dify's single retrieval mode (a
// model picks one dataset) searches all the given collections instead.
// score_threshold applies to the index's BM25 scores, which are not 0–1.
type retrievalData struct {
	Query            engine.Selector `json:"query_variable_selector"`
	DatasetIDs       []string        `json:"dataset_ids"`
	RetrievalMode    string          `json:"retrieval_mode"`
	Multiple         retrievalConfig `json:"multiple_retrieval_config"`
	Single           retrievalConfig `json:"single_retrieval_config"`
	DocumentIDs      []string        `json:"document_ids"` // Lexflow: restrict to these documents
	FilteringMode    string          `json:"metadata_filtering_mode"`
	FilterConditions *struct {
		LogicalOperator string          `json:"logical_operator"`
		Conditions      []metaCondition `json:"conditions"`
	} `json:"metadata_filtering_conditions"`
	FollowUp *followUpConfig `json:"follow_up"`        // Lexflow: search follow-ups with the conversation (followup.go)
	Across   *acrossConfig   `json:"across_documents"` // Lexflow: check every document for "which contracts …" (across.go)
}

type retrievalConfig struct {
	TopK                  int      `json:"top_k"`
	ScoreThreshold        *float64 `json:"score_threshold"`
	ScoreThresholdEnabled *bool    `json:"score_threshold_enabled"`
}

type metaCondition struct {
	Name               string `json:"name"`
	ComparisonOperator string `json:"comparison_operator"`
	Value              any    `json:"value"`
}

// DefaultRetrievalTopK is Dify's default.
const DefaultRetrievalTopK = 4

type retrieval struct {
	deps   Deps
	data   retrievalData
	topK   int
	min    float64
	docs   []string
	colls  []string
	single bool
}

func newRetrieval(deps Deps) engine.NodeFactory {
	return func(def engine.NodeDef) (engine.Node, error) {
		r := &retrieval{deps: deps}
		if err := decode(def, &r.data); err != nil {
			return nil, err
		}
		if err := r.configure(); err != nil {
			return nil, err
		}
		spec := engine.Spec{Inputs: []engine.Input{{Selector: r.data.Query, Type: engine.TypeAny, Field: "query_variable_selector"}},
			Outputs: []engine.Output{{Name: "result", Type: engine.TypeArrayObject}, {Name: "query", Type: engine.TypeString},
				{Name: "documents_checked", Type: engine.TypeNumber}}}
		return node{spec: spec, run: r.run}, nil
	}
}

func (r *retrieval) configure() error {
	if err := checkSelector("query_variable_selector", r.data.Query); err != nil {
		return err
	}
	if !oneOf(r.data.RetrievalMode, "", "single", "multiple") {
		return fieldError("retrieval_mode", "Choose single or multiple retrieval.", "%q: want single or multiple", r.data.RetrievalMode)
	}
	r.single = r.data.RetrievalMode == "single"
	cfg := r.data.Multiple
	if r.single {
		cfg = r.data.Single
	}
	if cfg.TopK < 0 || cfg.TopK > index.MaxTopK {
		return fieldError("multiple_retrieval_config.top_k", "Return between 1 and "+fmt.Sprint(index.MaxTopK)+" passages.", "%d: want 1..%d", cfg.TopK, index.MaxTopK)
	}
	r.topK = cfg.TopK
	if r.topK == 0 {
		r.topK = DefaultRetrievalTopK
	}
	if cfg.ScoreThreshold != nil && (cfg.ScoreThresholdEnabled == nil || *cfg.ScoreThresholdEnabled) {
		r.min = *cfg.ScoreThreshold
	}
	r.colls = nonEmpty(r.data.DatasetIDs)
	if err := r.checkCollections(); err != nil {
		return err
	}
	return r.filters()
}

// checkCollections refuses collection ids this library does not have.
// Compile has no context of its own: the lookup is one local query.
func (r *retrieval) checkCollections() error {
	if r.deps.Collections == nil || len(r.colls) == 0 {
		return nil
	}
	known, err := r.deps.Collections(context.Background())
	if err != nil {
		return fieldError("dataset_ids", "The collections could not be checked.", "list collections: %v", err)
	}
	var missing []string
	for _, id := range r.colls {
		if !slices.Contains(known, id) {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		return fieldError("dataset_ids", "Choose a collection to search: the ones this step names do not exist here.", "unknown collection ids %q", missing)
	}
	return nil
}

// filters reads metadata filtering; documents are what the index filters on.
func (r *retrieval) filters() error {
	r.docs = nonEmpty(r.data.DocumentIDs)
	switch r.data.FilteringMode {
	case "", "disabled":
		return nil
	case "automatic":
		return fieldError("metadata_filtering_mode", "Filters chosen by a model are not supported: choose manual filters.", "automatic (model-chosen) filters are not supported; use manual")
	case "manual":
	default:
		return fieldError("metadata_filtering_mode", "Choose no filter or manual filters.", "%q: want disabled or manual", r.data.FilteringMode)
	}
	if r.data.FilterConditions == nil {
		return nil
	}
	if op := r.data.FilterConditions.LogicalOperator; op == "or" && len(r.data.FilterConditions.Conditions) > 1 {
		return fieldError("metadata_filtering_conditions.logical_operator", "Filters combine with “and” only.", "or is not supported; filters combine with and")
	}
	for i, c := range r.data.FilterConditions.Conditions {
		if err := r.addFilter(fmt.Sprintf("metadata_filtering_conditions.conditions[%d]", i), c); err != nil {
			return err
		}
	}
	return nil
}

func (r *retrieval) addFilter(field string, c metaCondition) error {
	if !oneOf(c.ComparisonOperator, "is", "=", "in", "") {
		return fieldError(field+".comparison_operator", "Choose “is”, “=” or “in”.", "%q: only is, = and in are supported", c.ComparisonOperator)
	}
	var values []string
	for _, v := range expectedList(c.Value) {
		values = append(values, strings.TrimSpace(scalarText(v)))
	}
	switch c.Name {
	case "document_id", "document_ids", "document":
		r.docs = append(r.docs, nonEmpty(values)...)
	case "collection_id", "dataset_id":
		r.colls = append(r.colls, nonEmpty(values)...)
	default:
		return fieldError(field+".name", "Only a document or a collection can be filtered on.", "%q: only document_id and collection_id can be filtered on", c.Name)
	}
	return nil
}

func nonEmpty(ss []string) []string {
	return slices.DeleteFunc(slices.Clone(ss), func(s string) bool { return strings.TrimSpace(s) == "" })
}

func (r *retrieval) run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	asked := textAt(in.Vars, r.data.Query)
	s, err := r.standalone(ctx, in, asked)
	// Distinct: the same passage in two formats of a document is one piece of evidence, not two.
	colls, docs := overridesOf(in).scope(r.colls, r.docs)
	q := index.Query{Text: s.text, CollectionIDs: colls, DocIDs: docs, TopK: r.topK, MinScore: r.min, Distinct: true}
	var w warnings
	if r.single {
		w.add("single retrieval mode searches all the node's collections")
	}
	if s.warning != "" {
		w.add("%s", s.warning)
	}
	res := engine.NodeResult{Inputs: map[string]any{"query": asked}, Usage: s.usage,
		ProcessData: w.into(map[string]any{"collection_ids": q.CollectionIDs, "document_ids": q.DocIDs, "top_k": q.TopK, "score_threshold": q.MinScore})}
	if err != nil {
		return res, err
	}
	if s.how != followUpAsAsked {
		res.ProcessData["searched_for"], res.ProcessData["follow_up"] = s.text, s.how
		res.ProcessData["notes"] = []string{"Follow-up, " + s.how + ": searched for “" + s.text + "”"}
	}
	result, checked := []evidence.Hit{}, 0
	if strings.TrimSpace(q.Text) != "" {
		if r.deps.Search == nil {
			return res, fail(ErrorTypeTool, "search %q: %w", q.Text, tools.ErrUnavailable)
		}
		hits, n, across, err := r.acrossDocuments(ctx, q)
		if !across && err == nil {
			hits, err = r.deps.Search(ctx, q)
		}
		if err != nil {
			return res, fmt.Errorf("search %q: %w", q.Text, err)
		}
		if across {
			checked = n
			res.ProcessData["documents_checked"] = n
			notes, _ := res.ProcessData["notes"].([]string)
			res.ProcessData["notes"] = append(notes, fmt.Sprintf("asked of every document: checked %d, %d with passages on it", n, distinctDocs(hits)))
		}
		result = hits
	}
	res.ProcessData["hits"] = len(result)
	// The hits travel typed (tools.Hit): the cited answer reads them as
	// they are, while templates, End nodes and Dify-imported apps see each
	// as Dify's {content, title, metadata} record.
	res.Outputs = map[string]engine.Value{"result": engine.Typed(engine.TypeArrayObject, tools.Hits(result)), "query": engine.String(q.Text),
		"documents_checked": engine.Number(float64(checked))}
	return res, nil
}

func distinctDocs(hits []evidence.Hit) int {
	seen := map[string]bool{}
	for _, h := range hits {
		seen[h.Chunk.DocID] = true
	}
	return len(seen)
}
