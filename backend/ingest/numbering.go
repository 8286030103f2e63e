package ingest

import (
	"strconv"
	"strings"
)

// alphaLabel renders 1, 2, ... 26, 27 as a, b, ... z, aa (base is 'a' or 'A').
func alphaLabel(n int, base rune) string {
	if n < 1 {
		return string(base)
	}
	var s []rune
	for n > 0 {
		n--
		s = append([]rune{base + rune(n%26)}, s...)
		n /= 26
	}
	return string(s)
}

// roman renders n in upper-case Roman numerals (n in 1..3999; else decimal digits).
func roman(n int) string {
	if n < 1 || n > 3999 {
		return strconv.Itoa(n)
	}
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}
