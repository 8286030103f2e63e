package jinja

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// args are a filter's arguments after its input.
type args struct {
	pos []any
	kw  map[string]any
}

// get returns argument i or the keyword name, else def.
func (a args) get(i int, name string, def any) any {
	if v, ok := a.kw[name]; ok {
		return v
	}
	if i < len(a.pos) {
		return a.pos[i]
	}
	return def
}

type filterFunc func(v any, a args) (any, error)

var errNotList = errors.New("needs a list")

// filterByName returns a supported Jinja2 filter.
func filterByName(name string) (filterFunc, bool) {
	switch name {
	case "join":
		return filterJoin, true
	case "length":
		return filterLength, true
	case "count":
		return filterLength, true
	case "upper":
		return stringFilter(strings.ToUpper), true
	case "lower":
		return stringFilter(strings.ToLower), true
	case "title":
		return stringFilter(titleCase), true
	case "capitalize":
		return stringFilter(capitalize), true
	case "trim":
		return stringFilter(strings.TrimSpace), true
	case "striptags":
		return stringFilter(stripTags), true
	case "escape":
		return stringFilter(html.EscapeString), true
	case "e":
		return stringFilter(html.EscapeString), true
	case "safe":
		return func(v any, _ args) (any, error) { return v, nil }, true
	case "string":
		return func(v any, _ args) (any, error) { return toString(v), nil }, true
	case "default":
		return filterDefault, true
	case "d":
		return filterDefault, true
	case "first":
		return func(v any, _ args) (any, error) { return pick(v, 0) }, true
	case "last":
		return func(v any, _ args) (any, error) { return pick(v, -1) }, true
	case "replace":
		return filterReplace, true
	case "round":
		return filterRound, true
	case "int":
		return filterInt, true
	case "float":
		return filterFloat, true
	case "abs":
		return filterAbs, true
	case "list":
		return filterList, true
	case "tojson":
		return filterJSON, true
	case "truncate":
		return filterTruncate, true
	case "sort":
		return filterSort, true
	case "unique":
		return filterUnique, true
	case "reverse":
		return filterReverse, true
	case "wordcount":
		return func(v any, _ args) (any, error) { return float64(len(strings.Fields(toString(v)))), nil }, true
	case "sum":
		return filterSum, true
	case "min":
		return func(v any, a args) (any, error) { return extreme(v, -1) }, true
	case "max":
		return func(v any, a args) (any, error) { return extreme(v, 1) }, true
	case "map":
		return filterMap, true
	}
	return nil, false
}

func stringFilter(f func(string) string) filterFunc {
	return func(v any, _ args) (any, error) { return f(toString(v)), nil }
}

func titleCase(s string) string {
	prev := ' '
	return strings.Map(func(r rune) rune {
		defer func() { prev = r }()
		if unicode.IsLetter(prev) {
			return unicode.ToLower(r)
		}
		return unicode.ToTitle(r)
	}, s)
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + strings.ToLower(s[n:])
}

func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

func asList(v any) ([]any, error) {
	switch x := v.(type) {
	case []any:
		return x, nil
	case nil, undefined:
		return nil, nil
	case string, map[string]any:
		return iterate(x, 0)
	}
	return nil, fmt.Errorf("%s %w", typeName(v), errNotList)
}

func filterJoin(v any, a args) (any, error) {
	items, err := asList(v)
	if err != nil {
		return nil, err
	}
	attr, hasAttr := a.kw["attribute"]
	parts := make([]string, len(items))
	for i, it := range items {
		if hasAttr {
			it = getItem(it, toString(attr))
		}
		parts[i] = toString(it)
	}
	return strings.Join(parts, toString(a.get(0, "d", ""))), nil
}

func filterLength(v any, _ args) (any, error) {
	switch x := v.(type) {
	case string:
		return float64(utf8.RuneCountInString(x)), nil
	case []any:
		return float64(len(x)), nil
	case map[string]any:
		return float64(len(x)), nil
	case nil, undefined:
		return float64(0), nil
	}
	return nil, fmt.Errorf("%s has no length", typeName(v))
}

func filterDefault(v any, a args) (any, error) {
	def := a.get(0, "default_value", "")
	_, isUndef := v.(undefined)
	if isUndef || (truthy(a.get(1, "boolean", false)) && !truthy(v)) {
		return def, nil
	}
	return v, nil
}

func pick(v any, i int) (any, error) {
	if s, ok := v.(string); ok {
		r := []rune(s)
		if j, ok := position(len(r), float64(i)); ok {
			return string(r[j]), nil
		}
		return undefined{}, nil
	}
	items, err := asList(v)
	if err != nil {
		return nil, err
	}
	return elemAt(items, float64(i)), nil
}

