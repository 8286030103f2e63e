package store

import (
	"cmp"
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// A run's events are kept in pages (see migration 0011): a row of
// run_event_pages holds a stretch of a run's events, in seq order, as a JSON
// array of [seq, type, node_id, created_at, payload]. A recorder batch is one
// page (or a few, at pageEvents each), so an event costs some bytes of a page
// rather than an insert of its own. This file writes and reads that format.
//
// The payload is the JSON object itself when it is one (every payload the
// recorder writes is), checked strictly by rawObject, so it costs a copy
// rather than escaping; anything else, as migration 0011 wrote every payload,
// is a JSON string of its bytes. Either way a page is JSON that SQLite reads,
// and the reader gives each payload back byte for byte. Builds before schema
// 13 read only the string form, and refuse a database of schema 13.

// pageEvents is the most events a page holds: replay from the middle of a
// page decodes the whole page, so a huge batch is cut into several.
const pageEvents = 256

// Statements on the recording connection (see runConn).
const (
	savePageSQL = `INSERT INTO run_event_pages (run_id, last_seq, first_seq, created_at, events) VALUES (?1, ?, ?, ?, ?)`
	lastSeqSQL  = `SELECT MAX(last_seq) FROM run_event_pages WHERE run_id = ?1`
	// The pages that may hold events seq ?2 to ?3.
	pagesBetweenSQL = `SELECT events FROM run_event_pages WHERE run_id = ?1 AND last_seq >= ?2 AND first_seq <= ?3`
)

// saveEvents writes a batch's events as pages, a run at a time. An event
// already stored (a batch written again) is left as it is, as is a second
// event of the same seq in the batch: the first one stored wins.
func (rc *runConn) saveEvents(ctx context.Context, c driver.Conn, events []RunEvent) error {
	for len(events) > 0 {
		n := sameRun(events, func(e *RunEvent) string { return e.RunID })
		fresh, err := rc.unstored(ctx, c, events[:n])
		if err != nil {
			return err
		}
		for len(fresh) > 0 {
			k := min(len(fresh), pageEvents)
			if err := rc.savePage(ctx, c, fresh[:k]); err != nil {
				return err
			}
			fresh = fresh[k:]
		}
		events = events[n:]
	}
	return nil
}

// unstored returns a run's events in seq order without repeated seqs or
// ones already stored, in a buffer of rc's that the next call reuses. The
// recorder sends each event once and in order, after every stored one: then
// this costs one index lookup.
func (rc *runConn) unstored(ctx context.Context, c driver.Conn, events []RunEvent) ([]RunEvent, error) {
	fresh := append(rc.fresh[:0], events...)
	rc.fresh = fresh
	if !slices.IsSortedFunc(fresh, bySeq) {
		slices.SortStableFunc(fresh, bySeq)
	}
	fresh = slices.CompactFunc(fresh, func(a, b RunEvent) bool { return a.Seq == b.Seq })
	last, found, err := rc.lastSeq(ctx, c, fresh[0].RunID)
	if err != nil || !found || fresh[0].Seq > last {
		return fresh, err
	}
	stored, err := rc.storedSeqs(ctx, c, fresh[0].RunID, fresh[0].Seq, fresh[len(fresh)-1].Seq)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(fresh, func(e RunEvent) bool { return stored[e.Seq] }), nil
}

func bySeq(a, b RunEvent) int { return cmp.Compare(a.Seq, b.Seq) }

// lastSeq is the largest seq stored for the run; found is false if it has none.
func (rc *runConn) lastSeq(ctx context.Context, c driver.Conn, runID string) (last int64, found bool, err error) {
	err = rc.query(ctx, c, lastSeqSQL, append(rc.args[:0], runID), func(row []driver.Value) error {
		last, found = row[0].(int64)
		return nil
	})
	return last, found, err
}

// storedSeqs is the set of the run's stored seqs from first to last.
func (rc *runConn) storedSeqs(ctx context.Context, c driver.Conn, runID string, first, last int64) (map[int64]bool, error) {
	stored := map[int64]bool{}
	err := rc.query(ctx, c, pagesBetweenSQL, append(rc.args[:0], runID, first, last), func(row []driver.Value) error {
		page, _ := row[0].(string)
		events, err := decodePage(nil, runID, page, first-1)
		for _, e := range events {
			stored[e.Seq] = true
		}
		return err
	})
	return stored, err
}

// savePage inserts events, of one run and in seq order, as one page.
func (rc *runConn) savePage(ctx context.Context, c driver.Conn, events []RunEvent) error {
	latest := events[0].CreatedAt
	for _, e := range events[1:] {
		if e.CreatedAt.After(latest) {
			latest = e.CreatedAt
		}
	}
	rc.page = appendPage(rc.page[:0], events)
	// The page is bound as a string over rc.page's bytes, not a copy of them:
	// the driver binds a text as SQLITE_TRANSIENT, so SQLite copies it before
	// exec returns, and rc.page is not touched again until the next page.
	page := unsafe.String(unsafe.SliceData(rc.page), len(rc.page))
	return rc.exec(ctx, c, savePageSQL, 1,
		append(rc.args[:0], events[0].RunID, events[len(events)-1].Seq, events[0].Seq, timeText(latest), page))
}

// appendPage appends the JSON of a page holding events.
func appendPage(b []byte, events []RunEvent) []byte {
	b = append(b, '[')
	for i := range events {
		e := &events[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, e.Seq, 10)
		b = append(b, ',')
		b = appendJSONString(b, e.Type)
		b = append(b, ',')
		b = appendJSONString(b, e.NodeID)
		b = append(b, ',', '"')
		b = appendTimeText(b, e.CreatedAt)
		b = append(b, '"', ',')
		if rawObject(e.Payload) {
			b = append(b, e.Payload...)
		} else {
			b = appendJSONString(b, e.Payload)
		}
		b = append(b, ']')
	}
	return append(b, ']')
}

// appendJSONString appends s as a JSON string, escaping only what JSON
// requires (quote, backslash, control characters): every other byte, valid
// UTF-8 or not, is kept as it is, so decoding gives s back exactly. Payloads
// are JSON, full of quotes: bytes are copied one by one into room made
// up front, cheaper than appending the stretches between escapes.
func appendJSONString(b []byte, s string) []byte {
	b = slices.Grow(b, len(s)+len(s)/8+2)
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !jsonEscaped[c] {
			b = append(b, c)
			continue
		}
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
	}
	return append(b, '"')
}

