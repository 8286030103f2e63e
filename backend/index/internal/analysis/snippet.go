package analysis

import (
	"fmt"
	"maps"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/highlight"
	bleveindex "github.com/blevesearch/bleve_index_api"
)

// A hit's snippet is Bleve's own: its html highlighter picks the best fragment of
// about 200 characters, wraps the query's terms in <mark>…</mark> and
// escapes the rest; the fragment's edges are moved to a sentence or a word
// (boundaryFragmenter). The highlighter only needs where the terms are in the
// text. A Bleve search would read that from term vectors, which the index
// does not keep (see textField), walking each term's postings up to every
// hit; analysing the hit's text again finds the very same tokens, offsets
// and positions term vectors would hold, since they are made by analysing
// that text with the same analyzer, and costs a fraction of it.

// Snippets makes the snippets of an index's hits. It remembers the tokens
// of runs of text (see runTokens) from one query to the next: keep one per
// index.
type Snippets struct {
	analyzers Analyzers
	runs      map[string]*runTokens // per language that filters word by word
}

// NewSnippets makes the snippets of hits analysed with a.
func NewSnippets(a Analyzers) *Snippets {
	s := &Snippets{analyzers: a, runs: map[string]*runTokens{}}
	for _, l := range Languages {
		if l.WordByWord {
			s.runs[l.Name] = newRunTokens()
		}
	}
	return s
}

// Snippeter builds the snippets of one query's hits.
type Snippeter struct {
	highlighter highlight.Highlighter
	fields      []snippetField // in the order their fragments are preferred
}

// snippetField is a text field, how it is analysed, and the query's terms in it.
type snippetField struct {
	name     string
	analyzer bleveanalysis.Analyzer
	runs     *runTokens // the analyzer's tokens, remembered per run of text
	terms    map[string]bool
}

// For prepares the snippets of a query whose terms in each text field are
// terms[field].
func (s *Snippets) For(terms map[string][]string) (*Snippeter, error) {
	h, err := bleve.Config.Cache.HighlighterNamed(Highlighter)
	if err != nil {
		return nil, fmt.Errorf("highlighter: %w", err)
	}
	sn := &Snippeter{highlighter: h}
	for _, l := range Languages {
		f := snippetField{name: l.Text, analyzer: s.analyzers[l.Name], runs: s.runs[l.Name], terms: map[string]bool{}}
		for _, term := range terms[f.name] {
			f.terms[term] = true
		}
		sn.fields = append(sn.fields, f)
	}
	return sn, nil
}

