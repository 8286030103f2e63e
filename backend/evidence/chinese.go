package evidence

import "strings"

// ChineseNumber reads a number written in Chinese numerals, as statutes
// number their articles and chapters: "五十四" → 54, "一百二十三" → 123,
// "十" → 10, "二百零五" → 205, "两千" → 2000; "〇" and "零" are zero.
// Arabic digits ("54", also full-width "５４") are read too. ok is false for
// anything else, or a number of 10,000 or more (no statute has that many
// articles).
func ChineseNumber(s string) (n int, ok bool) {
	if s == "" {
		return 0, false
	}
	if digits := strings.Map(halfWidthDigit, s); strings.Trim(digits, "0123456789") == "" {
		for _, r := range digits {
			n = 10*n + int(r-'0')
			if n >= 10000 {
				return 0, false
			}
		}
		return n, true
	}
	section, digit := 0, -1
	for _, r := range s {
		if d, isDigit := chineseDigits[r]; isDigit {
			if digit >= 0 && digit != 0 {
				return 0, false // two digits in a row: "五四" is not a number here
			}
			digit = d
			continue
		}
		unit, isUnit := chineseUnits[r]
		if !isUnit {
			return 0, false
		}
		if digit < 0 {
			digit = 1 // "十二": the leading one is left out
		}
		section += digit * unit
		digit = -1
	}
	if digit > 0 {
		section += digit
	}
	return section, section > 0 || strings.ContainsAny(s, "〇零")
}

var chineseDigits = map[rune]int{
	'〇': 0, '零': 0, '一': 1, '二': 2, '两': 2, '三': 3, '四': 4,
	'五': 5, '六': 6, '七': 7, '八': 8, '九': 9,
}

var chineseUnits = map[rune]int{'十': 10, '百': 100, '千': 1000}

// halfWidthDigit writes full-width digits (０-９) as ASCII ones.
func halfWidthDigit(r rune) rune {
	if r >= '０' && r <= '９' {
		return '0' + (r - '０')
	}
	return r
}