// jsonEscaped marks the bytes a JSON string must escape.
var jsonEscaped = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

const hexDigits = "0123456789abcdef"

// jsonPlain marks the ASCII bytes a JSON string holds as they are.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = !jsonEscaped[c]
	}
	return t
}()

// rawObject reports whether s goes into a page as it is: a JSON object with
// nothing around it, valid by RFC 8259 (stricter than SQLite, which also
// takes JSON5), nested at most maxRawDepth deep (SQLite takes 1,000), its
// strings valid UTF-8. It is cheaper than escaping s, which it spares.
func rawObject(s string) bool {
	if len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return false
	}
	v := jsonChecker{pageReader{s: s}}
	return v.value(0) && v.i == len(s)
}

const maxRawDepth = 64

// jsonChecker checks JSON text from i on; it moves as pageReader does.
type jsonChecker struct{ pageReader }

// value checks one value, at the given depth of objects and arrays.
func (v *jsonChecker) value(depth int) bool {
	v.skipSpace()
	if v.i >= len(v.s) {
		return false
	}
	switch c := v.s[v.i]; {
	case c == '{', c == '[':
		if depth >= maxRawDepth {
			return false
		}
		v.i++
		end := byte(']')
		if c == '{' {
			end = '}'
		}
		if v.peek(end) {
			return true
		}
		for {
			if c == '{' && !(v.peek('"') && v.checkStr() && v.peek(':')) {
				return false
			}
			if !v.value(depth + 1) {
				return false
			}
			if v.peek(end) {
				return true
			}
			if !v.peek(',') {
				return false
			}
		}
	case c == '"':
		v.i++
		return v.checkStr()
	case c == 't':
		return v.word("true")
	case c == 'f':
		return v.word("false")
	case c == 'n':
		return v.word("null")
	default:
		return v.number()
	}
}