// Snippet is the best highlighted fragment of doc's text, "" if it has
// none; fields are doc's stored fields, the text fields among them.
func (sn *Snippeter) Snippet(doc bleveindex.Document, fields map[string]any) string {
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

// locations finds the query's terms in text as term vectors would hold them:
// the offsets and position of every token the analyzer turns into one.
// Tokens that overlap (Chinese bigrams: 个体 and 体工 share 体) are merged
// into one location, since the highlighter skips a match that overlaps the
// one before and would leave characters of the match unmarked.
func (f snippetField) locations(text string) search.TermLocationMap {
	if len(f.terms) == 0 {
		return nil
	}
	tlm := search.TermLocationMap{}
	var last *search.Location
	for _, t := range f.analyse(text, func(term string) bool { return f.terms[term] }) {
		if last != nil && uint64(t.start) < last.End {
			last.End = max(last.End, uint64(t.end))
			continue
		}
		last = &search.Location{Pos: uint64(t.pos), Start: uint64(t.start), End: uint64(t.end)}
		tlm[t.term] = append(tlm[t.term], last)
	}
	return tlm
}

// located is a token the filters keep: its offsets in the text, its
// position and its term.
type located struct {
	start, end, pos int
	term            string
}

// analyse lists the tokens of text whose terms wanted accepts, as
// analysing the whole text would give them. It tokenizes each run of text
// between white space once and for all (see runTokens), and analyses the
// whole text should a run not allow it.
func (f snippetField) analyse(text string, wanted func(term string) bool) []located {
	if a, ok := f.analyzer.(*bleveanalysis.DefaultAnalyzer); ok && f.runs != nil {
		input := []byte(text) // filters may rewrite their input in place
		for _, cf := range a.CharFilters {
			input = cf.Filter(input)
		}
		if tokens, ok := f.runs.analyse(a, input, wanted); ok {
			return tokens
		}
	}
	return wholeAnalysis(f.analyzer, text, wanted)
}

// wholeAnalysis is analyse with the analyzer run on the whole text.
func wholeAnalysis(a bleveanalysis.Analyzer, text string, wanted func(term string) bool) []located {
	var out []located
	for _, tok := range a.Analyze([]byte(text)) {
		if term := string(tok.Term); wanted(term) {
			out = append(out, located{start: tok.Start, end: tok.End, pos: tok.Position, term: term})
		}
	}
	return out
}

// runTokens remembers, for one analyzer, the tokens of each run of text
// between white space and the terms the filters make of them: hits share
// most of their words, and tokenizing and stemming are nearly all the cost
// of analysis.
//
// A run tokenizes alone as it does within its text. The tokenizer (Unicode
// word segmentation) breaks on both sides of ASCII white space, never puts
// it in a token, and looks no further than the characters it joins; the one
// exception, a mark or format character joining the white space before it,
// is left to the analysis of the whole text. Positions count tokens, so a
// run's tokens take the next ones. The token filters look at one token at
// a time, so a token filtered alone gets the term it gets in the stream.
type runTokens struct {
	mu sync.Mutex
	m  map[string][]runToken
}

// runToken is a token of a run: its offsets in the run and its term, or
// dropped.
type runToken struct {
	start, end int
	term       string
}

// dropped stands for the term of a token the filters drop: no term is empty.
const dropped = ""

// runTokensMax bounds the runs remembered; past it, they are forgotten.
const runTokensMax = 1 << 15

func newRunTokens() *runTokens { return &runTokens{m: map[string][]runToken{}} }

// analyse is snippetField.analyse on text that went through the char
// filters. ok is false when a run must be left to the whole analysis.
func (rt *runTokens) analyse(a *bleveanalysis.DefaultAnalyzer, input []byte, wanted func(term string) bool) (tokens []located, ok bool) {
	runs := whiteSpaceRuns(input)
	rt.lookUp(input, runs)
	var learned map[string][]runToken
	for i, r := range runs {
		if r.tokens != nil {
			continue
		}
		if runs[i].tokens, ok = tokenizeRun(a, input[r.start:r.end]); !ok {
			return nil, false
		}
		if learned == nil {
			learned = map[string][]runToken{}
		}
		learned[string(input[r.start:r.end])] = runs[i].tokens
	}
	rt.learn(learned)
	pos := 1
	for _, r := range runs {
		for _, t := range r.tokens {
			if t.term != dropped && wanted(t.term) {
				tokens = append(tokens, located{start: r.start + t.start, end: r.start + t.end, pos: pos, term: t.term})
			}
			pos++
		}
	}
	return tokens, true
}

// lookUp sets the remembered tokens of the runs met before.
func (rt *runTokens) lookUp(input []byte, runs []run) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	for i, r := range runs {
		runs[i].tokens = rt.m[string(input[r.start:r.end])]
	}
}

func (rt *runTokens) learn(learned map[string][]runToken) {
	if len(learned) == 0 {
		return
	}
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if len(rt.m)+len(learned) > runTokensMax {
		clear(rt.m)
	}
	maps.Copy(rt.m, learned)
}

// run is a run of text between white space, and its tokens once known.
type run struct {
	start, end int
	tokens     []runToken
}

// whiteSpaceRuns lists the runs of input between ASCII white space.
func whiteSpaceRuns(input []byte) []run {
	runs := make([]run, 0, len(input)/5+1)
	for i := 0; i < len(input); {
		for i < len(input) && isASCIISpace(input[i]) {
			i++
		}
		start := i
		for i < len(input) && !isASCIISpace(input[i]) {
			i++
		}
		if i > start {
			runs = append(runs, run{start: start, end: i})
		}
	}
	return runs
}

func isASCIISpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}

// tokenizeRun tokenizes one run and filters its tokens one by one. ok is
// false when the run starts with a mark or format character (within its
// text, it would join the white space before it), or when the filters do
// not keep a token as one token with its offsets, or drop it.
func tokenizeRun(a *bleveanalysis.DefaultAnalyzer, run []byte) ([]runToken, bool) {
	if first, _ := utf8.DecodeRune(run); unicode.In(first, unicode.M, unicode.Cf) {
		return nil, false
	}
	tokens := a.Tokenizer.Tokenize(run)
	out := make([]runToken, len(tokens))
	for i, tok := range tokens {
		term, ok := filterWord(a.TokenFilters, tok)
		if !ok {
			return nil, false
		}
		out[i] = runToken{start: tok.Start, end: tok.End, term: term}
	}
	return out, true
}

// filterWord runs the token filters on tok alone. ok is false when they
// turn it into more than one token, or move it.
func filterWord(filters []bleveanalysis.TokenFilter, tok *bleveanalysis.Token) (term string, ok bool) {
	alone := *tok
	alone.Term = append([]byte(nil), tok.Term...)
	out := bleveanalysis.TokenStream{&alone}
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
