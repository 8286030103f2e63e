package ingest

import (
	"unicode"
	"unicode/utf8"
)

// PDFs paint right-to-left script in visual order: glyphs sorted by their x
// position read backwards. visualToLogical undoes that for a line whose base
// direction is right to left: it reverses the glyph units, then restores runs
// of left-to-right material (Latin words, numbers, both Western and
// Arabic-Indic) to their own order. Brackets are left as they are: producers
// map a mirrored glyph to the logical character (LibreOffice does), so the
// reversed order already reads right. It works on whole glyph units so a ligature such as lam-alef keeps
// its letters in order. This is the inverse of the Unicode bidi algorithm for
// the common cases in legal text, not all of it.

func isRTL(units []string) bool {
	rtl, ltr := 0, 0
	for _, u := range units {
		for _, r := range u {
			switch {
			case isRTLLetter(r):
				rtl++
			case unicode.IsLetter(r):
				ltr++
			}
		}
	}
	return rtl > ltr
}

func isRTLLetter(r rune) bool {
	return unicode.In(r, unicode.Arabic, unicode.Hebrew, unicode.Syriac, unicode.Thaana) && unicode.IsLetter(r)
}

func visualToLogical(units []string) []string {
	out := make([]string, len(units))
	for i, u := range units {
		out[len(units)-1-i] = u
	}
	for i := 0; i < len(out); {
		if !isLTRUnit(out[i]) {
			i++
			continue
		}
		j := ltrRunEnd(out, i)
		reverse(out[i:j])
		i = j
	}
	moveMarks(out)
	return out
}

// ltrRunEnd finds the end of a left-to-right run starting at i: LTR units,
// and neutrals (spaces, punctuation) only where an LTR unit follows them.
func ltrRunEnd(units []string, i int) int {
	end := i + 1
	for j := i + 1; j < len(units); j++ {
		switch {
		case isLTRUnit(units[j]):
			end = j + 1
		case isNeutralUnit(units[j]):
			continue
		default:
			return end
		}
	}
	return end
}

func isLTRUnit(u string) bool {
	r, _ := utf8.DecodeRuneInString(u)
	return unicode.IsDigit(r) || (unicode.IsLetter(r) && !isRTLLetter(r))
}

func isNeutralUnit(u string) bool {
	r, _ := utf8.DecodeRuneInString(u)
	return r == ' ' || r == '.' || r == ',' || r == ':' || r == '/' || r == '-' || r == '%' || r == '\u066b' || r == '\u066c'
}

func reverse(s []string) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// moveMarks puts a combining mark that the reversal placed before its base
// letter back after it.
func moveMarks(units []string) {
	for i := 0; i+1 < len(units); i++ {
		r, _ := utf8.DecodeRuneInString(units[i])
		if unicode.Is(unicode.Mn, r) && !endsWithLetter(prevUnit(units, i)) {
			units[i], units[i+1] = units[i+1], units[i]
			i++
		}
	}
}

func prevUnit(units []string, i int) string {
	if i == 0 {
		return ""
	}
	return units[i-1]
}

func endsWithLetter(u string) bool {
	r, _ := utf8.DecodeLastRuneInString(u)
	return u != "" && unicode.IsLetter(r)
}
