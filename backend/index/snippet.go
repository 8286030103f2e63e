package index

import (
	"fmt"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/highlight"
	"github.com/blevesearch/bleve/v2/search/highlight/highlighter/html"
	bleveindex "github.com/blevesearch/bleve_index_api"
)

// Snippets are Bleve's own: its html highlighter picks the best fragment of
// about 200 characters, wraps the query's terms in <mark>…</mark> and
// escapes the rest. The highlighter only needs where the terms are in the
// text. A Bleve search would read that from the term vectors, walking each
// term's postings up to every hit (zap cannot skip postings whose
// frequencies it reads); analysing the hit's text again finds the very same
// tokens, offsets and positions, since the index made its term vectors by
// analysing that text with the same analyzer, and costs a fraction of it.

// snippeter builds the snippets of one query's hits.
type snippeter struct {
	highlighter highlight.Highlighter
	fields      []snippetField // in the order their fragments are preferred
}

// snippetField is a text field, how it is analysed, and the query's terms in it.
type snippetField struct {
	name     string
	analyzer analysis.Analyzer
	words    *wordTerms // the analyzer's filters, remembered per word
	terms    map[string]bool
}

// newSnippeter prepares the snippets of a query whose terms in the text
// fields are textTerms.
func (x *Index) newSnippeter(textTerms []clause) (*snippeter, error) {
	h, err := bleve.Config.Cache.HighlighterNamed(html.Name)
	if err != nil {
		return nil, fmt.Errorf("highlighter: %w", err)
	}
	sn := &snippeter{highlighter: h}
	for _, lang := range []string{langEN, langAR} {
		f := snippetField{name: textFieldFor(lang), analyzer: x.analyzers[lang], words: x.words[lang], terms: map[string]bool{}}
		for _, c := range textTerms {
			if c.field == f.name {
				f.terms[c.term] = true
			}
		}
		sn.fields = append(sn.fields, f)
	}
	return sn, nil
}

// snippet is the best highlighted fragment of doc's text, "" if it has
// none; fields are doc's stored fields (see storedFields).
func (sn *snippeter) snippet(doc bleveindex.Document, fields map[string]any) string {
	for _, f := range sn.fields {
		text, ok := fields[f.name].(string)
		if !ok {
			continue
		}
		m := &search.DocumentMatch{Locations: search.FieldTermLocationMap{f.name: f.locations(text)}}
		if frags := sn.highlighter.BestFragmentsInField(m, doc, f.name, 1); len(frags) > 0 {
			return frags[0]
		}
	}
	return ""
}

// locations finds the query's terms in text as the term vectors hold them:
// the offsets and position of every token the analyzer turns into one.
func (f snippetField) locations(text string) search.TermLocationMap {
	if len(f.terms) == 0 {
		return nil
	}
	tokens, terms := f.analyse(text)
	tlm := search.TermLocationMap{}
	for i, tok := range tokens {
		if tok != nil && f.terms[terms[i]] {
			tlm[terms[i]] = append(tlm[terms[i]], &search.Location{Pos: uint64(tok.Position), Start: uint64(tok.Start), End: uint64(tok.End)})
		}
	}
	return tlm
}

// analyse splits text into tokens and gives the term each one indexes as;
// the tokens the filters drop (stop words) are nil. It filters word by
// word, remembering what the filters make of each word (none looks past its
// token), and analyses the whole text at once should a word not come out as
// one token.
func (f snippetField) analyse(text string) (analysis.TokenStream, []string) {
	a, ok := f.analyzer.(*analysis.DefaultAnalyzer)
	if !ok {
		return wholeAnalysis(f.analyzer, text)
	}
	input := []byte(text) // filters may rewrite their input in place
	for _, cf := range a.CharFilters {
		input = cf.Filter(input)
	}
	tokens := a.Tokenizer.Tokenize(input)
	terms, ok := f.words.terms(a.TokenFilters, tokens)
	if !ok {
		return wholeAnalysis(f.analyzer, text)
	}
	for i := range tokens {
		if terms[i] == dropped {
			tokens[i] = nil
		}
	}
	return tokens, terms
}

// wholeAnalysis is analyse without filtering word by word.
func wholeAnalysis(a analysis.Analyzer, text string) (analysis.TokenStream, []string) {
	tokens := a.Analyze([]byte(text))
	terms := make([]string, len(tokens))
	for i, tok := range tokens {
		terms[i] = string(tok.Term)
	}
	return tokens, terms
}

// dropped stands for the term of a word the filters drop: no term is empty.
const dropped = ""

// wordTerms remembers what the token filters of one analyzer make of each
// word: stemming is most of the cost of analysis, and hits share their words.
type wordTerms struct {
	mu sync.Mutex
	m  map[string]string // word → term, or dropped
}

// wordTermsMax bounds the words remembered; past it, they are forgotten.
const wordTermsMax = 50000

func newWordTerms() *wordTerms { return &wordTerms{m: map[string]string{}} }

// terms gives the term of every token, filtering the words it has not met
// yet. ok is false when filtering a word alone does not give one token with
// the word's offsets, or none.
func (w *wordTerms) terms(filters []analysis.TokenFilter, tokens analysis.TokenStream) (terms []string, ok bool) {
	terms = make([]string, len(tokens))
	var unknown []int
	w.mu.Lock()
	for i, tok := range tokens {
		term, known := w.m[string(tok.Term)]
		if known {
			terms[i] = term
		} else {
			unknown = append(unknown, i)
		}
	}
	w.mu.Unlock()
	if len(unknown) == 0 {
		return terms, true
	}
	learned := make(map[string]string, len(unknown))
	for _, i := range unknown {
		term, ok := filterWord(filters, tokens[i])
		if !ok {
			return nil, false
		}
		terms[i] = term
		learned[string(tokens[i].Term)] = term
	}
	w.learn(learned)
	return terms, true
}

func (w *wordTerms) learn(learned map[string]string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.m)+len(learned) > wordTermsMax {
		clear(w.m)
	}
	for word, term := range learned {
		w.m[word] = term
	}
}

// filterWord runs the token filters on tok alone. ok is false when they
// turn it into more than one token, or move it.
func filterWord(filters []analysis.TokenFilter, tok *analysis.Token) (term string, ok bool) {
	alone := *tok
	alone.Term = append([]byte(nil), tok.Term...)
	out := analysis.TokenStream{&alone}
	for _, tf := range filters {
		out = tf.Filter(out)
	}
	switch {
	case len(out) == 0:
		return dropped, true
	case len(out) > 1 || len(out[0].Term) == 0:
		return "", false
	case out[0].Start != tok.Start || out[0].End != tok.End || out[0].Position != tok.Position:
		return "", false
	}
	return string(out[0].Term), true
}
