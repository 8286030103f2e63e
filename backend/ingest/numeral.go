package ingest

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// cutNumeral reads the number after a heading word: "12", "12A", "4.2",
// "12(3)(a)", "2-101", "XII", "One", "First", a single letter for
// schedules and annexes ("Annex A"), "12 bis". It returns the numeral and
// the rest of the line, or "" when there is none.
func cutNumeral(s, kind string) (string, string) {
	if n := digitsNumeral(s); n > 0 {
		return s[:n], s[n:]
	}
	word, _ := cutWord(s)
	w := strings.TrimRight(word, ".:—–-")
	switch {
	case isRoman(w):
		return w, s[len(w):]
	case numberWord(w):
		return w, s[len(w):]
	case standalone(kind) && len(w) == 1 && unicode.IsUpper(rune(w[0])):
		return w, s[len(w):]
	}
	return "", s
}

// digitsNumeral measures "12", "12A", "4.2.1", "12(3)(a)", "2-101",
// "12 bis" at the start of s, in bytes; Arabic-Indic digits count too.
func digitsNumeral(s string) int {
	i := digitRun(s)
	if i == 0 {
		return 0
	}
	for {
		switch {
		case i < len(s) && s[i] >= 'A' && s[i] <= 'Z' && (i+1 == len(s) || !isLetterByte(s[i+1])):
			i++
		case i+1 < len(s) && (s[i] == '.' || s[i] == '-') && digitRun(s[i+1:]) > 0:
			i += 1 + digitRun(s[i+1:])
		case i < len(s) && s[i] == '(':
			j := strings.IndexByte(s[i:], ')')
			if j < 2 || j > 6 {
				return trimDot(s, i)
			}
			i += j + 1
		default:
			return latinSuffix(s, trimDot(s, i))
		}
	}
}

func trimDot(s string, i int) int {
	if i < len(s) && s[i] == '.' {
		return i + 1
	}
	return i
}

// latinSuffix extends a numeral over " bis", " ter", " quater".
func latinSuffix(s string, i int) int {
	for _, suf := range []string{" bis", " ter", " quater", "bis", "ter"} {
		if strings.HasPrefix(s[i:], suf) && (len(s) == i+len(suf) || !isLetterByte(s[i+len(suf)])) {
			return i + len(suf)
		}
	}
	return i
}

func isLetterByte(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// digitRun measures the leading digits of s (Western, Arabic-Indic or
// Extended Arabic-Indic), in bytes.
func digitRun(s string) int {
	n := 0
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if !isDigit(r) {
			break
		}
		n += size
	}
	return n
}

func isDigit(r rune) bool {
	return r >= '0' && r <= '9' || r >= '٠' && r <= '٩' || r >= '۰' && r <= '۹'
}

func isRoman(w string) bool {
	if w == "" || len(w) > 8 {
		return false
	}
	for _, r := range w {
		if !strings.ContainsRune("IVXLCDM", r) {
			return false
		}
	}
	return w != "D" && w != "M" && w != "C" && w != "L" // single letters that are words or annex labels
}

func numberWord(w string) bool {
	switch strings.ToLower(w) {
	case "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
		"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "preliminary", "final":
		return w == strings.ToUpper(w) || w[:1] == strings.ToUpper(w[:1])
	}
	return false
}
