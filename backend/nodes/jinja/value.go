package jinja

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// undefined is a name or attribute that does not exist: it renders empty,
// is false, iterates as nothing and yields undefined for any attribute.
type undefined struct{ name string }

// normalize turns data into the plain values templates see: string,
// float64, bool, nil, map[string]any, []any (anything else through JSON).
func normalize(v any) any {
	switch x := v.(type) {
	case nil, string, bool, float64, undefined:
		return x
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case map[string]any:
		return normalizeMap(x)
	case []any:
		out := make([]any, len(x))
		for i, it := range x {
			out[i] = normalize(it)
		}
		return out
	case []string:
		out := make([]any, len(x))
		for i, it := range x {
			out[i] = it
		}
		return out
	}
	return viaJSON(v)
}

func normalizeMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = normalize(v)
	}
	return out
}

func viaJSON(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		return string(b)
	}
	return normalize(x)
}

func truthy(v any) bool {
	switch x := v.(type) {
	case nil, undefined:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case float64:
		return x != 0
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}

// toString renders a value as Jinja2 (Python) would: None, True, False,
// integers without ".0", lists and dicts in Python's repr.
func toString(v any) string {
	switch x := v.(type) {
	case undefined:
		return ""
	case string:
		return x
	}
	return repr(v)
}

func repr(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case undefined:
		return ""
	case bool:
		if x {
			return "True"
		}
		return "False"
	case float64:
		return formatNumber(x)
	case string:
		return "'" + strings.ReplaceAll(strings.ReplaceAll(x, `\`, `\\`), "'", `\'`) + "'"
	case []any:
		parts := make([]string, len(x))
		for i, it := range x {
			parts[i] = repr(it)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := sortedKeys(x)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = repr(k) + ": " + repr(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}

func formatNumber(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatFloat(f, 'f', 0, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "none"
	case undefined:
		return "undefined"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "list"
	case map[string]any:
		return "mapping"
	}
	return reflect.TypeOf(v).String()
}

func toNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// getItem reads a mapping key (or a list index given as text).
func getItem(obj any, key string) any {
	switch x := obj.(type) {
	case map[string]any:
		if v, ok := x[key]; ok {
			return v
		}
	case []any:
		if f, err := strconv.ParseFloat(key, 64); err == nil {
			return elemAt(x, f)
		}
	}
	return undefined{name: key}
}

// iterate lists what a for loop walks: list items, mapping keys (sorted),
// string characters.
func iterate(v any, line int) ([]any, error) {
	switch x := v.(type) {
	case nil, undefined:
		return nil, nil
	case []any:
		return x, nil
	case map[string]any:
		keys := sortedKeys(x)
		out := make([]any, len(keys))
		for i, k := range keys {
			out[i] = k
		}
		return out, nil
	case string:
		out := make([]any, 0, len(x))
		for _, r := range x {
			out = append(out, string(r))
		}
		return out, nil
	}
	return nil, renderErr(line, "cannot loop over %s", typeName(v))
}

func equal(a, b any) bool {
	if _, ok := a.(undefined); ok {
		_, ok2 := b.(undefined)
		return ok2
	}
	return reflect.DeepEqual(a, b)
}

// compare orders two numbers or two strings.
func compare(a, b any) (int, bool) {
	if x, ok := toNumber(a); ok {
		if y, ok := toNumber(b); ok {
			switch {
			case x < y:
				return -1, true
			case x > y:
				return 1, true
			}
			return 0, true
		}
	}
	x, ok1 := a.(string)
	y, ok2 := b.(string)
	if ok1 && ok2 {
		return strings.Compare(x, y), true
	}
	return 0, false
}

func contains(container, item any) (bool, error) {
	switch c := container.(type) {
	case string:
		s, ok := item.(string)
		if !ok {
			return false, fmt.Errorf("'in <string>' needs a string on the left, not %s", typeName(item))
		}
		return strings.Contains(c, s), nil
	case []any:
		return slices.ContainsFunc(c, func(x any) bool { return equal(x, item) }), nil
	case map[string]any:
		_, ok := c[toString(item)]
		return ok, nil
	case nil, undefined:
		return false, nil
	}
	return false, fmt.Errorf("cannot look into %s with 'in'", typeName(container))
}

func binary(op string, l, r any, line int) (any, error) {
	switch op {
	case "==":
		return equal(l, r), nil
	case "!=":
		return !equal(l, r), nil
	case "<", ">", "<=", ">=":
		return ordered(op, l, r, line)
	case "in", "not in":
		ok, err := contains(r, l)
		if err != nil {
			return nil, renderErr(line, "%v", err)
		}
		return ok == (op == "in"), nil
	case "~":
		return toString(l) + toString(r), nil
	}
	return arithmetic(op, l, r, line)
}

func ordered(op string, l, r any, line int) (any, error) {
	c, ok := compare(l, r)
	if !ok {
		return nil, renderErr(line, "cannot compare %s with %s", typeName(l), typeName(r))
	}
	switch op {
	case "<":
		return c < 0, nil
	case ">":
		return c > 0, nil
	case "<=":
		return c <= 0, nil
	}
	return c >= 0, nil
}

func arithmetic(op string, l, r any, line int) (any, error) {
	if op == "+" {
		if sum, ok := concat(l, r); ok {
			return sum, nil
		}
	}
	x, ok1 := toNumber(l)
	y, ok2 := toNumber(r)
	if !ok1 || !ok2 {
		return nil, renderErr(line, "cannot apply %s to %s and %s", op, typeName(l), typeName(r))
	}
	if y == 0 && (op == "/" || op == "//" || op == "%") {
		return nil, renderErr(line, "division by zero")
	}
	switch op {
	case "+":
		return x + y, nil
	case "-":
		return x - y, nil
	case "*":
		return x * y, nil
	case "/":
		return x / y, nil
	case "//":
		return math.Floor(x / y), nil
	}
	return x - y*math.Floor(x/y), nil // Python's modulo takes the divisor's sign
}

func concat(l, r any) (any, bool) {
	if a, ok := l.(string); ok {
		if b, ok := r.(string); ok {
			return a + b, true
		}
	}
	if a, ok := l.([]any); ok {
		if b, ok := r.([]any); ok {
			return append(slices.Clip(a), b...), true
		}
	}
	return nil, false
}
