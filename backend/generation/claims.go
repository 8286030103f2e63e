package generation

import (
	"fmt"
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
	for _, s := range spans {
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
		case c.quoteFailed(s.markers):
			cl.Verdict = ClaimQuoteFailed
		}
		out = append(out, cl)
	}
	return out
}

func (c *checker) quoteFailed(markers []int) bool {
	for _, m := range markers {
		if cit, ok := c.cited[m]; ok && cit.QuoteFailed() {
			return true
		}
	}
	return false
}
