// Package sampleqa is the question set over the sample library
// (examples/corpus) and the sample ingested through the real path: what
// make eval (scripts/evalqa) and the retrieval suite (scripts/eval) share.
package sampleqa

import (
	_ "embed"
	"fmt"
	"os"
	"path"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"

	"lexflow/backend/evidence"
)

//go:embed questions.yaml
var questionsYAML []byte

//go:embed outside.yaml
var outsideYAML []byte

//go:embed followups.yaml
var followUpsYAML []byte

// FollowUp is one pair of followups.yaml: a question that leans on First.
type FollowUp struct {
	ID       string `yaml:"id"`
	First    string `yaml:"first"`
	Question string `yaml:"question"`
	Gold     []Gold `yaml:"gold"`
}

// LoadFollowUps reads followups.yaml.
func LoadFollowUps() ([]FollowUp, error) {
	var f struct {
		Pairs []FollowUp `yaml:"pairs"`
	}
	dec := yaml.NewDecoder(strings.NewReader(string(followUpsYAML)))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("read follow-ups: %w", err)
	}
	return f.Pairs, nil
}

// Question is one entry of questions.yaml.
type Question struct {
	ID       string   `yaml:"id"`
	Lang     string   `yaml:"lang"`
	Question string   `yaml:"question"`
	Gold     []Gold   `yaml:"gold"`
	Why      string   `yaml:"why"`
	Tags     []string `yaml:"tags"`
}

// Gold is where the answer is: a file of examples/corpus and the heading
// (levels separated by " › ") that contains the answer.
type Gold struct {
	Doc     string `yaml:"doc"`
	Heading string `yaml:"heading"`
}

func (q Question) Answerable() bool { return len(q.Gold) > 0 }

// Load reads the question file: the embedded one, or path if set.
func Load(file string) ([]Question, error) {
	data := questionsYAML
	if file != "" {
		var err error
		if data, err = os.ReadFile(file); err != nil {
			return nil, err
		}
	}
	return parse(data)
}

// LoadOutside reads outside.yaml: 100 questions the library does not answer.
func LoadOutside() ([]Question, error) { return parse(outsideYAML) }

func parse(data []byte) ([]Question, error) {
	var f struct {
		Questions []Question `yaml:"questions"`
	}
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("read questions: %w", err)
	}
	return f.Questions, nil
}

// TextOf names the text a file holds, whatever its format:
// "eu-gdpr-excerpt.pdf" and "eu-gdpr-excerpt.html" are the same text.
func TextOf(file string) string { return strings.TrimSuffix(file, path.Ext(file)) }

// Matching a hit against a gold entry (printed with the report):
//
//   - document: the hit's file is the gold file or the same text in another
//     format (same name without extension);
//   - heading, strict: the gold heading's levels appear, in order, among the
//     elements of the hit's locator heading path;
//   - heading, in-chunk: as strict, but over the heading path followed by the
//     chunk's own lines, so a chunk that merges several short sections under
//     their parent (as the chunker does) and contains the gold section's
//     heading line counts.
//
// A level matches an element or line when, normalised (lower case,
// Arabic-Indic digits as ASCII, punctuation as spaces, spaces collapsed), the
// element equals it or starts with it followed by a space: "Article 1"
// matches "Article 1 — Subject-matter" but not "Article 17"; "Section 2"
// matches "Section. 2.".
const MatchRule = "a hit is gold when its document is the gold text (any format of the same file name) and the gold heading's " +
	"levels (\"Article III › Section 2\") match, in order, elements of the hit's locator heading path (strict) — or, for " +
	"in-chunk, of the heading path followed by the chunk's own lines (a chunk holding the gold section's heading line). " +
	"Headings compare case-, punctuation- and digit-script-insensitively, as whole leading words (\"Article 1\" ≠ \"Article 17\")."

func IsGold(h evidence.Hit, golds []Gold, inChunk bool) bool {
	for _, g := range golds {
		if TextOf(h.Chunk.Locator.DocName) != TextOf(g.Doc) {
			continue
		}
		seq := h.Chunk.Locator.HeadingPath
		if inChunk {
			seq = append(append([]string{}, seq...), strings.Split(h.Chunk.Text, "\n")...)
		}
		if headingIn(g.Heading, seq) {
			return true
		}
	}
	return false
}

// DocMatches reports whether the hit is in a gold document, heading aside.
func DocMatches(h evidence.Hit, golds []Gold) bool {
	for _, g := range golds {
		if TextOf(h.Chunk.Locator.DocName) == TextOf(g.Doc) {
			return true
		}
	}
	return false
}

// headingIn reports whether heading's levels match elements of seq in order.
func headingIn(heading string, seq []string) bool {
	levels := strings.Split(heading, evidence.HeadingSeparator)
	i := 0
	for _, s := range seq {
		if i == len(levels) {
			break
		}
		if levelMatches(Normalize(levels[i]), Normalize(s)) {
			i++
		}
	}
	return i == len(levels)
}

func levelMatches(level, s string) bool {
	return level != "" && (s == level || strings.HasPrefix(s, level+" "))
}

// Normalize lowercases, folds Arabic-Indic digits to ASCII, turns every rune
// that is not a letter, digit or § into a space and collapses spaces.
func Normalize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(evidence.FoldDigits(s)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '§':
			b.WriteRune(r)
		case unicode.Is(unicode.Mn, r) || r == 'ـ': // Arabic diacritics and tatweel
		default:
			b.WriteRune(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
