package python

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-python/gpython/py"
)

// pattern is re's compiled Pattern; match and fullmatch use anchored
// copies, as RE2 has no "match here only" mode.
type pattern struct {
	re, anchored, full *regexp.Regexp
}

var patternType = py.NewType("re.Pattern", "a compiled regular expression")

func (*pattern) Type() *py.Type { return patternType }

func newPattern(source string, flags int) (*pattern, error) {
	re, err := compilePattern(source, flags)
	if err != nil {
		return nil, err
	}
	return &pattern{re: re}, nil
}

// anchoredRE and fullRE are compiled on first use: the module's functions
// make a pattern per call, and most calls search. re's own source carries
// the flags as a prefix group.
func (p *pattern) anchoredRE() *regexp.Regexp {
	if p.anchored == nil {
		p.anchored = regexp.MustCompile(`\A(?:` + p.re.String() + `)`)
	}
	return p.anchored
}

func (p *pattern) fullRE() *regexp.Regexp {
	if p.full == nil {
		p.full = regexp.MustCompile(`\A(?:` + p.re.String() + `)\z`)
	}
	return p.full
}

// patternMethods are Pattern's methods; the module's functions call them.
var patternMethods = map[string]func(*pattern, py.Tuple, py.StringDict) (py.Object, error){
	"search":    func(p *pattern, a py.Tuple, k py.StringDict) (py.Object, error) { return p.find(p.re, a, k) },
	"match":     func(p *pattern, a py.Tuple, k py.StringDict) (py.Object, error) { return p.find(p.anchoredRE(), a, k) },
	"fullmatch": func(p *pattern, a py.Tuple, k py.StringDict) (py.Object, error) { return p.find(p.fullRE(), a, k) },
	"findall":   (*pattern).findall,
	"finditer":  (*pattern).finditer,
	"sub":       (*pattern).sub,
	"split":     (*pattern).split,
}

func addPatternMethods() {
	for name, m := range patternMethods {
		patternType.Dict[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return m(self.(*pattern), args, kwargs)
		}, 0, "")
	}
}

func (p *pattern) find(re *regexp.Regexp, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	s, err := stringArgument(args, kwargs, 0, "string")
	if err != nil {
		return nil, err
	}
	idx := re.FindStringSubmatchIndex(s)
	if idx == nil {
		return py.None, nil
	}
	return &match{s: s, idx: idx, re: p.re}, nil
}

func (p *pattern) findall(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	s, err := stringArgument(args, kwargs, 0, "string")
	if err != nil {
		return nil, err
	}
	out := py.NewList()
	for _, idx := range p.re.FindAllStringSubmatchIndex(s, -1) {
		m := &match{s: s, idx: idx, re: p.re}
		switch n := p.re.NumSubexp(); n {
		case 0:
			out.Append(m.group(0, py.String("")))
		case 1:
			out.Append(m.group(1, py.String("")))
		default:
			out.Append(m.groups(py.String("")))
		}
	}
	return out, nil
}

func (p *pattern) finditer(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	s, err := stringArgument(args, kwargs, 0, "string")
	if err != nil {
		return nil, err
	}
	out := py.NewList()
	for _, idx := range p.re.FindAllStringSubmatchIndex(s, -1) {
		out.Append(&match{s: s, idx: idx, re: p.re})
	}
	return out, nil
}

func (p *pattern) sub(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	repl, _ := argument(args, kwargs, 0, "repl")
	s, err := stringArgument(args, kwargs, 1, "string")
	if err != nil {
		return nil, err
	}
	count := intArgument(args, kwargs, 2, "count")
	if count == 0 {
		count = -1
	}
	var b strings.Builder
	last := 0
	for _, idx := range p.re.FindAllStringSubmatchIndex(s, count) {
		b.WriteString(s[last:idx[0]])
		r, err := replacement(repl, &match{s: s, idx: idx, re: p.re})
		if err != nil {
			return nil, err
		}
		b.WriteString(r)
		last = idx[1]
	}
	b.WriteString(s[last:])
	return py.String(b.String()), nil
}

// replacement is what one match is replaced with: repl called with the
// match, or repl as a template with \1, \g<1>, \g<name> and escapes.
func replacement(repl py.Object, m *match) (string, error) {
	if tmpl, ok := repl.(py.String); ok {
		return m.expand(string(tmpl)), nil
	}
	r, err := py.Call(repl, py.Tuple{m}, nil)
	if err != nil {
		return "", err
	}
	s, ok := r.(py.String)
	if !ok {
		return "", py.ExceptionNewf(py.TypeError, "expected str instance, %s found", r.Type().Name)
	}
	return string(s), nil
}

func (p *pattern) split(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	s, err := stringArgument(args, kwargs, 0, "string")
	if err != nil {
		return nil, err
	}
	max := intArgument(args, kwargs, 1, "maxsplit")
	if max == 0 {
		max = -1
	}
	out := py.NewList()
	last := 0
	for _, idx := range p.re.FindAllStringSubmatchIndex(s, max) {
		out.Append(py.String(s[last:idx[0]]))
		m := &match{s: s, idx: idx, re: p.re}
		for g := 1; g <= p.re.NumSubexp(); g++ {
			out.Append(m.group(g, py.None))
		}
		last = idx[1]
	}
	out.Append(py.String(s[last:]))
	return out, nil
}

