package generation

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"lexflow/backend/internal/sentence"
)

// claimSpan is one sentence of the answer, as byte offsets, with its markers.
type claimSpan struct {
	start, end int
	markers    []int
	leadIn     bool // ends with ":" and cites nothing: introduces what follows
}

// splitClaims cuts the answer into sentences. Markers that open a sentence
// ("… days. [1] The term …") belong to the sentence before it.
func splitClaims(answer string) []claimSpan {
	var out []claimSpan
	for _, sp := range sentence.Spans(answer) {
		text := answer[sp.Start:sp.End]
		lead := leadingMarkers(text)
		if lead > 0 && len(out) > 0 {
			prev := &out[len(out)-1]
			prev.markers = append(prev.markers, markersIn(text[:lead])...)
			prev.end, prev.leadIn = sp.Start+lead, false
			sp.Start += lead + len(text[lead:]) - len(strings.TrimLeftFunc(text[lead:], unicode.IsSpace))
			text = answer[sp.Start:sp.End]
		}
		if !hasWords(markerPattern.ReplaceAllString(text, "")) {
			continue
		}
		ms := markersIn(text)
		out = append(out, claimSpan{start: sp.Start, end: sp.End, markers: ms,
			leadIn: len(ms) == 0 && strings.HasSuffix(text, ":")})
	}
	return out
}

// leadingMarkers is the length of the markers (and spaces) text starts with.
func leadingMarkers(text string) int {
	n := 0
	for {
		rest := text[n:]
		trimmed := strings.TrimLeftFunc(rest, unicode.IsSpace)
		loc := markerPattern.FindStringIndex(trimmed)
		if loc == nil || loc[0] != 0 {
			return n
		}
		n += len(rest) - len(trimmed) + loc[1]
	}
}

func markersIn(text string) []int {
	var out []int
	for _, m := range markerPattern.FindAllString(text, -1) {
		out = append(out, markerNumbers(m)...)
	}
	return out
}

func hasLetters(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

func hasWords(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// claims checks that every sentence of the answer carries a citation and
// applies the uncited policy. It returns the answer the user sees.
func (c *checker) claims(answer string) string {
	spans := splitClaims(answer)
	uncited := 0
	for _, s := range spans {
		if !s.leadIn && len(s.markers) == 0 {
			uncited++
		}
	}
	total := 0
	for _, s := range spans {
		if !s.leadIn {
			total++
		}
	}
	switch {
	case uncited == 0:
		c.pass(CheckClaims, fmt.Sprintf("all %d sentences cite evidence", total))
	case c.opts.Uncited == UncitedFail:
		c.failFatal(CheckClaims, "%d of %d sentences cite no evidence", uncited, total)
	case c.opts.Uncited == UncitedStrip:
		answer = stripUncited(answer, spans)
		spans = splitClaims(answer)
		c.fail(CheckClaims, "%d of %d sentences cited no evidence and were removed", uncited, total)
		if strings.TrimSpace(answer) == "" {
			c.failFatal(CheckClaims, "no sentence of the answer cites evidence")
		}
	default:
		c.fail(CheckClaims, "%d of %d sentences cite no evidence; they are flagged", uncited, total)
	}
	c.res.Claims = c.verdicts(answer, spans)
	return answer
}

// stripUncited removes the sentences that cite nothing (lead-ins stay).
func stripUncited(answer string, spans []claimSpan) string {
	var b strings.Builder
	prev := 0
	for _, s := range spans {
		if s.leadIn || len(s.markers) > 0 {
			continue
		}
		b.WriteString(answer[prev:s.start])
		prev = s.end
		for prev < len(answer) && (answer[prev] == ' ' || answer[prev] == '\t') {
			prev++
		}
	}
	b.WriteString(answer[prev:])
	return strings.TrimSpace(b.String())
}

func (c *checker) verdicts(answer string, spans []claimSpan) []Claim {
	out := []Claim{}
	misquoted := c.misquotedClaims(answer, spans)
	for i, s := range spans {
		if s.leadIn {
			continue
		}
		cl := Claim{Text: answer[s.start:s.end], Start: utf8.RuneCountInString(answer[:s.start]),
			Markers: s.markers, Verdict: ClaimCited}
		cl.End = cl.Start + utf8.RuneCountInString(cl.Text)
		if cl.Markers == nil {
			cl.Markers = []int{}
		}
		switch {
		case len(s.markers) == 0:
			cl.Verdict = ClaimUncited
		case misquoted[i]:
			cl.Verdict = ClaimQuoteFailed
		}
		out = append(out, cl)
	}
	return out
}

// misquotedClaims finds the sentences a failed quote was meant to support.
// The reply does not say which sentence a quote backs, so each failed quote
// goes to the sentence citing its passage that shares the most words with
// it; when none shares any, every sentence citing the passage is flagged.
func (c *checker) misquotedClaims(answer string, spans []claimSpan) map[int]bool {
	out := map[int]bool{}
	for _, rank := range c.order {
		for _, q := range c.cited[rank].Quotes {
			if q.Verified {
				continue
			}
			best, bestShared, citing := -1, 0, []int{}
			for i, s := range spans {
				if !slices.Contains(s.markers, rank) {
					continue
				}
				citing = append(citing, i)
				if n := sharedWords(answer[s.start:s.end], q.Text); n > bestShared {
					best, bestShared = i, n
				}
			}
			if best >= 0 {
				out[best] = true
				continue
			}
			for _, i := range citing {
				out[i] = true
			}
		}
	}
	return out
}

// sharedWords counts the distinct words (lowercased, letters and digits) a and b share.
func sharedWords(a, b string) int {
	words := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			m[w] = true
		}
		return m
	}
	wa, n := words(a), 0
	for w := range words(b) {
		if wa[w] {
			n++
		}
	}
	return n
}
