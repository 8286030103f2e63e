package jinja

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

type tokKind int

const (
	tText     tokKind = iota // literal text between tags
	tExprOpen                // {{
	tExprEnd                 // }}
	tStmtOpen                // {%
	tStmtEnd                 // %}
	tName
	tNumber
	tString
	tOp
	tEOF
)

type token struct {
	kind tokKind
	val  string
	line int
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of template"
	case tExprEnd:
		return "}}"
	case tStmtEnd:
		return "%}"
	}
	return fmt.Sprintf("%q", t.val)
}

// lexer splits a template into text and the tokens inside tags.
type lexer struct {
	src  string
	pos  int
	line int
	toks []token
	trim bool // the previous tag ended with "-": trim leading space of the next text
}

func lex(src string) ([]token, error) {
	l := &lexer{src: src, line: 1}
	for l.pos < len(l.src) {
		if err := l.step(); err != nil {
			return nil, err
		}
	}
	l.toks = append(l.toks, token{kind: tEOF, line: l.line})
	return l.toks, nil
}

func syntaxErr(line int, format string, args ...any) error {
	return fmt.Errorf("parse template: line %d: %s: %w", line, fmt.Sprintf(format, args...), ErrSyntax)
}

// step reads one text run or one tag.
func (l *lexer) step() error {
	i := nextTag(l.src, l.pos)
	if i < 0 {
		l.text(l.src[l.pos:], false)
		l.pos = len(l.src)
		return nil
	}
	open := l.src[i : i+2]
	trimLeft := i+2 < len(l.src) && l.src[i+2] == '-'
	l.text(l.src[l.pos:i], trimLeft)
	l.pos = i + 2
	if trimLeft {
		l.pos++
	}
	switch open {
	case "{#":
		return l.comment()
	case "{{":
		l.emit(tExprOpen, open)
		return l.tag("}}", tExprEnd)
	}
	l.emit(tStmtOpen, open)
	return l.tag("%}", tStmtEnd)
}

func nextTag(src string, from int) int {
	for i := from; ; {
		j := strings.IndexByte(src[i:], '{')
		if j < 0 || i+j+1 >= len(src) {
			return -1
		}
		i += j
		if c := src[i+1]; c == '{' || c == '%' || c == '#' {
			return i
		}
		i++
	}
}

func (l *lexer) text(s string, trimRight bool) {
	if l.trim {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		l.trim = false
	}
	if trimRight {
		s = strings.TrimRightFunc(s, unicode.IsSpace)
	}
	if s != "" {
		l.emit(tText, s)
	}
	l.line += strings.Count(s, "\n")
}

func (l *lexer) emit(k tokKind, v string) {
	l.toks = append(l.toks, token{kind: k, val: v, line: l.line})
}

func (l *lexer) comment() error {
	j := strings.Index(l.src[l.pos:], "#}")
	if j < 0 {
		return syntaxErr(l.line, "comment is not closed with #}")
	}
	body := l.src[l.pos : l.pos+j]
	l.line += strings.Count(body, "\n")
	l.trim = strings.HasSuffix(body, "-")
	l.pos += j + 2
	return nil
}

// tag reads tokens up to the closing delimiter.
func (l *lexer) tag(end string, kind tokKind) error {
	for {
		l.skipSpace()
		if l.pos >= len(l.src) {
			return syntaxErr(l.line, "tag is not closed with %s", end)
		}
		if strings.HasPrefix(l.src[l.pos:], "-"+end) {
			l.pos += 1 + len(end)
			l.trim = true
			l.emit(kind, end)
			return nil
		}
		if strings.HasPrefix(l.src[l.pos:], end) {
			l.pos += len(end)
			l.emit(kind, end)
			return nil
		}
		if err := l.token(); err != nil {
			return err
		}
	}
}

func (l *lexer) skipSpace() {
	for l.pos < len(l.src) {
		r, n := utf8.DecodeRuneInString(l.src[l.pos:])
		if !unicode.IsSpace(r) {
			return
		}
		if r == '\n' {
			l.line++
		}
		l.pos += n
	}
}

var operators = []string{"//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "~", "<", ">", "=", "|", ".", ",", ":", "(", ")", "[", "]", "{", "}"}

func (l *lexer) token() error {
	c := l.src[l.pos]
	switch {
	case c == '"' || c == '\'':
		return l.str(c)
	case c >= '0' && c <= '9':
		l.number()
		return nil
	case c == '_' || unicode.IsLetter(l.rune()):
		l.name()
		return nil
	}
	for _, op := range operators {
		if strings.HasPrefix(l.src[l.pos:], op) {
			l.emit(tOp, op)
			l.pos += len(op)
			return nil
		}
	}
	return syntaxErr(l.line, "unexpected character %q", l.rune())
}

func (l *lexer) rune() rune {
	r, _ := utf8.DecodeRuneInString(l.src[l.pos:])
	return r
}

func (l *lexer) name() {
	start := l.pos
	for l.pos < len(l.src) {
		r, n := utf8.DecodeRuneInString(l.src[l.pos:])
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		l.pos += n
	}
	l.emit(tName, l.src[start:l.pos])
}

func (l *lexer) number() {
	start := l.pos
	seenDot := false
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		isDigit := c >= '0' && c <= '9'
		dot := c == '.' && !seenDot && l.pos+1 < len(l.src) && l.src[l.pos+1] >= '0' && l.src[l.pos+1] <= '9'
		if !isDigit && !dot && c != '_' {
			break
		}
		seenDot = seenDot || dot
		l.pos++
	}
	l.emit(tNumber, strings.ReplaceAll(l.src[start:l.pos], "_", ""))
}

var escapes = map[byte]string{'n': "\n", 't': "\t", 'r': "\r", '\\': "\\", '\'': "'", '"': "\""}

func (l *lexer) str(quote byte) error {
	var b strings.Builder
	line := l.line
	for i := l.pos + 1; i < len(l.src); i++ {
		c := l.src[i]
		switch {
		case c == quote:
			l.pos = i + 1
			l.toks = append(l.toks, token{kind: tString, val: b.String(), line: line})
			return nil
		case c == '\\' && i+1 < len(l.src):
			i++
			if e, ok := escapes[l.src[i]]; ok {
				b.WriteString(e)
			} else {
				b.WriteByte('\\')
				b.WriteByte(l.src[i])
			}
		default:
			if c == '\n' {
				l.line++
			}
			b.WriteByte(c)
		}
	}
	return syntaxErr(line, "string is not closed")
}
