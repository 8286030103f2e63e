package ingest

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"lexflow/backend/evidence"
)

// fullWidthSpace (U+3000) separates an article number from its text in
// Chinese statutes as officially printed: "第五十四条　自然人从事…".
const fullWidthSpace = '\u3000'

// chineseUnits maps the word after a Chinese heading number to a kind,
// longest first so that 分编 is not read as 编. The Civil Code's official
// translation calls 编 a Book and 分编 a Part; 部分 divides judicial
// interpretations and regulations. 款 are usually unnumbered paragraphs
// of an article; a numbered one alone at the start of a line is a heading.
var chineseUnits = []struct{ word, kind string }{
	{"分编", "part"},
	{"部分", "part"},
	{"编", "book"},
	{"章", "chapter"},
	{"节", "section"},
	{"条", "article"},
	{"款", "clause"},
}

// chineseHeading reads "第一编　总则", "第二章 自然人", "第三节",
// "第五十四条　自然人从事…", "第二十条之一", "第5条", and an article
// whose name carries the law's title ("中华人民共和国民法典第五十四条　…").
// A heading number is followed by a space or the end of the line; a
// reference inside a sentence ("依照本法第十条的规定") is not.
func chineseHeading(s string) (candidate, bool) {
	if strings.Join(strings.Fields(s), "") == "目录" {
		return candidate{kind: "contents", label: len(s), titled: true}, true // "目　　录"
	}
	if c, ok := chineseNumbered(s, 0); ok {
		return c, true
	}
	return titledArticle(s)
}

// chineseNumbered reads 第…<unit> at byte at of s, the rest of the line
// being a title (编, 章, 节) or the article's text (条, 款).
func chineseNumbered(s string, at int) (candidate, bool) {
	rest, ok := strings.CutPrefix(s[at:], "第")
	if !ok {
		return candidate{}, false
	}
	value, n := chineseNumeral(rest)
	if n == 0 {
		return candidate{}, false
	}
	rest = rest[n:]
	kind, word := chineseUnit(rest)
	if kind == "" {
		return candidate{}, false
	}
	rest = rest[len(word):]
	number := strconv.Itoa(value)
	if kind == "article" {
		if v, m := articleSuffix(rest); m > 0 {
			number += "-" + strconv.Itoa(v) // 第二十条之一: inserted after article 20
			rest = rest[m:]
		}
	}
	if r, _ := utf8.DecodeRuneInString(rest); rest != "" && !unicode.IsSpace(r) {
		return candidate{}, false // 第十条的规定, 第三章第二节: a reference
	}
	c := candidate{kind: kind, number: number, label: len(s) - len(rest)}
	return chineseTitle(c, s, rest)
}

func chineseUnit(s string) (kind, word string) {
	for _, u := range chineseUnits {
		if strings.HasPrefix(s, u.word) {
			return u.kind, u.word
		}
	}
	return "", ""
}

// articleSuffix measures "之一" after an article number: an article
// inserted by amendment keeps the number of the one before it.
func articleSuffix(s string) (int, int) {
	rest, ok := strings.CutPrefix(s, "之")
	if !ok {
		return 0, 0
	}
	v, n := chineseNumeral(rest)
	if n == 0 {
		return 0, 0
	}
	return v, len("之") + n
}

// chineseTitle: an article's or paragraph's number is followed by its text;
// a book's, chapter's or section's by a short title, never by a sentence.
func chineseTitle(c candidate, s, after string) (candidate, bool) {
	rest := strings.TrimSpace(after)
	if rest == "" {
		c.label = len(strings.TrimRight(s, " \t\r"))
		return c, true
	}
	if c.kind == "article" || c.kind == "clause" {
		c.body = true
		return c, true
	}
	if !chineseTitleText(rest) {
		return candidate{}, false
	}
	c.titled, c.label = true, len(s)-len(after)+strings.Index(after, rest)+len(rest)
	return c, true
}

// chineseTitleText: short, and no sentence punctuation in it.
func chineseTitleText(s string) bool {
	return utf8.RuneCountInString(s) <= 40 && !strings.ContainsAny(s, "。，；：！？,;:!?")
}

// titledArticle reads an article name that carries the law's title, as
// compilations print it: "中华人民共和国民法典第五十四条　…". Only a
// full-width space may follow the name, and the title must read as the
// name of a law, so that a sentence never passes for one.
func titledArticle(s string) (candidate, bool) {
	for at := 0; ; {
		i := strings.Index(s[at:], "第")
		if i < 0 || at+i > maxLawTitle*utf8.UTFMax {
			return candidate{}, false // past any title: a long line is spared a scan per 第
		}
		at += i
		if !lawTitle(s[:at]) {
			at += len("第")
			continue
		}
		c, ok := chineseNumbered(s, at)
		if r, _ := utf8.DecodeRuneInString(s[c.label:]); ok && c.kind == "article" && r == fullWidthSpace {
			return c, true
		}
		at += len("第")
	}
}

// maxLawTitle is the longest law title, in code points, that an article
// name may carry; judicial interpretations' titles run to sixty.
const maxLawTitle = 80

// lawTitle tells whether s reads as the title of a law, regulation or
// judicial interpretation: Han characters with book-title marks, brackets
// and enumeration commas only, ending with a word that names an
// instrument ("…民法典", "…条例", "…的解释（一）"), and not opening as a
// reference does ("本法", "依照…").
func lawTitle(s string) bool {
	n := utf8.RuneCountInString(s)
	if n < 2 || n > maxLawTitle {
		return false
	}
	for _, r := range s {
		if !unicode.Is(unicode.Han, r) && !strings.ContainsRune("《》（）()、〈〉·0123456789０１２３４５６７８９", r) {
			return false
		}
	}
	for _, w := range []string{"本", "该", "依", "按", "根据", "违反", "适用", "参照", "除"} {
		if strings.HasPrefix(s, w) {
			return false
		}
	}
	core := strings.TrimRight(trimBracketed(s), "》")
	for _, w := range []string{"法", "典", "条例", "规定", "解释", "办法", "规则", "细则", "决定", "决议", "章程", "意见", "通知", "准则", "规程"} {
		if strings.HasSuffix(core, w) {
			return true
		}
	}
	return false
}

// trimBracketed drops the bracketed qualifiers that end a title:
// "…的解释（一）", "…的若干规定（试行）".
func trimBracketed(s string) string {
	for {
		t, ok := strings.CutSuffix(s, "）")
		if !ok {
			t, ok = strings.CutSuffix(s, ")")
		}
		if !ok {
			return s
		}
		i := max(strings.LastIndex(t, "（"), strings.LastIndex(t, "("))
		if i < 0 {
			return s
		}
		s = t[:i]
	}
}

// chineseNumeral reads a number at the start of s written in Chinese
// numerals (一百二十三, 十, 两千零五) or in digits, ASCII or full-width, and
// returns its value and length in bytes; 0, 0 when there is none.
func chineseNumeral(s string) (int, int) {
	n := 0
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if !strings.ContainsRune("零〇一二三四五六七八九两十百千0123456789０１２３４５６７８９", r) {
			break
		}
		n += size
	}
	if v, ok := evidence.ChineseNumber(s[:n]); ok && v > 0 {
		return v, n
	}
	return 0, 0
}
