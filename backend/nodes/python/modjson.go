package python

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-python/gpython/py"
)

// The json module: loads and dumps over encoding/json with Python's types.
// Differences from CPython's: dicts have no order in gpython, so dumps
// writes keys sorted; JSONDecodeError is a ValueError whose message says
// where, as CPython's does, but without pos/lineno attributes and with
// "Expecting value" for every input that ends too soon;
// dumps takes ensure_ascii and indent and ignores other options.
var jsonDecodeError = newType(py.ValueError, "json.JSONDecodeError", "invalid JSON")

// newType makes a subclass of base, ready so that isinstance and except
// clauses of its bases see it (an exception, or a type whose instances Go
// code makes). gpython's Type.NewType copies the base's "ready" flag, so
// Ready never computes the subclass's MRO and `except ValueError` would
// not catch it.
func newType(base *py.Type, name, doc string) *py.Type {
	t := base.NewTypeFlags(name, doc, nil, nil, base.Flags&^py.TPFLAGS_READY)
	if err := t.Ready(); err != nil {
		panic(err) // a fixed type of this package
	}
	return t
}

// registerJSON adds the module to gpython; only the child calls it.
func registerJSON() {
	py.RegisterModule(&py.ModuleImpl{
		Info: py.ModuleInfo{Name: "json", Doc: "JSON encoder and decoder"},
		Methods: []*py.Method{
			py.MustNewMethod("loads", jsonLoads, 0, "loads(s) -> object"),
			py.MustNewMethod("dumps", jsonDumps, 0, "dumps(obj, ensure_ascii=True, indent=None) -> str"),
		},
		Globals: py.StringDict{"JSONDecodeError": jsonDecodeError},
	})
}

// argument is the i-th positional argument or the keyword name, if given.
func argument(args py.Tuple, kwargs py.StringDict, i int, name string) (py.Object, bool) {
	if i < len(args) {
		return args[i], true
	}
	o, ok := kwargs[name]
	return o, ok
}

func stringArgument(args py.Tuple, kwargs py.StringDict, i int, name string) (string, error) {
	o, ok := argument(args, kwargs, i, name)
	if !ok {
		return "", py.ExceptionNewf(py.TypeError, "missing required argument '%s'", name)
	}
	s, ok := o.(py.String)
	if !ok {
		return "", py.ExceptionNewf(py.TypeError, "%s must be str, not %s", name, o.Type().Name)
	}
	return string(s), nil
}

func jsonLoads(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	s, err := stringArgument(args, kwargs, 0, "s")
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		msg, pos := decodeProblem(s, err)
		return nil, py.ExceptionNewf(jsonDecodeError, "%s", atPosition(s, msg, pos))
	}
	end := int(dec.InputOffset())
	if rest := strings.TrimLeft(s[end:], " \t\n\r"); rest != "" {
		return nil, py.ExceptionNewf(jsonDecodeError, "%s", atPosition(s, "Extra data", len(s)-len(rest)))
	}
	return toPy(x) // every decoded value converts
}

// decodeProblem words a decoding error as CPython's json does, with the
// byte offset it is at. Go's errors say less than CPython's scanner, so an
// input that ends too soon is always "Expecting value" at its end.
func decodeProblem(s string, err error) (string, int) {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return "Expecting value", len(s)
	}
	pos := max(int(se.Offset)-1, 0)
	text := se.Error()
	switch {
	case strings.Contains(text, "beginning of object key string"):
		return "Expecting property name enclosed in double quotes", pos
	case strings.Contains(text, "after object key:value pair"), strings.Contains(text, "after array element"):
		return "Expecting ',' delimiter", pos
	case strings.Contains(text, "after object key"):
		return "Expecting ':' delimiter", pos
	case strings.Contains(text, "in string"):
		return "Invalid control character at", pos
	}
	return "Expecting value", pos
}

// atPosition appends CPython's "line L column C (char N)", counted in
// characters from the byte offset pos.
func atPosition(s, msg string, pos int) string {
	before := s[:pos]
	line := strings.Count(before, "\n") + 1
	col := utf8.RuneCountInString(before[strings.LastIndex(before, "\n")+1:]) + 1
	return fmt.Sprintf("%s: line %d column %d (char %d)", msg, line, col, utf8.RuneCountInString(before))
}

