// Package followup turns a follow-up question into one that can be searched
// on its own, without a model: "and what about the other agreements?" or
// "does it apply to consumers?" means nothing to a search index, so the
// earlier question it follows is carried over with it. With a model, the
// knowledge-retrieval step asks the model to write the standalone question
// instead; this is what a library without a model gets.
package followup

import (
	"strings"
	"unicode"
)

// carryDepth bounds how many earlier questions one follow-up may carry: a
// chain of follow-ups stays about the subject of the last few.
const carryDepth = 3

// Standalone returns what to search for: the question itself when it stands
// alone, else the earlier questions it follows (up to carryDepth, oldest
// first) and then it. earlier are the conversation's user questions, oldest
// first. carried tells whether anything was carried over.
func Standalone(earlier []string, question string) (search string, carried bool) {
	parts := []string{strings.TrimSpace(question)}
	for i := len(earlier) - 1; i >= 0 && len(parts) < carryDepth && IsFollowUp(parts[0]); i-- {
		prev := strings.TrimSpace(earlier[i])
		if prev == "" {
			continue
		}
		parts = append([]string{prev}, parts...)
	}
	return strings.Join(parts, " "), len(parts) > 1
}

// IsFollowUp tells a question that leans on the one before: it asks "what
// about …", refers back ("it", "this agreement", "the other", 它, 这), is a
// fragment led by a connective ("and during annual leave?"), or names at
// most one thing ("why?", "how many witnesses?"). "And when are wages
// paid?" is a new question that happens to open with "and", and "xylophone
// quantum chromodynamics" a new subject however short.
func IsFollowUp(q string) bool {
	lower := strings.ToLower(strings.TrimSpace(q))
	for _, p := range leadIns {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	for _, r := range chineseBackReferences {
		if strings.HasPrefix(lower, r) {
			return true
		}
	}
	words := strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' })
	content, asks := 0, false
	for _, w := range words {
		if backReferences[w] {
			return true
		}
		if !functionWords[w] {
			content++
		}
		asks = asks || questionWords[w]
	}
	if strings.ContainsFunc(lower, isIdeograph) || len(words) == 0 {
		return false
	}
	// "And during annual leave?": a connective and no question of its own
	fragment := connectives[words[0]] && !asks
	return fragment || content <= 1
}

// connectives open a question that may continue the one before.
var connectives = map[string]bool{"and": true, "but": true, "also": true, "so": true, "then": true, "or": true}

// questionWords make a question of its own: "and when are wages paid?" asks anew.
var questionWords = map[string]bool{
	"what": true, "when": true, "where": true, "who": true, "whom": true, "which": true, "why": true, "how": true, "is": true,
	"are": true, "was": true, "were": true, "do": true, "does": true, "did": true, "can": true, "could": true, "may": true,
	"must": true, "shall": true, "should": true, "will": true, "would": true, "has": true, "have": true,
}

// leadIns open a question that asks the one before again, of something else.
var leadIns = []string{"what about", "how about", "what if", "and what", "and how", "in that case", "وماذا عن", "那么", "还有", "另外"}

// backReferences point at something the conversation already named.
var backReferences = map[string]bool{
	"it": true, "its": true, "it's": true, "this": true, "these": true, "those": true, "they": true, "them": true,
	"their": true, "same": true, "other": true, "others": true, "above": true, "former": true, "latter": true,
	// not "that" or "such": "a term that is material", "such as" stand alone
}

// functionWords say nothing of a subject: a question made of them and one
// more word ("and for consumers?") continues the one before.
var functionWords = map[string]bool{
	"and": true, "but": true, "also": true, "so": true, "then": true, "or": true, "what": true, "when": true, "where": true,
	"who": true, "whom": true, "which": true, "why": true, "how": true, "is": true, "are": true, "was": true, "were": true,
	"do": true, "does": true, "did": true, "can": true, "could": true, "may": true, "must": true, "shall": true, "should": true,
	"will": true, "would": true, "the": true, "a": true, "an": true, "of": true, "in": true, "on": true, "at": true, "for": true,
	"to": true, "by": true, "with": true, "under": true, "about": true, "there": true, "any": true, "if": true, "not": true,
	"many": true, "much": true, "long": true, "often": true,
}

// chineseBackReferences open a Chinese question about what came before.
var chineseBackReferences = []string{"它", "这", "该", "其", "上述", "那个", "那些", "这些", "那"}

func isIdeograph(r rune) bool { return unicode.Is(unicode.Han, r) }
