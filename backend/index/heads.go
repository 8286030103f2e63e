package index

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/analysis"
	"lexflow/backend/index/internal/ranking"
)

// A question about one document often names it: "the distribution agreement
// between Acme Ltd and Beta Inc; can it be assigned?" or "Labour Law: notice
// period". Searched as plain words, the names swamp the question: every
// chunk that mentions the parties outranks the clause that answers it.
//
// So the first chunk of every document also carries the document's head:
// its file name and opening text, where contracts state their title and
// parties and statutes their name (the head_en/ar/zh fields, with
// kind:first to count them). Before searching chunks, a query whose words include some
// that are rare among the heads is matched against the heads alone, scored
// as BM25 over documents. The query names a document only when one head
// clearly wins (or a few tie, holding the same naming words: a signed
// agreement and its draft, see namingTies) and the naming words make up a clause of the query of their
// own, apart from the question ("Consider the Supply Agreement between Acme
// and Beta; can it be assigned?"): words of a head that merely occur inside
// the question ("best practice", "termination") name nothing, as a
// benchmark of rulebooks showed. Then the rest of the query is asked of
// the named document and of all, and the named document's chunks rank
// first (search.go): the document is favoured, never the only one searched.

// headChars is how much of a document's opening text its head holds, in
// code points.
const headChars = 1500

// Knobs of naming detection.
const (
	// A word held by at most this share of the heads (and by at least one)
	// can name a document.
	namingFraction = 0.05
	// The best head must outscore the second by this factor.
	namingMargin = 1.5
	// and hold at least this many of the query's rare words: a single rare
	// word is as likely a subject as a name.
	namingWords = 2
	// Up to this many heads within the margin of the best, each holding
	// every rare naming word the best holds, are named together: CUAD files
	// one contract twice, or its parts and amendments under one title and
	// the same parties, and a library holds a draft beside the signed copy.
	// The question names them all; more than this many, it names none.
	namingTies = 3
)

// documentHeads finds, among chunks, the first chunk (ordinal 0) of each
// document and builds its head: the file name as words, then the opening
// text from the chunks of the same call that start within headChars of it.
// The result maps the first chunk's ID to its head.
func documentHeads(chunks []evidence.Chunk) map[string]string {
	var heads map[string]string
	for _, first := range chunks {
		if first.Ordinal != 0 {
			continue
		}
		var parts []evidence.Chunk
		for _, c := range chunks {
			if c.DocID == first.DocID && c.Locator.Start >= first.Locator.Start && c.Locator.Start < first.Locator.Start+headChars {
				parts = append(parts, c)
			}
		}
		slices.SortFunc(parts, func(a, b evidence.Chunk) int { return cmp.Compare(a.Locator.Start, b.Locator.Start) })
		var b strings.Builder
		b.WriteString(analysis.NameWords(first.Locator.DocName))
		b.WriteString("\n")
		end, room := first.Locator.Start, headChars
		for _, c := range parts {
			if c.Locator.End <= end || room <= 0 {
				continue
			}
			text := evidence.Slice(c.Text, max(0, end-c.Locator.Start), max(0, end-c.Locator.Start)+room)
			b.WriteString(text)
			b.WriteString("\n")
			room -= utf8.RuneCountInString(text)
			end = c.Locator.End
		}
		if heads == nil {
			heads = map[string]string{}
		}
		heads[first.ID] = b.String()
	}
	return heads
}

// naming is what a query's naming clause found: the named documents (one,
// or a few that share the name, see namingTies) and the clause's own words
// ("Consider the Supply Agreement between Acme and Beta").
type naming struct {
	docIDs []string
	clause string
}

// focus looks for the document q names. When it finds one, it returns q
// restricted to that document with the naming clause blanked out of its
// text, and the naming; otherwise q unchanged. A query already limited to
// one document, or whose words name nothing, costs only dictionary lookups.
func (x *Index) focus(ctx context.Context, q Query, dfs docFreqs) (Query, naming, error) {
	if len(q.DocIDs) == 1 {
		return q, naming{}, nil
	}
	docs := dfs(analysis.FieldKind, analysis.KindFirst)
	if docs < 2 {
		return q, naming{}, nil
	}
	for _, lang := range analysis.QueryLangs(q.Language, q.Text) {
		n, text, err := x.named(ctx, q, lang, dfs, docs)
		if err != nil || len(n.docIDs) > 0 {
			if len(n.docIDs) > 0 {
				q.DocIDs, q.Text = n.docIDs, text
			}
			return q, n, err
		}
	}
	return q, naming{}, nil
}

