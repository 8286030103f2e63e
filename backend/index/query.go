package index

import (
	"slices"

	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/analysis"
	"lexflow/backend/index/internal/ranking"
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
	// ExcludeDocIDs are documents left out of the search: the index knows
	// nothing of near-duplicate documents, its callers leave the copies out
	// (library.OneCopy).
	ExcludeDocIDs []string
}

const (
	DefaultTopK = 10
	MaxTopK     = 200
)

// Relative weights of the parts of a query. The text of a chunk weighs 1.
const (
	// A word of the heading path ("Termination") adds a quarter of what
	// it adds in the text, and only to a chunk whose text holds a query
	// word (planner.words); the heading field holds only the headings the
	// chunk's opening does not say (analysis.HeadingContext). Chosen on
	// every set of make eval-retrieval (span hit@10 CUAD whole / inside,
	// ACORD NDCG@10, STARD recall@10): weight 1 and the whole path: .842/.914/.091/.590;
	// 0.25: .852/.924/.104/.627; 0.25 without what the text says:
	// .852/.924/.106/.640; headings off: .832/.912/.105/.640.
	headingBoost = 0.25
	refBoost     = 3.0 // the heading path holds the article the query names
	nameBoost    = 0.5 // the document's file name holds a query word
	relatedBoost = 0.4 // a related word of the thesaurus stands in for a query word
)

// buildQuery plans q: which chunks may match, and how they score. It
// returns nil when no chunk can match: no searchable word (empty, only stop
// words or punctuation) or only words no chunk holds.
func (x *Index) buildQuery(q Query, p planner) *searchPlan {
	var pl draft
	for _, lang := range analysis.QueryLangs(q.Language, q.Text) {
		tokens := x.analyzers[lang].Analyze([]byte(q.Text))
		p.words(&pl, lang, x.withDigitVariants(lang, q.Text, tokens))
	}
	if x.features.on(featureRefs) {
		for _, ref := range x.refs.Find(q.Text) {
			p.add(&pl, ranking.Clause{Field: analysis.FieldRefs, Term: ref, Boost: refBoost, Selects: true})
		}
	}
	if x.features.on(featureNames) {
		for _, term := range distinctTerms(x.analyzers[analysis.LangEN].Analyze([]byte(q.Text))) {
			p.add(&pl, ranking.Clause{Field: analysis.FieldName, Term: term, Boost: nameBoost})
		}
	}
	sp := &searchPlan{Plan: ranking.Plan{Parts: ranking.Parts(pl.clauses), Filters: filterClauses(q), Excluded: excludedClauses(q)},
		textTerms: pl.textTerms}
	if !slices.ContainsFunc(sp.Parts, ranking.Part.Selects) {
		return nil
	}
	return sp
}

// searchPlan is a planned search: the plan ranked, and the query's terms in
// the text fields, to highlight. A chunk scores by the disjunction of all
// the parts, and must hold a selecting part (a query word in its text or
// heading path, a related word, or the article the query names; the file
// name only scores) and pass the filters.
type searchPlan struct {
	ranking.Plan
	textTerms []ranking.Clause
}

// draft is the clauses of a query as the planner files them.
type draft struct {
	clauses   []ranking.Clause // every clause scores; a hit holds at least one that selects
	textTerms []ranking.Clause // every query term in the text fields, for highlighting
}

// planner turns query words into clauses.
type planner struct {
	dfs      docFreqs
	related  analysis.Thesaurus // English query words → related words, scored at relatedBoost; nil when switched off
	headings bool               // query words also match the heading path
}

// words plans the query words: each term in the text and, weighted, in the
// heading path of its language. A heading word only adds to the score of a
// chunk whose text holds a query word: a heading alone ("Power of the
// Regulator to intervene") never makes a hit, the rule under it does.
// Terms no chunk holds are dropped.
func (p planner) words(pl *draft, lang string, tokens bleveanalysis.TokenStream) {
	seen := map[string]bool{}
	for _, tok := range tokens {
		term := string(tok.Term)
		if seen[term] {
			continue
		}
		seen[term] = true
		pl.textTerms = append(pl.textTerms, ranking.Clause{Field: analysis.TextField(lang), Term: term, Boost: 1})
		p.add(pl, ranking.Clause{Field: analysis.TextField(lang), Term: term, Boost: 1, Selects: true})
		p.heading(pl, ranking.Clause{Field: analysis.HeadingField(lang), Term: term, Boost: headingBoost})
	}
	if lang != analysis.LangEN {
		return
	}
	// Related words select like query words: a chunk that holds only a
	// related word can be found.
	for _, tok := range tokens {
		term := string(tok.Term)
		for _, r := range p.related[term] {
			if seen[r] {
				continue
			}
			seen[r] = true
			p.add(pl, ranking.Clause{Field: analysis.TextField(lang), Term: r, Boost: relatedBoost, RelatedTo: term, Selects: true})
			p.heading(pl, ranking.Clause{Field: analysis.HeadingField(lang), Term: r, Boost: relatedBoost * headingBoost, RelatedTo: term})
		}
	}
}

// heading adds c, a clause on the heading path, unless headings are switched off.
func (p planner) heading(pl *draft, c ranking.Clause) {
	if p.headings {
		p.add(pl, c)
	}
}

// add files c with its document frequency, unless no chunk holds it.
func (p planner) add(pl *draft, c ranking.Clause) {
	if c.DF = p.dfs(c.Field, c.Term); c.DF > 0 {
		pl.clauses = append(pl.clauses, c)
	}
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
func filterClauses(q Query) [][]ranking.Clause {
	var groups [][]ranking.Clause
	for _, f := range []struct {
		field  string
		values []string
	}{{analysis.FieldCollection, q.CollectionIDs}, {analysis.FieldDocID, q.DocIDs}} {
		if len(f.values) == 0 {
			continue
		}
		group := make([]ranking.Clause, len(f.values))
		for i, v := range f.values {
			group[i] = ranking.Clause{Field: f.field, Term: v}
		}
		groups = append(groups, group)
	}
	return groups
}

// excludedClauses are the clauses of the documents q leaves out.
func excludedClauses(q Query) []ranking.Clause {
	out := make([]ranking.Clause, len(q.ExcludeDocIDs))
	for i, id := range q.ExcludeDocIDs {
		out[i] = ranking.Clause{Field: analysis.FieldDocID, Term: id}
	}
	return out
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
