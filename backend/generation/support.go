package generation

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/internal/sentence"
	"lexflow/backend/internal/switches"
	"lexflow/backend/internal/terms"
)

// A passage that shares words with a question does not always address it:
// "the statute of limitations for fraud in Texas" finds a fraud carve-out
// in a contract governed by Israeli law. Before any model is asked, the
// evidence is judged: the question's key words — what it asks, without the
// words that only frame a question ("is there a … clause in this
// contract?") or that name the document it is about — must meet in one
// passage, most of them within a few sentences. Otherwise the answer is the
// refusal, naming what was searched and which words nothing held.

// chineseFunctionChars are the particles, pronouns and prepositions of a
// Chinese question (个体工商户的债务由谁承担？): a pair of ideographs
// holding one straddles a word boundary ("户的", "由谁") and is frame, not
// what is asked.
const chineseFunctionChars = "的了是在由谁什么吗呢如何怎么哪和与及或被把对向从为该其之所"

// Support is the judgement of the evidence for one question.
type Support struct {
	// KeyTerms are the question's key words as terms; Missing those no
	// passage in scope holds, in the question's words.
	KeyTerms []string
	Missing  []string
	// Coverage is the best share of key terms that one passage holds within
	// a window of a few sentences.
	Coverage float64
	// NamedDocIDs are the documents the question names (their hits are the
	// scope): one, or a few that share the name it gives.
	NamedDocIDs []string
	// Unknown are names the question asks about ("Texas", "GDPR") that no
	// passage of the library holds, nor any title or file name of the
	// documents found: the library cannot speak of them.
	Unknown []string
	// key and total are the asked terms and their weight, for judging the
	// answer's quotes once it is written.
	key   map[string]keyTerm
	total float64
}

// supportWindow is how many consecutive sentences the key words may spread over.
const supportWindow = 3

// Coverage thresholds, chosen on make eval. Below refuseBelow the evidence
// does not address the question and no model is asked; from there to
// supportedAt an extractive answer is given but marked partly supported,
// naming the words no passage holds. The floor trades refusing what the
// library does not answer against refusing paraphrased questions it does
// (extractive answerer; CUAD: 1 in 5 of its questions; sample library: all,
// without a score threshold):
//
//	floor  CUAD negatives refused  CUAD positives right  sample false refusals  sample right refusals
//	off    0.29                    0.18                  0/52                   0/11
//	0.2    0.31                    0.42                  7/52                   6/11
//	0.3    0.44                    0.39                  14/52                  7/11
//	0.4    0.60                    0.37                  22/52                  8/11
//	0.5    0.67                    0.36                  24/52                  10/11
//
// Words mean more than they match: the sample's questions are a layperson's
// ("How long does a senator serve?"), so a higher floor refuses them; below
// the floor the partial mark tells the reader which words the passages lack.
const (
	refuseBelow = 0.3
	supportedAt = 0.9
)

// The answer's heuristics can be switched off one by one with
// LEXFLOW_ANSWER_OFF, a comma-separated list of their names, so make eval
// measures what each is worth:
//
//	support      the support judgement: every retrieved passage is answered from
//	named-scope  a question naming a document is answered from that document only
//	by-document  an extractive answer quoting several documents is grouped under their titles
//	names-apart  names in the question (the parties, the document's title) are not what it asks
//	quote-support the answer's own quotes must hold what is asked, not only the passages
//	heading-quote a quoted heading ("7. Term and Termination") supports nothing
//	frame-words  the extractive answerer ranks sentences by what is asked, not by "clause" or "contract"
//	definitions  the extractive answerer quotes a definition only for a question about the word it defines
var switchedOff = switches.FromEnv(switches.AnswerEnv)

// Rarity tells how rare each word (as written) is in the library: the
// index's Rarity. An error or a nil Rarity weighs every word alike.
type Rarity func(ctx context.Context, words []string) (map[string]index.WordRarity, error)

// JudgeSupport judges hits for question, its words weighed by rarity.
func JudgeSupport(ctx context.Context, question string, hits []evidence.Hit, rarity Rarity) Support {
	s := Support{}
	ask := ask(question, hits)
	if _, s.NamedDocIDs = namedBy(hits); len(s.NamedDocIDs) == 0 {
		var title map[string]bool
		var named string
		if named, title = namedByTitle(ask, hits); title != nil {
			ask = strings.Join(slices.DeleteFunc(terms.Words(ask), func(w string) bool { return title[strings.ToLower(w)] }), " ")
		}
		if named != "" {
			s.NamedDocIDs = []string{named}
		}
	}
	var weights map[string]index.WordRarity
	if rarity != nil {
		weights, _ = rarity(ctx, terms.Words(ask)) // without weights, every word counts alike
	}
	s.Unknown = unknownNames(ask, weights, inScope(hits, s.NamedDocIDs))
	key := asked(keyTerms(ask, weights), len(s.NamedDocIDs) > 0)
	s.KeyTerms = slices.Sorted(maps.Keys(key))
	var total float64
	for _, k := range key {
		total += k.weight
	}
	s.key, s.total = key, total
	if total == 0 {
		s.Coverage = 1 // nothing asked beyond the frame: the retrieval decides
		return s
	}
	held := map[string]bool{}
	for _, h := range inScope(hits, s.NamedDocIDs) {
		s.Coverage = max(s.Coverage, windowCoverage(h.Chunk.Text, key, held)/total)
	}
	for _, t := range s.KeyTerms {
		if !held[t] && !slices.Contains(s.Missing, key[t].word) {
			s.Missing = append(s.Missing, key[t].word)
		}
	}
	return s
}