// dumpOptions are the options of json.dumps this module honours.
type dumpOptions struct {
	ensureASCII bool
	indent      string // "" writes one line
	hasIndent   bool
}

func jsonDumps(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	obj, ok := argument(args, kwargs, 0, "obj")
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "dumps() missing required argument 'obj'")
	}
	opt := dumpOptions{ensureASCII: true}
	if v, ok := kwargs["ensure_ascii"]; ok {
		opt.ensureASCII = v != py.False && v != py.Int(0)
	}
	switch v := kwargs["indent"].(type) {
	case py.Int:
		opt.indent, opt.hasIndent = strings.Repeat(" ", int(v)), true
	case py.String:
		opt.indent, opt.hasIndent = string(v), true
	}
	var b strings.Builder
	if err := encodeJSON(&b, obj, opt, 0); err != nil {
		return nil, err
	}
	return py.String(b.String()), nil
}

func encodeJSON(b *strings.Builder, o py.Object, opt dumpOptions, level int) error {
	switch v := o.(type) {
	case py.NoneType:
		b.WriteString("null")
	case py.Bool:
		b.WriteString(strconv.FormatBool(bool(v)))
	case py.Int, *py.BigInt, py.Float:
		s, err := py.ReprAsString(v)
		if err != nil {
			return err
		}
		b.WriteString(s)
	case py.String:
		writeJSONString(b, string(v), opt.ensureASCII)
	case *py.List:
		return encodeJSONItems(b, v.Items, opt, level)
	case py.Tuple:
		return encodeJSONItems(b, v, opt, level)
	case py.StringDict:
		return encodeJSONDict(b, v, opt, level)
	default:
		return py.ExceptionNewf(py.TypeError, "Object of type %s is not JSON serializable", o.Type().Name)
	}
	return nil
}

func encodeJSONItems(b *strings.Builder, items []py.Object, opt dumpOptions, level int) error {
	if len(items) == 0 {
		b.WriteString("[]")
		return nil
	}
	b.WriteByte('[')
	for i, it := range items {
		writeSeparator(b, opt, level+1, i == 0)
		if err := encodeJSON(b, it, opt, level+1); err != nil {
			return err
		}
	}
	writeClose(b, opt, level, ']')
	return nil
}

func encodeJSONDict(b *strings.Builder, d py.StringDict, opt dumpOptions, level int) error {
	if len(d) == 0 {
		b.WriteString("{}")
		return nil
	}
	b.WriteByte('{')
	keys := slices.Sorted(maps.Keys(d))
	for i, k := range keys {
		writeSeparator(b, opt, level+1, i == 0)
		writeJSONString(b, k, opt.ensureASCII)
		b.WriteString(": ")
		if err := encodeJSON(b, d[k], opt, level+1); err != nil {
			return err
		}
	}
	writeClose(b, opt, level, '}')
	return nil
}

// writeSeparator writes what comes before an item: Python's ", " on one
// line, or "," and a new indented line.
func writeSeparator(b *strings.Builder, opt dumpOptions, level int, first bool) {
	if !first {
		b.WriteByte(',')
		if !opt.hasIndent {
			b.WriteByte(' ')
		}
	}
	if opt.hasIndent {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(opt.indent, level))
	}
}

func writeClose(b *strings.Builder, opt dumpOptions, level int, c byte) {
	if opt.hasIndent {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(opt.indent, level))
	}
	b.WriteByte(c)
}

// writeJSONString quotes s as Python's json does: \uXXXX (surrogate pairs
// beyond the BMP) for every non-ASCII rune when ensureASCII.
func writeJSONString(b *strings.Builder, s string, ensureASCII bool) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20 || (ensureASCII && r > 0x7e):
			writeUnicodeEscape(b, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

func writeUnicodeEscape(b *strings.Builder, r rune) {
	if r > 0xffff {
		r -= 0x10000
		fmt.Fprintf(b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		return
	}
	fmt.Fprintf(b, `\u%04x`, r)
}