// checkStr checks the rest of a string whose opening quote is taken. It
// works on locals: through v, every step would store i back to memory.
func (v *jsonChecker) checkStr() bool {
	s, i, ascii := v.s, v.i, true
	for i < len(s) {
		c := s[i]
		if jsonPlain[c] {
			i++
			continue
		}
		switch {
		case c >= utf8.RuneSelf:
			ascii = false
			i++
			continue
		case c == '"':
			ok := ascii || utf8.ValidString(s[v.i:i])
			v.i = i + 1
			return ok
		case c != '\\' || i+1 >= len(s): // a control character, or a cut escape
			return false
		}
		switch s[i+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			i += 2
		case 'u':
			if i+6 > len(s) {
				return false
			}
			for _, h := range []byte(s[i+2 : i+6]) {
				if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
					return false
				}
			}
			i += 6
		default:
			return false
		}
	}
	return false
}

func (v *jsonChecker) word(w string) bool {
	if len(v.s)-v.i < len(w) || v.s[v.i:v.i+len(w)] != w {
		return false
	}
	v.i += len(w)
	return true
}

// number checks -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func (v *jsonChecker) number() bool {
	if v.i < len(v.s) && v.s[v.i] == '-' {
		v.i++
	}
	switch {
	case v.i < len(v.s) && v.s[v.i] == '0':
		v.i++
	case !v.digits():
		return false
	}
	if v.i < len(v.s) && v.s[v.i] == '.' {
		v.i++
		if !v.digits() {
			return false
		}
	}
	if v.i < len(v.s) && (v.s[v.i] == 'e' || v.s[v.i] == 'E') {
		v.i++
		if v.i < len(v.s) && (v.s[v.i] == '+' || v.s[v.i] == '-') {
			v.i++
		}
		return v.digits()
	}
	return true
}

// digits takes one digit or more.
func (v *jsonChecker) digits() bool {
	start := v.i
	for v.i < len(v.s) && '0' <= v.s[v.i] && v.s[v.i] <= '9' {
		v.i++
	}
	return v.i > start
}

var errBadPage = errors.New("malformed run event page")

// decodePage appends to out the events of a page of the run runID whose seq
// is greater than after. It reads what appendPage writes and what SQLite's
// json_array writes (migration 0009): the same layout, any JSON escapes.
func decodePage(out []RunEvent, runID, page string, after int64) ([]RunEvent, error) {
	r := pageReader{s: page}
	r.expect('[')
	for more := !r.peek(']'); more && r.err == nil; more = r.next(',', ']') {
		r.expect('[')
		e := RunEvent{RunID: runID, Seq: r.int()}
		r.expect(',')
		if e.Seq <= after { // skip, but still check it is well formed
			for more := true; more && r.err == nil; more = r.next(',', ']') {
				r.skipMember()
			}
			continue
		}
		e.Type = r.str()
		r.expect(',')
		e.NodeID = r.str()
		r.expect(',')
		e.CreatedAt = parseTime(r.str())
		r.expect(',')
		e.Payload = r.payload()
		r.expect(']')
		out = append(out, e)
	}
	if r.err != nil {
		return out, fmt.Errorf("run %s: %w", runID, r.err)
	}
	return out, nil
}

// pageReader reads a page's JSON; err keeps the first thing out of place.
type pageReader struct {
	s   string
	i   int
	err error
}

func (r *pageReader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("%w at byte %d", errBadPage, r.i)
	}
	r.i = len(r.s)
}

// skipSpace skips the white space JSON allows between tokens; neither writer
// puts any there, but a page is JSON and may be rewritten as such.
func (r *pageReader) skipSpace() {
	for r.i < len(r.s) && (r.s[r.i] == ' ' || r.s[r.i] == '\n' || r.s[r.i] == '\r' || r.s[r.i] == '\t') {
		r.i++
	}
}