// keyTerm is a term the question asks about, with the word it came from and
// its weight; name tells a name ("Birch First Global", "Texas") from a
// word that says what is asked.
type keyTerm struct {
	word   string
	weight float64
	name   bool
}

// asked keeps the terms that say what is asked of a document the question
// names: its names are the document's or its parties' ("Consider the
// Marketing Affiliate Agreement between Birch First Global Investments Inc.
// and …; is there a most favored nation clause?"), and a passage holding
// them — the preamble, the signature block — is about the document, not
// the question. Without a named document a name is what is asked ("the
// statute of limitations in Texas") and must be held like any key word.
// The names still count when the question holds nothing else.
func asked(key map[string]keyTerm, documentNamed bool) map[string]keyTerm {
	if !documentNamed || !switchedOff.On("names-apart") {
		return key
	}
	concept := map[string]keyTerm{}
	for t, k := range key {
		if !k.name {
			concept[t] = k
		}
	}
	if len(concept) == 0 {
		return key
	}
	return concept
}

// keyTerms are the terms of the question's words that are not frame words,
// weighted by rarity. A pair of ideographs out of a run is its own word.
func keyTerms(ask string, rarity map[string]index.WordRarity) map[string]keyTerm {
	key := map[string]keyTerm{}
	for i, w := range terms.Words(ask) {
		weight := 1.0
		if r, ok := rarity[w]; ok {
			weight = r.IDF
		}
		for t := range terms.Of(w) {
			if terms.Frame[t] || strings.ContainsAny(t, chineseFunctionChars) {
				continue
			}
			word := w
			if strings.ContainsFunc(w, terms.Ideograph) {
				word = t
			}
			if k, ok := key[t]; !ok || weight > k.weight {
				key[t] = keyTerm{word: word, weight: weight, name: isName(w, i == 0) && (!ok || k.name)}
			}
		}
	}
	return key
}

// namedByTitle finds the one document among hits whose title the question
// says ("the notice period in the distributor agreement"), whole or by its
// last two words when they name a kind of document ("the hosting
// agreement" for "Website Design, Development and Hosting Agreement"), and
// returns it with the words said, which are not what is asked. No document
// is named when no title, or several documents' titles, are said (a title
// of one word, "Agreement", names nothing), or when the question asks of
// others too ("… and what about the other agreements?"): then only the
// words are returned.
func namedByTitle(question string, hits []evidence.Hit) (string, map[string]bool) {
	q := " " + strings.ToLower(strings.Join(terms.Words(question), " ")) + " "
	named, words, several := "", map[string]bool(nil), false
	for _, h := range hits {
		said := saidTitle(q, terms.Words(strings.ToLower(h.Chunk.Locator.DocTitle)))
		if said == nil || h.Chunk.DocID == named {
			continue
		}
		several = several || named != ""
		named = h.Chunk.DocID
		if words == nil {
			words = map[string]bool{}
		}
		for _, w := range said {
			words[w] = true
		}
	}
	if several || beyondOne.MatchString(q) {
		return "", words
	}
	return named, words
}

// beyondOne asks of other documents than the one a title names.
var beyondOne = regexp.MustCompile(` (other|all|each|every|remaining|rest of the) (\w+ )?(agreements|contracts|documents|leases|licen[cs]es|acts|statutes|regulations|ones) `)

// documentKinds end a short title: "… Hosting Agreement", "… Tenancy Act".
var documentKinds = map[string]bool{"agreement": true, "contract": true, "lease": true, "license": true, "licence": true,
	"act": true, "code": true, "regulation": true, "deed": true, "policy": true, "charter": true, "constitution": true}

// saidTitle returns the words of the title (lowercased words) that the
// question q (lowercased words between spaces) says: all of them, or its
// short form; nil when it says neither.
func saidTitle(q string, title []string) []string {
	if len(title) < 2 {
		return nil
	}
	if strings.Contains(q, " "+strings.Join(title, " ")+" ") {
		return title
	}
	short := title[len(title)-2:]
	if len(title) > 2 && documentKinds[short[1]] && strings.Contains(q, " "+strings.Join(short, " ")+" ") {
		return short
	}
	return nil
}

// inScope keeps the named documents' hits when the question names any.
func inScope(hits []evidence.Hit, docIDs []string) []evidence.Hit {
	if len(docIDs) == 0 {
		return hits
	}
	return slices.DeleteFunc(slices.Clone(hits), func(h evidence.Hit) bool { return !slices.Contains(docIDs, h.Chunk.DocID) })
}

