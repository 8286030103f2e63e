package python

import (
	"strings"
)

// rewriteFStrings turns Python 3.6 f-strings, which gpython's 3.4 grammar
// (and its str, which has no format method) lacks, into concatenations:
// f"a{x}b{y!r}" becomes ("a" + str(x) + "b" + repr(y)). It reads source as
// Python's tokenizer does (comments, prefixes, triple quotes, escapes), so
// braces in other strings or comments are left alone, and it keeps every
// newline, so line numbers in errors stay true. It reports false — and the
// caller keeps the original — for what it cannot rewrite: a format spec
// ({x:>5}), the = specifier, or an unterminated string.
func rewriteFStrings(source string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(source); {
		c := source[i]
		switch {
		case c == '#':
			end := strings.IndexByte(source[i:], '\n')
			if end < 0 {
				end = len(source) - i
			}
			b.WriteString(source[i : i+end])
			i += end
		case isStringStart(source, i):
			lit, n, ok := readString(source, i)
			if !ok {
				return source, false
			}
			if lit.f {
				s, ok := lit.concatenation()
				if !ok {
					return source, false
				}
				b.WriteString(s)
			} else {
				b.WriteString(source[i : i+n])
			}
			i += n
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), true
}

// stringLiteral is one string literal as written.
type stringLiteral struct {
	prefix string // without f
	quote  string // ', ", ''' or """
	body   string
	f      bool
}

// isStringStart reports whether a string literal (with its prefix) starts
// at i and not inside an identifier.
func isStringStart(s string, i int) bool {
	if i > 0 && isIdentByte(s[i-1]) {
		return false
	}
	j := i
	for j < len(s) && j-i < 2 && strings.IndexByte("rRbBuUfF", s[j]) >= 0 {
		j++
	}
	return j < len(s) && (s[j] == '"' || s[j] == '\'')
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// readString reads the literal at i and returns it and its length.
func readString(s string, i int) (stringLiteral, int, bool) {
	var lit stringLiteral
	j := i
	for s[j] != '"' && s[j] != '\'' {
		if s[j] == 'f' || s[j] == 'F' {
			lit.f = true
		} else {
			lit.prefix += string(s[j])
		}
		j++
	}
	lit.quote = s[j : j+1]
	if strings.HasPrefix(s[j:], strings.Repeat(lit.quote, 3)) {
		lit.quote = strings.Repeat(lit.quote, 3)
	}
	start := j + len(lit.quote)
	for k := start; k < len(s); k++ {
		switch {
		case s[k] == '\\':
			k++ // an escaped character never ends the literal, raw or not
		case s[k] == '\n' && len(lit.quote) == 1:
			return lit, 0, false
		case strings.HasPrefix(s[k:], lit.quote):
			lit.body = s[start:k]
			return lit, k + len(lit.quote) - i, true
		}
	}
	return lit, 0, false
}

// concatenation is the f-string as a parenthesized sum of literals and
// str()/repr() of its expressions.
func (lit stringLiteral) concatenation() (string, bool) {
	var parts []string
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			parts = append(parts, lit.prefix+lit.quote+text.String()+lit.quote)
			text.Reset()
		}
	}
	body := lit.body
	for i := 0; i < len(body); i++ {
		switch {
		case strings.HasPrefix(body[i:], "{{") || strings.HasPrefix(body[i:], "}}"):
			text.WriteByte(body[i])
			i++
		case body[i] == '{':
			end, ok := fieldEnd(body, i+1)
			if !ok {
				return "", false
			}
			expr, ok := fieldExpression(body[i+1 : end])
			if !ok {
				return "", false
			}
			flush()
			parts = append(parts, expr)
			i = end
		case body[i] == '\\' && i+1 < len(body):
			text.WriteString(body[i : i+2])
			i++
		default:
			text.WriteByte(body[i])
		}
	}
	flush()
	if len(parts) == 0 {
		return lit.prefix + lit.quote + lit.quote, true
	}
	return "(" + strings.Join(parts, " + ") + ")", true
}

// fieldEnd is the index of the } closing the replacement field whose
// expression starts at i, skipping nested brackets and strings.
func fieldEnd(body string, i int) (int, bool) {
	depth := 0
	for ; i < len(body); i++ {
		switch c := body[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']':
			depth--
		case '}':
			if depth == 0 {
				return i, true
			}
			depth--
		case '\'', '"':
			end := strings.IndexByte(body[i+1:], c)
			if end < 0 {
				return 0, false
			}
			i += end + 1
		}
	}
	return 0, false
}

// fieldExpression is str(expr) or repr(expr) for a field's text; a format
// spec or the = specifier cannot be rewritten without str.format.
func fieldExpression(field string) (string, bool) {
	conv := "str"
	if n := len(field); n >= 2 && field[n-2] == '!' && strings.IndexByte("rsa", field[n-1]) >= 0 {
		if field[n-1] != 's' {
			conv = "repr"
		}
		field = field[:n-2]
	}
	if hasTopLevel(field, ':') || strings.HasSuffix(strings.TrimSpace(field), "=") || strings.TrimSpace(field) == "" {
		return "", false
	}
	return conv + "(" + field + ")", true
}

// hasTopLevel reports whether c occurs in expr outside brackets and
// strings (a colon there starts a format spec; one in a lambda, slice or
// dict is inside brackets in any f-string Python accepts).
func hasTopLevel(expr string, c byte) bool {
	depth := 0
	for i := 0; i < len(expr); i++ {
		switch ch := expr[i]; ch {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '\'', '"':
			if end := strings.IndexByte(expr[i+1:], ch); end >= 0 {
				i += end + 1
			}
		default:
			if ch == c && depth == 0 {
				return true
			}
		}
	}
	return false
}
