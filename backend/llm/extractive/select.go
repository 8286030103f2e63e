package extractive

import (
	"cmp"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"lexflow/backend/internal/sentence"
	"lexflow/backend/internal/switches"
	"lexflow/backend/internal/terms"
)

// relativeFloor keeps only sentences that score at least this share of the
// best one, so a strong answer is not padded with weak neighbours.
const relativeFloor = 0.4

// minWords drops headings and fragments ("Article 12 Termination",
// "Chapter 2") that match the question's words without saying anything.
// Each ideograph counts as a word.
const minWords = 4

// candidate is one sentence of the evidence.
type candidate struct {
	block int // index of the block
	pos   int // position of the sentence in its block
	text  string
	terms map[string]bool
	share float64 // of the question's weight, frame words and all
	score float64 // of what is asked, frame words aside: the sentences are ranked by it
}

// pick scores every sentence of the evidence against the question and
// returns the chosen ones in evidence order.
func (p *Provider) pick(blocks []Block, question string) []candidate {
	q := terms.Of(question)
	cands := p.candidates(blocks)
	if len(q) == 0 || len(cands) == 0 {
		return nil
	}
	weights := idf(q, cands)
	ranking := asked(weights)
	total, rankingTotal := sum(weights), sum(ranking)
	for i := range cands {
		if definesOther(cands[i].text, ranking) {
			continue // scores nothing
		}
		cands[i].share = overlap(cands[i].terms, weights) / total
		cands[i].score = overlap(cands[i].terms, ranking) / rankingTotal
	}
	chosen := p.best(cands)
	slices.SortFunc(chosen, func(a, b candidate) int {
		return cmp.Or(cmp.Compare(a.block, b.block), cmp.Compare(a.pos, b.pos))
	})
	return chosen
}

// switchedOff reads LEXFLOW_ANSWER_OFF, as the generation pipeline does.
var switchedOff = switches.FromEnv(switches.AnswerEnv)

// asked is weights without the question's frame words ("is there an
// anti-assignment clause in this contract?", "what are the insurance
// requirements?"), or weights when nothing else is asked. The frame words
// do not rank sentences: at their rarity they choose a sentence about the
// contract over one about what is asked. They still count towards MinScore,
// so a question whose frame word is part of its subject ("what does the law
// imply into a consumer services contract?") keeps the sentence that
// answers it. Switched off as "frame-words".
func asked(weights map[string]float64) map[string]float64 {
	if !switchedOff.On("frame-words") {
		return weights
	}
	out := maps.Clone(weights)
	maps.DeleteFunc(out, func(t string, _ float64) bool { return terms.Frame[t] })
	if sum(out) == 0 {
		return weights
	}
	return out
}

func sum(weights map[string]float64) float64 {
	var total float64
	for _, w := range weights {
		total += w
	}
	return total
}

func (p *Provider) candidates(blocks []Block) []candidate {
	var out []candidate
	for bi, b := range blocks {
		for si, s := range sentence.Split(b.Text) {
			if terms.WordCount(s) < minWords || isChineseHeading(s) || isTitleCaseHeading(s) {
				continue
			}
			out = append(out, candidate{block: bi, pos: si, text: tidySpaces(s), terms: terms.Of(s)})
		}
	}
	return out
}

// tidySpaces turns each run of layout — several spaces, a line break, a
// page's blanked number — into one space: a quote is found whatever its
// spacing, and the reader need not see the page's layout. A single space,
// an ideographic one included, is the writer's and stays.
func tidySpaces(s string) string {
	var b strings.Builder
	var blanks []rune // the run of whitespace since the last word
	for _, r := range strings.TrimSpace(s) {
		if unicode.IsSpace(r) {
			blanks = append(blanks, r)
			continue
		}
		switch {
		case len(blanks) == 1 && blanks[0] != '\n' && blanks[0] != '\t':
			b.WriteRune(blanks[0])
		case len(blanks) > 0:
			b.WriteByte(' ')
		}
		blanks = blanks[:0]
		b.WriteRune(r)
	}
	return b.String()
}