// windowCoverage is the best weight of key terms that supportWindow
// consecutive sentences of text hold; every key term the text holds
// anywhere is added to held.
func windowCoverage(text string, key map[string]keyTerm, held map[string]bool) float64 {
	return sentencesCoverage(sentence.Split(text), supportWindow, key, held)
}

// sentencesCoverage is the best weight of key terms that window consecutive
// sentences hold; every key term they hold anywhere is added to held.
func sentencesCoverage(sents []string, window int, key map[string]keyTerm, held map[string]bool) float64 {
	sets := make([]map[string]bool, len(sents))
	for i, s := range sents {
		sets[i] = terms.Of(s)
		for t := range key {
			if sets[i][t] {
				held[t] = true
			}
		}
	}
	var best float64
	for i := range sets {
		var w float64
		for t, k := range key {
			for _, set := range sets[i:min(i+window, len(sets))] {
				if set[t] {
					w += k.weight
					break
				}
			}
		}
		best = max(best, w)
	}
	return best
}

// check records the judgement among the answer's checks. A model reads
// meaning, so for its answers the words need only reach the refusal floor
// ("terminate" answers "how does it end?"); the extractive answerer matches
// words, so its answer is supported only when one passage holds them all.
func (s Support) check(lexical bool) Check {
	bar := refuseBelow
	if lexical {
		bar = supportedAt
	}
	switch {
	case len(s.Unknown) > 0:
		return Check{Name: CheckSupport, Detail: "no document in the library mentions " + quoteWords(s.Unknown)}
	case len(s.KeyTerms) == 0:
		return Check{Name: CheckSupport, Passed: true, Detail: "the question asks nothing beyond its frame; the passages found are the evidence"}
	case len(s.Missing) == 0 && s.Coverage >= bar:
		return Check{Name: CheckSupport, Passed: true, Detail: "one passage holds the question's key words: " + strings.Join(s.KeyTerms, ", ")}
	case len(s.Missing) == 0:
		return Check{Name: CheckSupport, Passed: s.Coverage >= bar, Detail: fmt.Sprintf("the passages hold the question's key words, but apart: %.0f%% of them meet in one place", 100*s.Coverage)}
	default:
		return Check{Name: CheckSupport, Passed: s.Coverage >= bar, Detail: fmt.Sprintf("no passage holds %s; %.0f%% of the question's weight is covered", quoteWords(s.Missing), 100*s.Coverage)}
	}
}

// refuses tells whether the evidence is too far from the question to answer.
func (s Support) refuses() bool {
	return switchedOff.On("support") && (s.Coverage < refuseBelow || len(s.Unknown) > 0)
}

// unknownNames are the names of ask — words written with a capital inside
// the sentence, or in capitals — that no passage of the library holds
// (rarity says absent) and that no title or file name of the hits' documents
// says either ("GDPR" for eu-gdpr-excerpt.html).
func unknownNames(ask string, rarity map[string]index.WordRarity, hits []evidence.Hit) []string {
	var docNames strings.Builder
	for _, h := range hits {
		docNames.WriteString(" " + strings.ToLower(h.Chunk.Locator.DocTitle+" "+strings.Join(terms.Words(h.Chunk.Locator.DocName), " ")) + " ")
	}
	var out []string
	for i, w := range terms.Words(ask) {
		if !isName(w, i == 0) || !rarity[w].Absent || strings.Contains(docNames.String(), " "+strings.ToLower(w)+" ") {
			continue
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// isName tells a name from a word: a capital that does not open the
// question ("Texas", "Delaware"), or an abbreviation in capitals ("GDPR").
func isName(w string, first bool) bool {
	r := []rune(w)
	if len(r) < 2 || !unicode.IsUpper(r[0]) {
		return false
	}
	allCaps := !strings.ContainsFunc(w, unicode.IsLower)
	return allCaps || !first
}

// partly tells whether an answer stands on evidence that misses key words,
// as the check of lexical answers judges.
func (s Support) partly(lexical bool) bool {
	return switchedOff.On("support") && !s.check(lexical).Passed
}

// scope is the hits an answer is given: the named document's only, when
// the question names one.
func (s Support) scope(hits []evidence.Hit) []evidence.Hit {
	if !switchedOff.On("named-scope") {
		return hits
	}
	return inScope(hits, s.NamedDocIDs)
}

// notAddressed is the refusal when the passages do not address the question.
func (s Support) notAddressed(scope string) string {
	if len(s.Unknown) > 0 {
		return fmt.Sprintf("No evidence: no document in your library mentions %s, so no answer was generated.", quoteWords(s.Unknown))
	}
	if len(s.Missing) == 0 {
		return fmt.Sprintf("No evidence: searching %s found no passage that addresses this question, so no answer was generated.", scopeOr(scope))
	}
	return fmt.Sprintf("No evidence: searching %s found no passage about %s, so no answer was generated.", scopeOr(scope), quoteWords(s.Missing))
}

// quoteWords lists words for a sentence: "Texas", "limitations" and "fraud".
func quoteWords(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = strconv.Quote(w)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}
