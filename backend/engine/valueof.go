package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// ValueOf infers a typed Value from a Go value: strings, numbers, booleans,
// maps, slices, Files and Values. Anything else is converted through JSON, so
// a node may return its own structs. nil gives the zero (absent) Value.
func ValueOf(x any) Value {
	switch t := x.(type) {
	case nil:
		return Value{}
	case Value:
		return t
	case string:
		return String(t)
	case bool:
		return Bool(t)
	case float64:
		return Number(t)
	case json.Number:
		f, err := t.Float64()
		if err != nil {
			return String(t.String())
		}
		return Number(f)
	case map[string]any:
		return Object(t)
	case File:
		return FileValue(t)
	case []File:
		return Files(t)
	case []string:
		return Strings(t)
	case []any:
		return Array(elemType(t), normalizeItems(t))
	}
	return valueOfReflect(x)
}

// valueOfReflect handles the remaining numeric kinds directly and everything
// else through a JSON round trip.
func valueOfReflect(x any) Value {
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return Number(float64(rv.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return Number(float64(rv.Uint()))
	case reflect.Float32:
		return Number(rv.Float())
	}
	b, err := json.Marshal(x)
	if err != nil {
		return String(fmt.Sprint(x))
	}
	var generic any
	if err := json.Unmarshal(b, &generic); err != nil {
		return String(string(b))
	}
	return ValueOf(generic)
}

// normalizeItems converts nested numbers so every element is a plain JSON-like
// value; Files stay Files.
func normalizeItems(items []any) []any {
	out := make([]any, len(items))
	for i, it := range items {
		switch it.(type) {
		case string, bool, float64, nil, map[string]any, []any, File:
			out[i] = it
		default:
			out[i] = ValueOf(it).Any()
		}
	}
	return out
}

// elemType is the common element type of a slice, or TypeAny when mixed.
func elemType(items []any) Type {
	var common Type
	for _, it := range items {
		t := ValueOf(it).Type()
		if common == "" {
			common = t
		} else if common != t {
			return TypeAny
		}
	}
	if common == "" || common.IsArray() {
		return TypeAny
	}
	return common
}

// Zero is the empty value of a declared type, used for default outputs.
func Zero(t Type) Value {
	switch t {
	case TypeString, TypeSecret:
		return String("")
	case TypeNumber:
		return Number(0)
	case TypeBool:
		return Bool(false)
	case TypeObject:
		return Object(map[string]any{})
	case TypeFile:
		return FileValue(File{})
	}
	if t.IsArray() {
		return Array(t.Elem(), []any{})
	}
	return Value{}
}

// conforms reports whether a runtime value satisfies a declared type.
func conforms(v Value, want Type) bool {
	if v.IsZero() || want == TypeAny || want == "" {
		return true
	}
	got := v.Type()
	if got.IsArray() && want.IsArray() {
		items, _ := v.v.([]any)
		return want == TypeArrayAny || got == want || len(items) == 0
	}
	return got.AssignableTo(want)
}
