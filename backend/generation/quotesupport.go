package generation

import (
	"fmt"
	"strings"
	"unicode"
)

// The passages found may hold what a question asks while the sentences an
// answer quotes do not. Once an answer is written its verified quotes are
// judged, and an answer they do not support is withdrawn: the reply is the
// refusal, the model's reply stays in the record. Two rules:
//
//   - heading-quote: a quoted heading supports nothing. A model that quotes
//     only headings ("48 Contracts covered by this Chapter") has quoted no
//     evidence for its answer, whatever words the heading shares with the
//     question.
//   - quote-support: when the question names the document it asks about,
//     every passage comes from that one document and shares its words
//     (the parties, the subject), so holding the question's words
//     somewhere in three sentences says little; the sentences the
//     extractive answerer quotes must hold a share of what is asked
//     themselves. Questions over the whole library are left to the
//     passage judgement: measured on the sample library, the same bar
//     refuses a layperson's paraphrases ("how long does a senator
//     serve?") that its passages answer. A model reads meaning and may
//     quote "written notice of thirty days" for "how is it ended?", so its
//     quotes are not held to the question's words: on CUAD, any bar for
//     fake-cite's quotes (0.1 to 0.3) cost 2 to 3 points of right answers.
//
// An answer quoting nothing verbatim is judged by its passages alone.

// quoteFloor is the share of the asked weight the quotes of an extractive
// answer about a named document must hold. It was chosen on the tuning half
// of CUAD's contracts (go run ./scripts/eval -answers -answers-every 3,
// extractive answerer; the halves split by contract) as the highest floor
// that answers no fewer of the tuning half's positives rightly than the
// floor of 0.3 did before the answerer ranked sentences by what is asked
// (frame-words; see package extractive):
//
//	floor  frame-words  negatives refused (tune / held-out)  positives right (tune / held-out)
//	0.3    off          0.597 / 0.601                         0.380 / 0.374
//	0.6    off          0.799 / 0.812                         0.311 / 0.330
//	0.3    on           0.547 / 0.551                         0.438 / 0.443
//	0.4    on           0.639 / 0.653                         0.409 / 0.419
//	0.5    on           0.684 / 0.714                         0.401 / 0.404
//	0.6    on           0.756 / 0.775                         0.380 / 0.389
//	0.7    on           0.833 / 0.841                         0.352 / 0.367
//
// Before frame-words the answer quoted sentences about "this contract" or
// "the requirements", so a high floor withdrew right answers with wrong
// ones; quoting what is asked, the floor withdraws mostly answers to
// questions the contract does not answer. The sample library's questions
// name no document and are not affected.
const quoteFloor = 0.6

// headingWords is the most words a quote may have and still be a heading.
const headingWords = 10

// quoteJudgement is what the answer's verified quotes hold.
type quoteJudgement struct {
	verified, headings int     // verified quotes, and how many of them are headings
	coverage           float64 // share of the asked weight the other quotes hold
}

// judgeQuotes weighs the answer's verified quotes against what is asked.
func (s Support) judgeQuotes(r Result) quoteJudgement {
	var j quoteJudgement
	var texts []string
	for _, c := range r.Citations {
		for _, q := range c.Quotes {
			if !q.Verified {
				continue
			}
			j.verified++
			if switchedOff.On("heading-quote") && isHeading(q.Text, c.Excerpt) {
				j.headings++
				continue
			}
			texts = append(texts, q.Text)
		}
	}
	j.coverage = 1
	if s.total > 0 {
		j.coverage = sentencesCoverage(texts, max(1, len(texts)), s.key, map[string]bool{}) / s.total
	}
	return j
}

// withdraws tells why the quotes do not support the answer, or "";
// lexical: the extractive answerer's.
func (s Support) withdraws(j quoteJudgement, lexical bool) string {
	if !switchedOff.On("support") || j.verified == 0 {
		return ""
	}
	if j.headings == j.verified {
		return "the answer quotes only headings, which support nothing; the answer was withdrawn"
	}
	if switchedOff.On("quote-support") && lexical && len(s.NamedDocIDs) > 0 && j.coverage < quoteFloor {
		return fmt.Sprintf("the sentences the answer quotes hold %.0f%% of what the question asks of the document it names (at least %.0f%% needed); the answer was withdrawn",
			100*j.coverage, 100*quoteFloor)
	}
	return ""
}

// isHeading tells a heading from a sentence or a phrase of one: a short
// quote whose every longer word is capitalised ("(a) Effective Date and
// Duration."), or that fills a line of the passage without ending as a
// sentence does ("48 Contracts covered by this Chapter"; a provision on a
// line of its own ends with a full stop).
func isHeading(quote, excerpt string) bool {
	q := strings.TrimSpace(quote)
	if q == "" || len(strings.Fields(q)) > headingWords {
		return false
	}
	last := []rune(q)[len([]rune(q))-1]
	return titleCase(q) || standsAlone(q, excerpt) && !strings.ContainsRune(".;:!?。；：！？", last)
}

// titleCase tells whether every word of four letters or more begins with a capital.
func titleCase(q string) bool {
	long := 0
	for _, w := range strings.FieldsFunc(q, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) < 4 {
			continue
		}
		long++
		if !unicode.IsUpper([]rune(w)[0]) {
			return false
		}
	}
	return long > 0
}

// standsAlone tells whether q fills a line of text, but for punctuation
// around it.
func standsAlone(q, text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if strings.Trim(strings.Join(strings.Fields(line), " "), ".:;,- ") == strings.Trim(strings.Join(strings.Fields(q), " "), ".:;,- ") {
			return true
		}
	}
	return false
}
