package evidence

import (
	"strings"
	"unicode"
)

// unitsLabel names units below the first common headings of their paths
// the way a lawyer cites them: "Articles 5–6", "Sections 4.1–4.3",
// "Articles 5, 7", "4.2–4.3" for clauses numbered without a keyword. Units
// of different kinds, without numbers, or whose keyword has no English
// plural (المادة) are listed by their headings as the document writes them.
func unitsLabel(units []Unit, common int) string {
	if keyword, ok := sharedKeyword(units, common); ok {
		return strings.TrimSpace(plural(keyword) + " " + numberRange(units))
	}
	headings := make([]string, len(units))
	for i, u := range units {
		headings[i] = strings.Join(u.HeadingPath[min(common, len(u.HeadingPath)):], HeadingSeparator)
	}
	return strings.Join(headings, listSeparator(headings[0]))
}

// listSeparator is how the script of a heading separates the items of a
// list: "、" in Chinese (第五十四条、第五十六条), "؛ " in Arabic, "; " otherwise.
func listSeparator(heading string) string {
	for _, r := range heading {
		switch {
		case unicode.Is(unicode.Han, r):
			return "、"
		case unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r):
			return "؛ "
		case unicode.IsLetter(r):
			return "; "
		}
	}
	return "; "
}

// sharedKeyword finds the word every unit's heading puts before its number
// ("Article" in "Article 5 — Rent increases"); ok is false unless each unit
// is one numbered heading below the common path, all with the same keyword,
// and that keyword has an English plural.
func sharedKeyword(units []Unit, common int) (keyword string, ok bool) {
	for i, u := range units {
		if len(u.HeadingPath) != common+1 || u.Number == "" {
			return "", false
		}
		heading := u.HeadingPath[common]
		at := strings.Index(heading, u.Number)
		if at < 0 {
			return "", false
		}
		k := strings.TrimSpace(heading[:at])
		if i > 0 && k != keyword {
			return "", false
		}
		keyword = k
	}
	return keyword, keyword == "" || keyword == "§" || englishWord(keyword)
}

// englishWord: ASCII letters, perhaps abbreviated with a final period ("Art.").
func englishWord(s string) bool {
	s = strings.TrimSuffix(s, ".")
	for _, r := range s {
		if (r < 'A' || r > 'Z') && (r < 'a' || r > 'z') {
			return false
		}
	}
	return s != ""
}

// plural puts a heading keyword in the plural as legal English writes it:
// "Articles", "ARTICLES", "Arts.", "§§", "Annexes", "Appendices". A
// keyword of up to three letters is an abbreviation ("Art.", "Sec.") and
// keeps its period; a whole word loses it ("Section. 1." in the US
// Constitution gives "Sections 1–2").
func plural(keyword string) string {
	if keyword == "" || keyword == "§" {
		return keyword + keyword
	}
	stem, _ := strings.CutSuffix(keyword, ".")
	period := len(stem) <= 3 && stem != keyword
	suffix := "s"
	switch lower := strings.ToLower(stem); {
	case period:
	case strings.HasSuffix(lower, "ix"):
		stem, suffix = stem[:len(stem)-2], "ices"
	case strings.HasSuffix(lower, "x") || strings.HasSuffix(lower, "s"):
		suffix = "es"
	}
	if stem == strings.ToUpper(stem) {
		suffix = strings.ToUpper(suffix)
	}
	if period {
		suffix += "."
	}
	return stem + suffix
}

// numberRange writes the units' numbers as a range when each follows the
// one before ("5–6", "4.1–4.3"), else as a list ("5, 7").
func numberRange(units []Unit) string {
	numbers := make([]string, len(units))
	ranged := true
	for i, u := range units {
		numbers[i] = u.Number
		ranged = ranged && (i == 0 || u.Follows)
	}
	if !ranged {
		return strings.Join(numbers, ", ")
	}
	return numbers[0] + "–" + numbers[len(numbers)-1]
}