// A definition ("1.80 \"Patents\" means all patents, … renewals … for
// the full term") says what a word means, not what the contract provides:
// it answers a question about the word it defines, and no other, whatever
// words it shares with the question ("what is the renewal term?").
// Switched off as "definitions".
var definition = regexp.MustCompile(`^[^"“”]{0,24}["“]([^"“”]{1,80})["”](?:\s*(?:or|and|,)\s*["“][^"“”]{1,80}["”])*\s*(?:\([^)]{0,40}\)\s*)?(?:shall\s+|will\s+)?(?:mean|means|has the meaning|have the meaning|refers to|shall refer to)\b`)

// definesOther tells a definition of a word the question does not ask about.
func definesOther(s string, asked map[string]float64) bool {
	if !switchedOff.On("definitions") {
		return false
	}
	m := definition.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	for t := range terms.Of(m[1]) {
		if _, ok := asked[t]; ok {
			return false
		}
	}
	return true
}

// isTitleCaseHeading: a line whose words all start with a capital, small
// words apart, and that does not end as a sentence ends is a heading
// ("Governing Law; Consent to Jurisdiction", "LIMITATION OF LIABILITY"),
// however many words it has. Scripts without case (Arabic, Chinese) have
// their own signs and are left alone.
func isTitleCaseHeading(s string) bool {
	if strings.HasSuffix(strings.TrimRight(s, `"”’)]`), ".") {
		return false
	}
	capitals := 0
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		first := []rune(w)[0]
		switch {
		case unicode.IsUpper(first):
			capitals++
		case unicode.IsLower(first) && len(w) < 4: // "of", "to", "and", "the"
		case unicode.IsDigit(first): // "Article 12"
		default:
			return false // a lower-case word, or a script without case
		}
	}
	return capitals >= 2
}

// isChineseHeading: Chinese ends every sentence and clause with punctuation
// (。；：，), so ideographs without any are a heading or a title
// ("第四节　个体工商户和农村承包经营户"), which counting words cannot tell
// from a sentence: a dozen ideographs are either.
func isChineseHeading(s string) bool {
	return strings.ContainsFunc(s, terms.Ideograph) && !strings.ContainsFunc(s, unicode.IsPunct)
}

// idf weighs each question term by how rare it is among the sentences: a
// word every sentence has ("article") tells them apart less than a rare one.
func idf(q map[string]bool, cands []candidate) map[string]float64 {
	n := float64(len(cands))
	out := make(map[string]float64, len(q))
	for t := range q {
		df := 0
		for _, c := range cands {
			if c.terms[t] {
				df++
			}
		}
		out[t] = math.Log(1 + n/float64(max(df, 1)))
	}
	return out
}

// overlap is the weight of the question terms a sentence contains.
func overlap(terms map[string]bool, weights map[string]float64) float64 {
	var s float64
	for t, w := range weights {
		if terms[t] {
			s += w
		}
	}
	return s
}

// best ranks by score (ties in evidence order) and keeps up to MaxSentences
// distinct sentences above both floors. A sentence whose words another
// kept one already says, in order ("or conditions of any kind, …" after
// "conditions of any kind, …", a clause repeated for each party), is not
// distinct: quoting it would say the same thing twice.
func (p *Provider) best(cands []candidate) []candidate {
	ranked := slices.Clone(cands)
	slices.SortStableFunc(ranked, func(a, b candidate) int { return cmp.Compare(b.score, a.score) })
	floor := relativeFloor * ranked[0].score
	var out []candidate
	var kept []string
	for _, c := range ranked {
		if len(out) == p.opts.MaxSentences || c.score < floor || c.score == 0 {
			break
		}
		if max(c.share, c.score) < p.opts.MinScore { // either measure may reach it
			continue
		}
		words := " " + strings.ToLower(strings.Join(terms.Words(c.text), " ")) + " "
		if slices.ContainsFunc(kept, func(k string) bool { return strings.Contains(k, words) || strings.Contains(words, k) }) {
			continue
		}
		kept = append(kept, words)
		out = append(out, c)
	}
	return out
}
