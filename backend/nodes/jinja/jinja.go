// Package jinja is a small, sandboxed subset of Jinja2, enough for the
// template-transform node of Dify apps:
//
//   - output {{ expr }}, comments {# … #}, whitespace control {{- … -}};
//   - {% if %}/{% elif %}/{% else %}/{% endif %};
//   - {% for x in items %} and {% for k, v in d.items() %} with loop.index,
//     loop.index0, loop.revindex, loop.first, loop.last, loop.length and an
//     optional {% else %} for empty sequences;
//   - {% set name = expr %};
//   - expressions: literals (strings, numbers, true/false/none, lists),
//     names, attribute and index access, + - * / // % ~, comparisons, in,
//     not in, and, or, not, "a if cond else b", tests (is defined, is none,
//     is number, is string, is odd, is even, …);
//   - filters (see filters.go) and a few read-only methods on strings and
//     mappings (items, keys, values, get, upper, lower, strip, split, …).
//
// It is a sandbox by construction: templates only see the plain data they
// are given (strings, float64, bool, nil, map[string]any, []any), there is
// no way to call Go code beyond the listed filters and methods, and every
// render is bounded by Limits (output size, loop iterations, nesting).
// Mappings iterate in sorted key order, so output is deterministic.
package jinja

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinels callers may branch on.
var (
	ErrSyntax = errors.New("template syntax error")
	ErrRender = errors.New("template render error")
	ErrLimit  = errors.New("template limit exceeded")
)

// Limits bound one render (and the size of a template at Parse).
type Limits struct {
	MaxOutput     int // bytes of output
	MaxIterations int // loop iterations, all loops of a render together
	MaxDepth      int // nesting of blocks and expressions
}

// DefaultLimits are generous for legal text and small enough for a laptop.
var DefaultLimits = Limits{MaxOutput: 400_000, MaxIterations: 10_000, MaxDepth: 64}

// MaxSource is the largest template Parse accepts, in bytes.
const MaxSource = 200_000

// Template is a parsed template; it is immutable and safe for concurrent
// renders.
type Template struct {
	body []node
	src  string
}

// Parse compiles src. Errors wrap ErrSyntax (or ErrLimit for a template
// that is too large or nested too deep) and give the line.
func Parse(src string) (*Template, error) {
	if len(src) > MaxSource {
		return nil, fmt.Errorf("parse template: %d bytes, the limit is %d: %w", len(src), MaxSource, ErrLimit)
	}
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks, src: src, maxDepth: DefaultLimits.MaxDepth}
	body, err := p.parseBody(nil)
	if err != nil {
		return nil, err
	}
	return &Template{body: body, src: src}, nil
}

// Source is the template text.
func (t *Template) Source() string { return t.src }

// Names lists the top-level names the template reads (not those it sets or
// loops over), in order of first use.
func (t *Template) Names() []string {
	c := &nameCollector{bound: map[string]int{}}
	c.nodes(t.body)
	return c.names
}

// Render runs the template over vars. Zero limits take DefaultLimits.
func (t *Template) Render(vars map[string]any, lim Limits) (string, error) {
	lim = lim.orDefault()
	s := &state{lim: lim, scopes: []map[string]any{normalizeMap(vars)}}
	if err := s.run(t.body, 0); err != nil {
		return "", err
	}
	return s.out.String(), nil
}

func (l Limits) orDefault() Limits {
	if l.MaxOutput <= 0 {
		l.MaxOutput = DefaultLimits.MaxOutput
	}
	if l.MaxIterations <= 0 {
		l.MaxIterations = DefaultLimits.MaxIterations
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultLimits.MaxDepth
	}
	return l
}

// state is one render.
type state struct {
	lim    Limits
	out    strings.Builder
	iters  int
	scopes []map[string]any
}

func (s *state) write(text string) error {
	if s.out.Len()+len(text) > s.lim.MaxOutput {
		return fmt.Errorf("render template: output over %d bytes: %w", s.lim.MaxOutput, ErrLimit)
	}
	s.out.WriteString(text)
	return nil
}

func (s *state) lookup(name string) (any, bool) {
	for i := len(s.scopes) - 1; i >= 0; i-- {
		if v, ok := s.scopes[i][name]; ok {
			return v, true
		}
	}
	return nil, false
}

func (s *state) push(m map[string]any) { s.scopes = append(s.scopes, m) }
func (s *state) pop()                  { s.scopes = s.scopes[:len(s.scopes)-1] }

func renderErr(line int, format string, args ...any) error {
	return fmt.Errorf("render template: line %d: %s: %w", line, fmt.Sprintf(format, args...), ErrRender)
}
