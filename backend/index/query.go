package index

import (
	"slices"

	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/search/query"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/analysis"
)

// Query is a search over the evidence index. Text is plain words, never query
// syntax: quotes, colons, brackets and "Art. 12(3)" are just text.
type Query struct {
	Text          string
	CollectionIDs []string // empty: every collection
	DocIDs        []string // empty: every document
	TopK          int      // 0: DefaultTopK; capped at MaxTopK
	MinScore      float64  // hits scoring below are dropped
	Language      string   // "en" or "ar" analyses the text that way only; "": by its script (both if mixed)
	// Distinct keeps one hit per passage text: the same clause from a PDF and
	// a DOCX of one document fills one slot, not two (evidence for answers).
	Distinct bool
}

const (
	DefaultTopK = 10
	MaxTopK     = 200
)

// Relative weights of the parts of a query. The text of a chunk weighs 1.
const (
	// A word of the heading path ("Termination") adds a quarter of what
	// it adds in the text, and only to a chunk whose text holds a query
	// word (terms.go); the heading field holds only the headings the
	// chunk's opening does not say (mapping.go). Chosen on every set of
	// make eval-retrieval (span hit@10 CUAD whole / inside, ACORD NDCG@10,
	// STARD recall@10): weight 1 and the whole path: .842/.914/.091/.590;
	// 0.25: .852/.924/.104/.627; 0.25 without what the text says:
	// .852/.924/.106/.640; headings off: .832/.912/.105/.640.
	headingBoost = 0.25
	refBoost     = 3.0 // the heading path holds the article the query names
	nameBoost    = 0.5 // the document's file name holds a query word
	relatedBoost = 0.4 // a related word of the thesaurus stands in for a query word
)

// analyzers holds the two analyzers of the index's mapping.
type analyzers map[string]bleveanalysis.Analyzer

// buildQuery plans q: which chunks may match, and how they score. It
// returns nil when no chunk can match: no searchable word (empty, only stop
// words or punctuation) or only words no chunk holds.
func (x *Index) buildQuery(q Query, p planner) *searchPlan {
	var pl plan
	for _, lang := range analysis.QueryLangs(q.Language, q.Text) {
		tokens := x.analyzers[lang].Analyze([]byte(q.Text))
		p.words(&pl, lang, x.withDigitVariants(lang, q.Text, tokens))
	}
	if x.features.on(featureRefs) {
		for _, ref := range x.refs.Find(q.Text) {
			p.add(&pl, clause{field: analysis.FieldRefs, term: ref, boost: refBoost, selects: true})
		}
	}
	if x.features.on(featureNames) {
		for _, term := range distinctTerms(x.analyzers[analysis.LangEN].Analyze([]byte(q.Text))) {
			p.add(&pl, clause{field: analysis.FieldName, term: term, boost: nameBoost})
		}
	}
	sp := &searchPlan{parts: parts(pl.clauses), filters: filters(q), filterClauses: filterClauses(q), textTerms: pl.textTerms}
	if !slices.ContainsFunc(sp.parts, part.selects) {
		return nil
	}
	return sp
}

// searchPlan is a planned search. A chunk scores by the disjunction of all
// the parts, and must hold a selecting part (a query word in its text or
// heading path, a related word, or the article the query names; the file
// name only scores) and pass the filters.
type searchPlan struct {
	parts         []part
	filters       []query.Query
	filterClauses [][]clause // filters as clauses: a chunk holds one of every group
	textTerms     []clause   // the query's terms in the text fields, to highlight
}

// query is the plan as one Bleve query whose candidates are limited to the
// chunks that hold one of the clauses in selecting. Those select with boost
// 0, so a chunk's score is the same whichever clauses select.
func (sp *searchPlan) query(selecting []clause) query.Query {
	sel := make([]query.Query, len(selecting))
	for i, c := range selecting {
		c.boost = 0
		sel[i] = globalTermQuery{c}
	}
	scoring := make([]query.Query, len(sp.parts))
	n := 0
	for i, p := range sp.parts {
		scoring[i] = p.query()
		n += len(p.clauses)
	}
	must := []query.Query{query.NewDisjunctionQuery(scoring)}
	if len(selecting) < n {
		must = append(must, query.NewDisjunctionQuery(sel))
	}
	return query.NewConjunctionQuery(append(must, sp.filters...))
}

// withDigitVariants adds the terms of text written with the other digits:
// a query for "المادة 7" also looks for "٧" in Arabic text, and "١٢" for "12".
func (x *Index) withDigitVariants(lang, text string, tokens bleveanalysis.TokenStream) bleveanalysis.TokenStream {
	variants := []string{evidence.FoldDigits(text)}
	if lang == analysis.LangAR {
		variants = append(variants, analysis.ArabicDigits(text))
	}
	for _, v := range variants {
		if v != text {
			tokens = append(tokens, x.analyzers[lang].Analyze([]byte(v))...)
		}
	}
	return tokens
}

func distinctTerms(tokens bleveanalysis.TokenStream) []string {
	var terms []string
	for _, t := range tokens {
		if term := string(t.Term); !slices.Contains(terms, term) {
			terms = append(terms, term)
		}
	}
	return terms
}

// filterClauses restricts the search to the requested collections and
// documents: a chunk must hold a clause of every group. Filter clauses have
// boost 0, so they select without changing scores.
func filterClauses(q Query) [][]clause {
	var groups [][]clause
	for _, f := range []struct {
		field  string
		values []string
	}{{analysis.FieldCollection, q.CollectionIDs}, {analysis.FieldDocID, q.DocIDs}} {
		if len(f.values) == 0 {
			continue
		}
		group := make([]clause, len(f.values))
		for i, v := range f.values {
			group[i] = clause{field: f.field, term: v}
		}
		groups = append(groups, group)
	}
	return groups
}

// filters is filterClauses as Bleve queries.
func filters(q Query) []query.Query {
	var fs []query.Query
	for _, group := range filterClauses(q) {
		qs := make([]query.Query, len(group))
		for i, c := range group {
			qs[i] = termQuery(c.field, c.term, 0)
		}
		fs = append(fs, query.NewDisjunctionQuery(qs))
	}
	return fs
}

// topK clamps the requested number of hits to 1..MaxTopK.
func topK(k int) int {
	switch {
	case k <= 0:
		return DefaultTopK
	case k > MaxTopK:
		return MaxTopK
	}
	return k
}
