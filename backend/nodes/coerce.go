package nodes

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"lexflow/backend/engine"
	"lexflow/backend/evidence"
	"lexflow/backend/nodes/tools"
)

var (
	thousands     = regexp.MustCompile(`^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$`)
	leadingNumber = regexp.MustCompile(`^[-+]?\d+(\.\d+)?`)
)

// foldNumber writes a number the way strconv reads it: Western digits,
// "." for the decimal separator, no thousands separators ("١٬٢٠٠" and
// "1,200" are 1200).
func foldNumber(s string) string {
	s = strings.TrimSpace(evidence.FoldDigits(s))
	s = strings.NewReplacer("٫", ".", "٬", "").Replace(s)
	if thousands.MatchString(s) {
		s = strings.ReplaceAll(s, ",", "")
	}
	return s
}

// parseNumber reads a number a model wrote: "12", "1,200", "١٢", or a
// number leading a phrase ("30 days").
func parseNumber(v any) (float64, error) {
	switch x := v.(type) {
	case float64:
		return x, nil
	case string:
		s := foldNumber(x)
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f, nil
		}
		if m := leadingNumber.FindString(s); m != "" {
			return strconv.ParseFloat(m, 64)
		}
	}
	return 0, fmt.Errorf("%s is not a number", show(v))
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// coerce converts an extracted value to a parameter's type.
func coerce(p extractParam, v any) (engine.Value, error) {
	switch p.Type {
	case "string":
		return engine.String(scalarText(v)), nil
	case "number":
		f, err := parseNumber(v)
		return engine.Number(f), err
	case "bool", "boolean":
		b, ok := boolOf(engine.ValueOf(v))
		if !ok {
			return engine.Value{}, fmt.Errorf("%s is not true or false", show(v))
		}
		return engine.Bool(b), nil
	case "select":
		return selectOption(p.Options, scalarText(v))
	}
	return coerceArray(p.Type, v)
}

// scalarText is a value as text: strings as is, others as JSON.
func scalarText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return engine.ValueOf(v).Text()
}

func selectOption(options []string, s string) (engine.Value, error) {
	want := tools.NormalizeText(s)
	for _, o := range options {
		if tools.NormalizeText(o) == want {
			return engine.String(o), nil
		}
	}
	return engine.Value{}, fmt.Errorf("%q is not one of %s", s, quoted(options))
}

func coerceArray(typ string, v any) (engine.Value, error) {
	items := asItems(v)
	elem := engine.Type(typ).Elem()
	out := make([]any, 0, len(items))
	for i, it := range items {
		c, err := coerceElem(elem, it)
		if err != nil {
			return engine.Value{}, fmt.Errorf("item %d: %w", i+1, err)
		}
		out = append(out, c)
	}
	return engine.Array(elem, out), nil
}

// asItems reads a list: a JSON list, a JSON list in a string, or a single value.
func asItems(v any) []any {
	switch x := v.(type) {
	case []any:
		return x
	case string:
		var items []any
		if json.Unmarshal([]byte(x), &items) == nil {
			return items
		}
		if strings.TrimSpace(x) == "" {
			return nil
		}
	}
	return []any{v}
}

func coerceElem(elem engine.Type, v any) (any, error) {
	switch elem {
	case engine.TypeString:
		return scalarText(v), nil
	case engine.TypeNumber:
		return parseNumber(v)
	case engine.TypeObject:
		if m, ok := v.(map[string]any); ok {
			return m, nil
		}
		return nil, fmt.Errorf("%s is not an object", show(v))
	}
	return v, nil
}

// paramType is the declared output type of an extractor parameter.
func paramType(t string) (engine.Type, bool) {
	switch t {
	case "string", "select":
		return engine.TypeString, true
	case "number":
		return engine.TypeNumber, true
	case "bool", "boolean":
		return engine.TypeBool, true
	case "array[string]", "array[number]", "array[object]":
		return engine.Type(t), true
	}
	return "", false
}