// named runs the naming detection of one language: it returns the naming
// and the query text without its naming clause; a zero naming when the
// query names no document.
func (x *Index) named(ctx context.Context, q Query, lang string, dfs docFreqs, docs uint64) (naming, string, error) {
	field := analysis.HeadField(lang)
	tokens := x.analyzers[lang].Analyze([]byte(q.Text))
	rareMax := max(1, uint64(namingFraction*float64(docs)))
	var clauses []ranking.Clause
	rare := map[string]bool{}
	for _, term := range distinctTerms(tokens) {
		df := dfs(field, term)
		if df == 0 {
			continue
		}
		clauses = append(clauses, ranking.Clause{Field: field, Term: term, Boost: 1, DF: df})
		if df <= rareMax {
			rare[term] = true
		}
	}
	if len(rare) == 0 {
		return naming{}, "", nil
	}
	must := append([]query.Query{query.NewDisjunctionQuery(ranking.ClauseQueries(clauses))}, ranking.FilterQueries(filterClauses(q))...)
	stats := &search.BM25Stats{DocCount: float64(docs), FieldCardinality: map[string]int{
		field: int(x.stats.average(field) * float64(docs)), analysis.FieldCollection: int(docs), analysis.FieldDocID: int(docs)}}
	top, err := x.shards.Search(ctx, ranking.WithoutExcluded(query.NewBooleanQuery(must, nil, nil), excludedClauses(q)), namingTies+1, []string{analysis.FieldChunk, field}, stats)
	if err != nil || len(top) == 0 {
		return naming{}, "", err
	}
	held := x.namingWords(top[0], field, lang, rare)
	if len(held) < namingWords {
		return naming{}, "", nil
	}
	named := search.DocumentMatchCollection{top[0]}
	for _, m := range top[1:] {
		if top[0].Score < namingMargin*m.Score {
			named = append(named, m)
		}
	}
	if len(named) > 1 && !x.features.on(featureFocusTies) || len(named) > namingTies {
		return naming{}, "", nil
	}
	for _, m := range named[1:] {
		if !maps.Equal(x.namingWords(m, field, lang, rare), held) {
			return naming{}, "", nil // a name several documents share in part names none of them
		}
	}
	text, clause, explicit := withoutNaming(q.Text, tokens, func(term string) bool { return held[term] })
	if !explicit {
		return naming{}, "", nil
	}
	n := naming{clause: clause}
	for _, m := range named {
		c, err := storedChunk(m)
		if err != nil {
			return naming{}, "", err
		}
		n.docIDs = append(n.docIDs, c.DocID)
	}
	return n, text, nil
}

// namingWords are the rare query words that the head of m, a first chunk, holds.
func (x *Index) namingWords(m *search.DocumentMatch, field, lang string, rare map[string]bool) map[string]bool {
	head, _ := m.Fields[field].(string)
	held := map[string]bool{}
	for _, t := range x.analyzers[lang].Analyze([]byte(head)) {
		if term := string(t.Term); rare[term] {
			held[term] = true
		}
	}
	return held
}

// queryBreaks end a clause of a query.
const queryBreaks = ";:?!\n；：？！。"

// withoutNaming blanks out of text the clauses (text between queryBreaks)
// that hold naming words, the tokens for which names is true, and returns
// those clauses' words too. explicit is true only when another clause holds
// words of its own: the query names a document, then asks about it.
func withoutNaming(text string, tokens bleveanalysis.TokenStream, names func(string) bool) (rest, clause string, explicit bool) {
	clauseAt := make([]int, len(tokens))
	namingClause := map[int]bool{}
	for i, t := range tokens {
		clauseAt[i] = countBreaks(text[:t.Start])
		if names(string(t.Term)) {
			namingClause[clauseAt[i]] = true
		}
	}
	if len(namingClause) == 0 || !slices.ContainsFunc(clauseAt, func(c int) bool { return !namingClause[c] }) {
		return text, "", false
	}
	b := []byte(text)
	spans := map[int][2]int{} // clause → its words' first start and last end
	for i, t := range tokens {
		c := clauseAt[i]
		if !namingClause[c] {
			continue
		}
		for k := t.Start; k < t.End; k++ {
			b[k] = ' '
		}
		if sp, ok := spans[c]; ok {
			spans[c] = [2]int{sp[0], t.End}
		} else {
			spans[c] = [2]int{t.Start, t.End}
		}
	}
	var clauses []string
	for _, c := range slices.Sorted(maps.Keys(spans)) {
		clauses = append(clauses, text[spans[c][0]:spans[c][1]])
	}
	return string(b), strings.Join(clauses, " "), true
}

func countBreaks(s string) int {
	n := 0
	for _, r := range s {
		if strings.ContainsRune(queryBreaks, r) {
			n++
		}
	}
	return n
}