// peek reports whether c is next, and takes it if so.
func (r *pageReader) peek(c byte) bool {
	r.skipSpace()
	if r.i < len(r.s) && r.s[r.i] == c {
		r.i++
		return true
	}
	return false
}

func (r *pageReader) expect(c byte) {
	if !r.peek(c) {
		r.fail()
	}
}

// next takes more or end, reporting whether it was more.
func (r *pageReader) next(more, end byte) bool {
	if r.peek(more) {
		return true
	}
	r.expect(end)
	return false
}

func (r *pageReader) int() int64 {
	r.skipSpace()
	start := r.i
	for r.i < len(r.s) && (r.s[r.i] == '-' || r.s[r.i] >= '0' && r.s[r.i] <= '9') {
		r.i++
	}
	n, err := strconv.ParseInt(r.s[start:r.i], 10, 64)
	if err != nil {
		r.fail()
	}
	return n
}

// str reads a JSON string: a slice of the page when it has no escapes.
func (r *pageReader) str() string {
	r.expect('"')
	start := r.i
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case '"':
			r.i++
			return r.s[start : r.i-1]
		case '\\':
			return r.unescape(start)
		}
		r.i++
	}
	r.fail()
	return ""
}

// payload reads an event's payload: a string's bytes, or the text of the
// object stored as it is.
func (r *pageReader) payload() string {
	r.skipSpace()
	if r.i < len(r.s) && r.s[r.i] == '{' {
		start := r.i
		r.skipObject()
		return r.s[start:r.i]
	}
	return r.str()
}

// skipMember reads past an event's member: a string, or a payload object.
func (r *pageReader) skipMember() {
	r.skipSpace()
	if r.i < len(r.s) && r.s[r.i] == '{' {
		r.skipObject()
		return
	}
	r.skipStr()
}

// skipObject reads past a JSON object, counting brackets outside strings;
// what is inside was checked when the page was written.
func (r *pageReader) skipObject() {
	depth := 0
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case '"':
			r.skipStr()
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				r.i++
				return
			}
		}
		r.i++
	}
	r.fail()
}

// skipStr reads past a JSON string.
func (r *pageReader) skipStr() {
	r.expect('"')
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case '"':
			r.i++
			return
		case '\\':
			r.i++
		}
		r.i++
	}
	r.fail()
}

// unescape reads the rest of a string that starts at start and has an
// escape at r.i.
func (r *pageReader) unescape(start int) string {
	b := []byte(r.s[start:r.i])
	for r.i < len(r.s) {
		c := r.s[r.i]
		r.i++
		switch {
		case c == '"':
			return string(b)
		case c != '\\':
			b = append(b, c)
		case r.i < len(r.s) && r.s[r.i] == 'u':
			r.i++
			b = utf8.AppendRune(b, r.escapedRune())
		case r.i < len(r.s):
			e := r.s[r.i]
			r.i++
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			default:
				r.fail()
			}
		}
	}
	r.fail()
	return ""
}

// escapedRune reads the four hex digits after \u, and a low surrogate's
// \uXXXX after a high one.
func (r *pageReader) escapedRune() rune {
	c := r.hex4()
	if utf16.IsSurrogate(c) && r.i+6 <= len(r.s) && r.s[r.i] == '\\' && r.s[r.i+1] == 'u' {
		r.i += 2
		if pair := utf16.DecodeRune(c, r.hex4()); pair != utf8.RuneError {
			return pair
		}
		r.i -= 6 // not a pair: the second escape stands alone
	}
	return c
}

func (r *pageReader) hex4() rune {
	if r.i+4 > len(r.s) {
		r.fail()
		return utf8.RuneError
	}
	n, err := strconv.ParseUint(r.s[r.i:r.i+4], 16, 16)
	if err != nil {
		r.fail()
	}
	r.i += 4
	return rune(n)
}
