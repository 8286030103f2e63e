package ingest

import (
	"strings"
	"unicode/utf8"
)

// arabicKind maps Arabic heading words to kinds. القسم ranks above الكتاب
// as in the Egyptian Civil Code; the document order corrects it elsewhere.
func arabicKind(word string) string {
	switch normalizeArabic(word) {
	case "القسم":
		return "division"
	case "الكتاب":
		return "book"
	case "الجزء":
		return "part"
	case "الباب":
		return "title"
	case "الفصل":
		return "chapter"
	case "الفرع":
		return "branch"
	case "الماده", "ماده":
		return "article"
	case "البند":
		return "clause"
	case "الملحق":
		return "annex"
	}
	return ""
}

// arabicHeading reads "المادة ١٤٧", "مادة (5)", "الفصل الأول",
// "الباب التمهيدي", "المادة ١٤٧ مكرراً", with a title or body after a
// separator. A word such as من / في after the number marks a
// cross-reference ("المادة ٥ من هذا القانون"), not a heading.
func arabicHeading(s string) (candidate, bool) {
	word, rest := cutWord(s)
	kind := arabicKind(word)
	if kind == "" {
		return candidate{}, false
	}
	rest = strings.TrimLeft(rest, " \t")
	num, after := arabicNumeral(rest)
	if num == "" {
		return candidate{}, false
	}
	next, _ := cutWord(strings.TrimLeft(after, " \t"))
	if arabicStopWord(next) {
		return candidate{}, false
	}
	c := candidate{kind: kind, number: num, label: len(s) - len(after)}
	return arabicTitle(c, s, after), true
}

func arabicNumeral(s string) (string, string) {
	if n := arabicDigits(s); n > 0 {
		num, after := s[:n], s[n:]
		if w, rest := cutWord(strings.TrimLeft(after, " ")); strings.HasPrefix(normalizeArabic(w), "مكرر") {
			return s[:len(s)-len(rest)], rest
		}
		return num, after
	}
	word, rest := cutWord(s)
	w := strings.TrimRight(word, ":-–—.")
	if !arabicOrdinal(w) {
		return "", s
	}
	n := len(s) - len(rest) - (len(word) - len(w))
	if t, r2 := cutWord(strings.TrimLeft(rest, " ")); strings.HasPrefix(normalizeArabic(t), "عشر") {
		return s[:len(s)-len(r2)], r2
	}
	return s[:n], s[n:]
}

// arabicDigits measures "١٤٧", "(١٤٧)", "147", "١٤٧/أ" at the start of s.
func arabicDigits(s string) int {
	if strings.HasPrefix(s, "(") {
		n := digitRun(s[1:])
		if n > 0 && strings.HasPrefix(s[1+n:], ")") {
			return n + 2
		}
		return 0
	}
	return digitRun(s)
}

func arabicOrdinal(w string) bool {
	n := strings.TrimPrefix(normalizeArabic(w), "ال")
	n = strings.TrimSuffix(strings.TrimSuffix(n, "ه"), "ي")
	n = strings.TrimSuffix(n, "ى")
	switch n {
	case "اول", "ثان", "ثاني", "ثالث", "رابع", "خامس", "سادس", "سابع", "ثامن", "تاسع", "عاشر", "حاد", "حادي", "تمهيد", "ختام", "اخير":
		return true
	}
	return false
}

func arabicStopWord(w string) bool {
	switch normalizeArabic(strings.TrimRight(w, "،,.")) {
	case "من", "في", "و", "او", "على", "الي", "عن", "التي", "الذي", "السابقه", "السابق", "المذكوره", "المشار",
		"اعلاه", "بعده", "وما", "حتي", "ثم", "مع", "بشان", "وفقا", "طبقا", "هذا", "هذه", "منه", "منها", "فيه", "فيها", "والماده":
		return true
	}
	return false
}

// arabicTitle: after a separator (":", "-", "–", "—") or a space comes a
// title when short and not a sentence, else body.
func arabicTitle(c candidate, s, after string) candidate {
	rest := strings.TrimLeft(after, " \t:-–—.")
	rest = strings.TrimRight(rest, " \t\r")
	if rest == "" {
		c.label = len(strings.TrimRight(s, " \t\r"))
		return c
	}
	last, _ := utf8.DecodeLastRuneInString(rest)
	if utf8.RuneCountInString(rest) <= 60 && !strings.ContainsRune(".،؛:", last) {
		c.titled, c.label = true, len(s)-len(strings.TrimLeft(after, " \t:-–—."))+len(rest)
		return c
	}
	c.body = true
	return c
}

// normalizeArabic folds the spellings that vary in practice: alef forms,
// ta marbuta, alef maqsura, tatweel and diacritics.
func normalizeArabic(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == 'أ' || r == 'إ' || r == 'آ' || r == 'ٱ':
			b.WriteRune('ا')
		case r == 'ة':
			b.WriteRune('ه')
		case r == 'ى':
			b.WriteRune('ي')
		case r == 'ـ' || (r >= 0x064B && r <= 0x0652):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