// match is re's Match.
type match struct {
	s   string
	idx []int // byte offsets, as regexp returns them
	re  *regexp.Regexp
}

var matchType = py.NewType("re.Match", "the result of a successful match")

func (*match) Type() *py.Type { return matchType }

func addMatchMethods() {
	matchType.Dict["group"] = py.MustNewMethod("group", func(self py.Object, args py.Tuple) (py.Object, error) {
		m := self.(*match)
		if len(args) == 0 {
			return m.group(0, py.None), nil
		}
		items := make(py.Tuple, len(args))
		for i, a := range args {
			g, err := m.groupIndex(a)
			if err != nil {
				return nil, err
			}
			items[i] = m.group(g, py.None)
		}
		if len(items) == 1 {
			return items[0], nil
		}
		return items, nil
	}, 0, "group(*groups)")
	matchType.Dict["groups"] = py.MustNewMethod("groups", func(self py.Object, args py.Tuple) (py.Object, error) {
		var def py.Object = py.None
		if len(args) > 0 {
			def = args[0]
		}
		return self.(*match).groups(def), nil
	}, 0, "groups(default=None)")
	matchType.Dict["groupdict"] = py.MustNewMethod("groupdict", func(self py.Object, args py.Tuple) (py.Object, error) {
		m := self.(*match)
		d := py.NewStringDict()
		for i, name := range m.re.SubexpNames() {
			if name != "" {
				d[name] = m.group(i, py.None)
			}
		}
		return d, nil
	}, 0, "groupdict()")
	for name, end := range map[string]int{"start": 0, "end": 1} {
		matchType.Dict[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple) (py.Object, error) {
			m := self.(*match)
			g := 0
			if len(args) > 0 {
				var err error
				if g, err = m.groupIndex(args[0]); err != nil {
					return nil, err
				}
			}
			return m.pos(g, end), nil
		}, 0, name+"(group=0)")
	}
	matchType.Dict["span"] = py.MustNewMethod("span", func(self py.Object, args py.Tuple) (py.Object, error) {
		m := self.(*match)
		return py.Tuple{m.pos(0, 0), m.pos(0, 1)}, nil
	}, 0, "span()")
}

// groupIndex is the number of the group a names (a number or a name).
func (m *match) groupIndex(a py.Object) (int, error) {
	switch v := a.(type) {
	case py.Int:
		if int(v) >= 0 && int(v) <= m.re.NumSubexp() {
			return int(v), nil
		}
	case py.String:
		if i := m.re.SubexpIndex(string(v)); i >= 0 {
			return i, nil
		}
	}
	return 0, py.ExceptionNewf(py.IndexError, "no such group")
}

func (m *match) group(g int, unmatched py.Object) py.Object {
	if m.idx[2*g] < 0 {
		return unmatched
	}
	return py.String(m.s[m.idx[2*g]:m.idx[2*g+1]])
}

func (m *match) groups(unmatched py.Object) py.Tuple {
	out := make(py.Tuple, m.re.NumSubexp())
	for i := range out {
		out[i] = m.group(i+1, unmatched)
	}
	return out
}

// pos is a group's start (end 0) or end (end 1) in runes, as Python counts.
func (m *match) pos(g, end int) py.Object {
	off := m.idx[2*g+end]
	if off < 0 {
		return py.Int(-1)
	}
	return py.Int(utf8.RuneCountInString(m.s[:off]))
}

// expand fills a Python replacement template.
func (m *match) expand(tmpl string) string {
	var b strings.Builder
	for i := 0; i < len(tmpl); i++ {
		c := tmpl[i]
		if c != '\\' || i+1 == len(tmpl) {
			b.WriteByte(c)
			continue
		}
		i++
		switch next := tmpl[i]; {
		case next >= '0' && next <= '9':
			j := i + 1
			if j < len(tmpl) && tmpl[j] >= '0' && tmpl[j] <= '9' {
				j++
			}
			n, _ := strconv.Atoi(tmpl[i:j])
			m.writeGroup(&b, py.Int(n))
			i = j - 1
		case next == 'g' && i+1 < len(tmpl) && tmpl[i+1] == '<':
			close := strings.IndexByte(tmpl[i:], '>')
			if close < 0 {
				b.WriteString(`\g`)
				continue
			}
			ref := tmpl[i+2 : i+close]
			if n, err := strconv.Atoi(ref); err == nil {
				m.writeGroup(&b, py.Int(n))
			} else {
				m.writeGroup(&b, py.String(ref))
			}
			i += close
		default:
			b.WriteString(unescape(next))
		}
	}
	return b.String()
}

func (m *match) writeGroup(b *strings.Builder, ref py.Object) {
	if g, err := m.groupIndex(ref); err == nil {
		if s, ok := m.group(g, py.String("")).(py.String); ok {
			b.WriteString(string(s))
		}
	}
}

func unescape(c byte) string {
	switch c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	case 'r':
		return "\r"
	case '\\':
		return `\`
	}
	return `\` + string(c)
}
