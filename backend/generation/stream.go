package generation

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// answerStream turns the streamed content of a JSON reply into the text of
// its "answer" field as it arrives, so the user watches the answer being
// written instead of JSON. A reply that does not start like JSON streams as
// it is. The checked answer replaces the streamed one at the end.
type answerStream struct {
	emit    func(string) error
	buf     strings.Builder
	sent    int // bytes of answer text already emitted
	decided bool
	prose   bool
}

var answerKey = regexp.MustCompile(`"answer"\s*:\s*"`)

func newAnswerStream(emit func(string) error) *answerStream { return &answerStream{emit: emit} }

// write takes one content delta.
func (a *answerStream) write(delta string) error {
	if a.emit == nil || delta == "" {
		return nil
	}
	if a.decided && a.prose {
		return a.emit(delta)
	}
	a.buf.WriteString(delta)
	text := a.buf.String()
	if !a.decided {
		t := strings.TrimSpace(text)
		if t == "" {
			return nil
		}
		a.decided, a.prose = true, !(t[0] == '{' || t[0] == '`')
		if a.prose {
			return a.emit(text)
		}
	}
	loc := answerKey.FindStringIndex(text)
	if loc == nil {
		return nil
	}
	answer := decodePartialString(text[loc[1]:])
	if len(answer) <= a.sent {
		return nil
	}
	chunk := answer[a.sent:]
	a.sent = len(answer)
	return a.emit(chunk)
}

// decodePartialString decodes a JSON string body up to its closing quote or
// as far as it is complete, stopping before an escape cut in half.
func decodePartialString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			return b.String()
		case c != '\\':
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 && !utf8.FullRuneInString(s[i:]) {
				return b.String() // a character cut between deltas
			}
			b.WriteString(s[i : i+size])
			i += size
			continue
		case i+1 >= len(s):
			return b.String()
		}
		n, r := unescape(s[i:])
		if n == 0 {
			return b.String()
		}
		b.WriteRune(r)
		i += n
	}
	return b.String()
}

// unescape reads one escape at the start of s and returns its length (0 when incomplete).
func unescape(s string) (int, rune) {
	switch s[1] {
	case 'n':
		return 2, '\n'
	case 't':
		return 2, '\t'
	case 'r':
		return 2, '\r'
	case 'b':
		return 2, '\b'
	case 'f':
		return 2, '\f'
	case 'u':
		return unescapeUnicode(s)
	default:
		return 2, rune(s[1]) // \" \\ \/
	}
}

func unescapeUnicode(s string) (int, rune) {
	if len(s) < 6 {
		return 0, 0
	}
	v, err := strconv.ParseUint(s[2:6], 16, 32)
	if err != nil {
		return 6, utf8.RuneError
	}
	r := rune(v)
	if !utf16.IsSurrogate(r) {
		return 6, r
	}
	if len(s) < 12 {
		return 0, 0
	}
	lo, err := strconv.ParseUint(s[8:12], 16, 32)
	if err != nil || s[6:8] != `\u` {
		return 6, utf8.RuneError
	}
	return 12, utf16.DecodeRune(r, rune(lo))
}
