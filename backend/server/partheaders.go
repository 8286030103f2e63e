package server

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

// Header limits of one part: a header past them is that part's error.
const (
	maxPartHeaderBytes = 16 << 10
	maxPartHeaderLines = 64
)

// Part header problems, as the uploader reads them.
const (
	problemMalform  = "the part's header is malformed"
	problemTooLarge = "the part's header is too large"
)

// partHeaders sits between a multipart body and mime/multipart's reader. One
// part whose header holds a raw control character (a NUL or a line break in
// its file name) stops that reader for good, losing every part after it; this
// reader rewrites such a header into one the multipart reader accepts (the
// bad bytes become U+FFFD, a broken line is joined back, a bad line dropped)
// and notes the part's problem, so the upload refuses that part alone. Part
// bodies pass through untouched.
type partHeaders struct {
	src      *bufio.Reader
	delim    []byte // "--" + boundary
	nl       []byte // the body's line ending: CRLF, or LF if the first delimiter ends so
	lineEnd  bool   // the last byte passed ended a line with nl
	pending  []byte
	parts    int            // header blocks seen so far
	problems map[int]string // part index (from 0) → what was wrong with its header
}

func newPartHeaders(body io.Reader, boundary string) *partHeaders {
	return &partHeaders{src: bufio.NewReaderSize(body, 64<<10), delim: []byte("--" + boundary),
		nl: []byte("\r\n"), lineEnd: true, problems: map[int]string{}}
}

// problem is what was wrong with part i's header, or "".
func (p *partHeaders) problem(i int) string { return p.problems[i] }

func (p *partHeaders) Read(b []byte) (int, error) {
	for len(p.pending) == 0 {
		if err := p.next(); err != nil {
			return 0, err
		}
	}
	n := copy(b, p.pending)
	p.pending = p.pending[n:]
	return n, nil
}

// next reads the next line (or a long line's next piece) into pending,
// repairing the header block that follows a delimiter line.
func (p *partHeaders) next() error {
	atStart := p.lineEnd
	line, err := p.src.ReadSlice('\n')
	if len(line) == 0 {
		if err == bufio.ErrBufferFull {
			err = nil
		}
		return err
	}
	// Before the first part (the preamble) any line break starts a line;
	// after it, a delimiter must follow the body's line ending.
	p.lineEnd = bytes.HasSuffix(line, p.nl) || p.parts == 0 && bytes.HasSuffix(line, []byte("\n"))
	if atStart && p.isDelimiter(line) {
		p.pending = append(append([]byte(nil), line...), p.header()...)
		p.lineEnd = false // a part's body starts after its header
		return nil
	}
	p.pending = line
	return nil
}

// isDelimiter mirrors mime/multipart: the delimiter, optional spaces or tabs,
// then the line ending, which a first delimiter ending in a bare "\n" sets
// for the whole body; "--boundary--" ends the body and starts no header.
func (p *partHeaders) isDelimiter(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, p.delim)
	if !ok {
		return false
	}
	rest = bytes.TrimLeft(rest, " \t")
	if p.parts == 0 && string(rest) == "\n" {
		p.nl = []byte("\n")
	}
	return bytes.Equal(rest, p.nl)
}

// header reads one part's header block up to its blank line and returns it
// in a form the multipart reader accepts, noting any problem for the part.
func (p *partHeaders) header() []byte {
	part := p.parts
	p.parts++
	var lines []string
	size, ended := 0, false
	for {
		raw, err := p.src.ReadSlice('\n')
		size += len(raw)
		text := strings.TrimRight(string(raw), "\r\n")
		if text == "" && len(raw) > 0 {
			ended = true
			break
		}
		if err != nil && err != bufio.ErrBufferFull {
			break // the body ends inside the header: the multipart reader says so
		}
		if size > maxPartHeaderBytes || len(lines) >= maxPartHeaderLines {
			p.note(part, problemTooLarge)
			continue // read on to the blank line, keeping nothing
		}
		lines = p.headerLine(part, lines, text)
	}
	if p.problems[part] == problemTooLarge {
		lines = nil
	}
	var out strings.Builder
	for _, l := range lines {
		out.WriteString(l + "\r\n")
	}
	if ended {
		out.WriteString("\r\n")
	}
	return []byte(out.String())
}

// headerLine adds one raw header line to lines, repaired.
func (p *partHeaders) headerLine(part int, lines []string, text string) []string {
	clean := strings.Map(func(r rune) rune {
		if r != '\t' && (r < 0x20 || r == 0x7f) {
			p.note(part, controlProblem(r))
			return '\uFFFD'
		}
		return r
	}, text)
	key, _, hasColon := strings.Cut(clean, ":")
	folded := strings.HasPrefix(clean, " ") || strings.HasPrefix(clean, "\t")
	switch {
	case !hasColon && len(lines) > 0 && !folded:
		// The rest of a line that a raw line break cut.
		p.note(part, controlProblem('\n'))
		lines[len(lines)-1] += "\uFFFD" + clean
	case !hasColon && len(lines) > 0:
		lines[len(lines)-1] += " " + strings.TrimLeft(clean, " \t") // an obsolete folded line
	case !hasColon || !headerToken(key):
		p.note(part, problemMalform)
	default:
		lines = append(lines, clean)
	}
	return lines
}

// controlProblem names a control character found in a part's header (the
// file name, in all but hand-made requests).
func controlProblem(r rune) string {
	what := fmt.Sprintf("the control character U+%04X", r)
	switch r {
	case 0:
		what = "a NUL character"
	case '\r', '\n':
		what = "a line break"
	}
	return "the file name holds " + what + ", which no file name may hold"
}

func (p *partHeaders) note(part int, problem string) {
	if p.problems[part] == "" {
		p.problems[part] = problem
	}
}

// headerToken reports whether key is a valid header field name (RFC 7230 token).
func headerToken(key string) bool {
	if key == "" {
		return false
	}
	for _, c := range []byte(key) {
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}
