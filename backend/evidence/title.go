package evidence

import (
	"regexp"
	"strings"
	"unicode"
)

// Document titles. A document is shown by its title: the one found in it
// at ingestion (backend/ingest), the one its user gave it, or else its file
// name made readable by NameTitle. The fallback is computed when a title
// is read, not stored, so documents ingested before titles existed, and
// those whose text names no title, get it without a migration.

// fileNameNoise matches the parts of a file name that say nothing to a
// reader: EDGAR filing dates ("09_01_2010", "20140520"), exhibit numbers
// ("EX-10.31", "EX1A-6 MAT CTRCT"), form types ("10-Q", "S-1A", "8-K"),
// accession numbers ("8605784") and copy counters ("(1)").
var fileNameNoise = regexp.MustCompile(`(?i)(?:^|[_\s\x00-])(?:` +
	`\d{1,2}_\d{1,2}_\d{4}|(?:19|20)\d{6}|\d{6,}|` +
	`EX\d*A?-[0-9A-Z.()]+(?: MAT CTRCT)?|` +
	`\d{1,2}-[A-Z]{1,2}\d*[A-Z]?|[A-Z]{1,2}-\d+[A-Z]?|10-?12GA?|10-?QSB|10SB12G|` +
	`\(\d\))(?:[_\s\x00-]|$)`)

// NameTitle makes a file name readable as a title: extension, underscores
// and filing noise dropped, the remaining parts joined by dashes, capitals
// and lower-case slugs given title case, CamelCase split.
// "ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt" becomes
// "Accurayinc – Distributor Agreement".
func NameTitle(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 && len(name)-i <= 6 {
		name = name[:i]
	}
	// Noise runs may touch ("_10-Q_EX-10.27_"): strip until nothing changes.
	for prev := ""; prev != name; {
		prev, name = name, fileNameNoise.ReplaceAllString(name, "\x00")
	}
	slug := !strings.ContainsAny(name, " _\x00") // "us-constitution-excerpt"
	var parts []string
	for _, p := range strings.FieldsFunc(name, func(r rune) bool { return r == 0 }) {
		for _, q := range strings.Split(p, " - ") {
			q = strings.ReplaceAll(trimCounter(q), "_", " ")
			if slug {
				q = strings.ReplaceAll(q, "-", " ")
			}
			q = strings.Join(strings.Fields(splitCamel(q)), " ")
			if q != "" && !contains(parts, q) {
				parts = append(parts, CapsTitle(q))
			}
		}
	}
	return strings.Join(parts, " – ")
}

// copyNumber is the number a copy of a file gets: "Agreement (1)".
var copyNumber = regexp.MustCompile(`\s*\(\d\)\s*$`)

// trimCounter drops the copy number a word carries: "Agreement3",
// "Agreement(1)" → "Agreement".
func trimCounter(s string) string {
	s = copyNumber.ReplaceAllString(s, "")
	t := strings.TrimRightFunc(s, unicode.IsDigit)
	if len(s)-len(t) <= 2 && t != "" && unicode.IsLower(rune(t[len(t)-1])) {
		return t
	}
	return s
}

func contains(parts []string, p string) bool {
	for _, q := range parts {
		if strings.EqualFold(q, p) {
			return true
		}
	}
	return false
}

// splitCamel puts a space inside a word where a capital follows a small
// letter: "CybergyHoldingsInc" → "Cybergy Holdings Inc".
func splitCamel(s string) string {
	var b strings.Builder
	prev := ' '
	for _, r := range s {
		if unicode.IsUpper(r) && unicode.IsLower(prev) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// smallWords stay in lower case inside a title.
var smallWords = map[string]bool{"a": true, "an": true, "and": true, "as": true, "at": true, "between": true,
	"by": true, "for": true, "from": true, "in": true, "of": true, "on": true, "or": true, "the": true,
	"to": true, "under": true, "with": true, "v": true, "v.": true, "vs.": true}

// romanNumeral matches the short Roman numerals titles number parts with.
var romanNumeral = regexp.MustCompile(`^\(?(?:I{1,3}|IV|VI{0,3}|IX|XI{0,3}|XIV|XV)\)?[.,:]?$`)

// CapsTitle gives a title written all in capitals (or all in small
// letters) title case: "MASTER SERVICES AGREEMENT" → "Master Services
// Agreement". Words with digits or dots ("10.31", "U.S.") and Roman
// numerals keep their letters; a title that mixes cases is left as written.
func CapsTitle(s string) string {
	hasUpper := strings.IndexFunc(s, unicode.IsUpper) >= 0
	hasLower := strings.IndexFunc(s, unicode.IsLower) >= 0
	if hasUpper && hasLower {
		return s
	}
	words := strings.FieldsFunc(s, unicode.IsSpace)
	for i, w := range words {
		parts := strings.SplitAfter(w, "—") // "TITLE 9—ARBITRATION"
		for j, p := range parts {
			parts[j] = caseWord(p, i == 0 && j == 0)
		}
		words[i] = strings.Join(parts, "")
	}
	return strings.Join(words, " ")
}

// keptCapitals are words a title keeps in capitals: company forms and
// the names of places written as initials.
var keptCapitals = map[string]bool{"llc": true, "llp": true, "lp": true, "plc": true, "ag": true, "sa": true,
	"nv": true, "bv": true, "usa": true, "us": true, "uk": true, "eu": true, "un": true}

func caseWord(w string, first bool) string {
	lw := strings.ToLower(w)
	core := strings.Trim(lw, ",.;:()—")
	switch {
	case keptCapitals[core]:
		return strings.ToUpper(w)
	case strings.ContainsAny(w, "0123456789") || strings.Count(w, ".") > 1 || romanNumeral.MatchString(w):
		return w
	case !first && smallWords[lw]:
		return lw
	}
	return capitalize(lw)
}

// capitalize puts a capital at the start of each part of a word:
// "co-branding" → "Co-Branding", "people's" → "People's".
func capitalize(w string) string {
	rs := []rune(w)
	start := true
	for i, r := range rs {
		if start && unicode.IsLetter(r) {
			rs[i] = unicode.ToUpper(r)
		}
		start = r == '-' || r == '(' || r == '/' || r == '"' || r == '“'
	}
	return string(rs)
}
