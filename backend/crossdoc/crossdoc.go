// Package crossdoc recognises a question asked of every document rather than
// of the passages that best match it: "Which contracts are governed by New
// York law?", "Do any of my agreements have a non-compete clause?", "List
// the leases that allow subletting". Such a question is answered document
// by document (the knowledge-retrieval step searches each one, the answer
// lists those that hold the property): the best passages of the whole
// library would name one or two documents and miss the rest.
package crossdoc

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
)

// singulars are what a lawyer calls the documents of a library.
var singulars = []string{"contract", "agreement", "document", "file", "lease", "licen[cs]e", "statute", "law", "act",
	"regulation", "judgment", "judgement", "decision", "case", "deed", "nda", "template"}

// documents are those words in the plural: "which law governs" asks of one
// text, "which laws" of several. documentNouns also take the singular,
// after "any": "does any agreement …".
var (
	documents     = strings.Join(suffixed("s"), "|") + "|policies"
	documentNouns = strings.Join(suffixed("s?"), "|") + "|policies|policy"
)

func suffixed(suffix string) []string {
	out := make([]string, len(singulars))
	for i, w := range singulars {
		out[i] = w + suffix
	}
	return out
}

// patterns capture the property asked in group "prop".
var patterns = []*regexp.Regexp{
	// which contracts are governed by …, which of my agreements contain …, in which leases …
	regexp.MustCompile(`(?i)^\s*(?:in\s+|for\s+|of\s+)?(?:which|what)\s+(?:of\s+(?:my|our|the|these|those)\s+)?(?:` + documents + `)\s+(?P<prop>.+)$`),
	// do any of the contracts …, does any agreement …, are there any contracts that …
	regexp.MustCompile(`(?i)^\s*(?:do|does|are there|is there)\s+any\s+(?:of\s+(?:my|our|the|these|those)\s+)?(?:` + documentNouns + `)\s+(?:that\s+|which\s+)?(?P<prop>.+)$`),
	// list / show / find (all) the contracts that …
	regexp.MustCompile(`(?i)^\s*(?:list|show|find|name|identify)\s+(?:me\s+)?(?:all\s+)?(?:of\s+)?(?:the\s+|my\s+|our\s+)?(?:` + documentNouns + `)\s+(?:that\s+|which\s+|with\s+|where\s+)?(?P<prop>.+)$`),
	// how many contracts …
	regexp.MustCompile(`(?i)^\s*how\s+many\s+(?:of\s+(?:my|our|the)\s+)?(?:` + documentNouns + `)\s+(?P<prop>.+)$`),
	// 哪些合同…
	regexp.MustCompile(`^\s*哪些(?:合同|协议|文件|法律|法规|文书)(?P<prop>.+)$`),
}

// inverted opens a property that is a question of its own about another
// subject: "what contracts does the Act cover?" asks what the Act says.
var inverted = regexp.MustCompile(`(?i)^(?:do|does|did)\s`)

// Asks tells whether question asks which documents have a property, and
// returns the property as words to search for ("are governed by New York
// law?").
func Asks(question string) (property string, ok bool) {
	q := strings.TrimSpace(question)
	for _, p := range patterns {
		m := p.FindStringSubmatch(q)
		if m == nil {
			continue
		}
		prop := strings.TrimSpace(m[p.SubexpIndex("prop")])
		if strings.Trim(prop, "?？ ") == "" || inverted.MatchString(prop) {
			return "", false
		}
		return prop, true
	}
	return "", false
}

// PerDocument is how many passages of each document SearchEach keeps.
const PerDocument = 2

// SearchEach searches each of the documents on its own for q's text and
// returns their best PerDocument passages, documents in the order of their
// best passage, ranked from 1: every document gets its chance, where one
// search of the library would fill its top k from a few.
func SearchEach(ctx context.Context, search func(context.Context, index.Query) ([]evidence.Hit, error), q index.Query, docIDs []string) ([]evidence.Hit, error) {
	var groups [][]evidence.Hit
	for _, id := range docIDs {
		found, err := search(ctx, index.Query{Text: q.Text, DocIDs: []string{id}, TopK: PerDocument, MinScore: q.MinScore,
			Language: q.Language, Distinct: true})
		if err != nil {
			return nil, fmt.Errorf("search document %s: %w", id, err)
		}
		if len(found) > 0 {
			groups = append(groups, found)
		}
	}
	slices.SortStableFunc(groups, func(a, b []evidence.Hit) int { return cmp.Compare(b[0].Score, a[0].Score) })
	var hits []evidence.Hit
	for _, g := range groups {
		for _, h := range g {
			h.Rank = len(hits) + 1
			hits = append(hits, h)
		}
	}
	return hits, nil
}