func filterReplace(v any, a args) (any, error) {
	n := -1
	if c, ok := toNumber(a.get(2, "count", nil)); ok {
		n = int(c)
	}
	return strings.Replace(toString(v), toString(a.get(0, "old", "")), toString(a.get(1, "new", "")), n), nil
}

func filterRound(v any, a args) (any, error) {
	f, ok := numberOf(v)
	if !ok {
		return nil, fmt.Errorf("cannot round %s", typeName(v))
	}
	prec, _ := toNumber(a.get(0, "precision", 0.0))
	p := math.Pow(10, math.Min(math.Max(prec, 0), 15))
	switch toString(a.get(1, "method", "common")) {
	case "floor":
		return math.Floor(f*p) / p, nil
	case "ceil":
		return math.Ceil(f*p) / p, nil
	}
	return math.Round(f*p) / p, nil
}

func numberOf(v any) (float64, bool) {
	if s, ok := v.(string); ok {
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return f, err == nil
	}
	return toNumber(v)
}

func filterInt(v any, a args) (any, error) {
	if f, ok := numberOf(v); ok {
		return math.Trunc(f), nil
	}
	return a.get(0, "default", 0.0), nil
}

func filterFloat(v any, a args) (any, error) {
	if f, ok := numberOf(v); ok {
		return f, nil
	}
	return a.get(0, "default", 0.0), nil
}

func filterAbs(v any, _ args) (any, error) {
	f, ok := toNumber(v)
	if !ok {
		return nil, fmt.Errorf("cannot take abs of %s", typeName(v))
	}
	return math.Abs(f), nil
}

func filterList(v any, _ args) (any, error) { return asList(v) }

func filterJSON(v any, _ args) (any, error) {
	if _, ok := v.(undefined); ok {
		v = nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

func filterTruncate(v any, a args) (any, error) {
	s := toString(v)
	n, _ := toNumber(a.get(0, "length", 255.0))
	end := toString(a.get(2, "end", "..."))
	leeway, _ := toNumber(a.get(3, "leeway", 5.0))
	r := []rune(s)
	if float64(len(r)) <= n+leeway {
		return s, nil
	}
	cut := max(int(n)-utf8.RuneCountInString(end), 0)
	out := string(r[:cut])
	if !truthy(a.get(1, "killwords", false)) {
		if i := strings.LastIndexByte(out, ' '); i > 0 {
			out = out[:i]
		}
	}
	return out + end, nil
}

func filterSort(v any, a args) (any, error) {
	items, err := asList(v)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(items)
	attr, hasAttr := a.kw["attribute"]
	key := func(x any) any {
		if hasAttr {
			return getItem(x, toString(attr))
		}
		return x
	}
	slices.SortStableFunc(out, func(x, y any) int {
		c, _ := compare(key(x), key(y))
		return c
	})
	if truthy(a.get(0, "reverse", false)) {
		slices.Reverse(out)
	}
	return out, nil
}

func filterUnique(v any, _ args) (any, error) {
	items, err := asList(v)
	if err != nil {
		return nil, err
	}
	var out []any
	for _, it := range items {
		if !slices.ContainsFunc(out, func(x any) bool { return equal(x, it) }) {
			out = append(out, it)
		}
	}
	return out, nil
}

func filterReverse(v any, _ args) (any, error) {
	if s, ok := v.(string); ok {
		r := []rune(s)
		slices.Reverse(r)
		return string(r), nil
	}
	items, err := asList(v)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(items)
	slices.Reverse(out)
	return out, nil
}

func filterSum(v any, a args) (any, error) {
	items, err := asList(v)
	if err != nil {
		return nil, err
	}
	total := 0.0
	for _, it := range items {
		if attr, ok := a.kw["attribute"]; ok {
			it = getItem(it, toString(attr))
		}
		f, ok := toNumber(it)
		if !ok {
			return nil, fmt.Errorf("cannot add %s", typeName(it))
		}
		total += f
	}
	return total, nil
}

func extreme(v any, sign int) (any, error) {
	items, err := asList(v)
	if err != nil || len(items) == 0 {
		return undefined{}, err
	}
	best := items[0]
	for _, it := range items[1:] {
		if c, ok := compare(it, best); ok && c*sign > 0 {
			best = it
		}
	}
	return best, nil
}

// filterMap supports map(attribute='name') and map('filter').
func filterMap(v any, a args) (any, error) {
	items, err := asList(v)
	if err != nil {
		return nil, err
	}
	out := make([]any, len(items))
	for i, it := range items {
		if attr, ok := a.kw["attribute"]; ok {
			out[i] = getItem(it, toString(attr))
			continue
		}
		f, ok := filterByName(toString(a.get(0, "", "")))
		if !ok {
			return nil, fmt.Errorf("map needs attribute= or the name of a filter")
		}
		if out[i], err = f(it, args{pos: a.pos[min(1, len(a.pos)):]}); err != nil {
			return nil, err
		}
	}
	return out, nil
}
